/// Every key and what it does, in words: one list for the `?` overlay and for `--help`,
/// kept beside `AppState.apply`, which gives the keys their meaning.
public enum KeyHelp {
    public static let entries: [(keys: String, action: String)] = [
        ("j k ↓ ↑", "next, previous post"),
        ("Space PgDn  b PgUp", "page down, up"),
        ("d u", "half a page down, up"),
        ("g Home  G End", "first, last post"),
        ("Enter", "expand or collapse the post"),
        ("l", "like or unlike"),
        ("o", "show and open the post's link"),
        ("r", "reload; while loading, back to the rows"),
        ("p", "pause or resume the animation"),
        ("Ctrl-L", "redraw the screen"),
        ("?", "all the keys, in an overlay"),
        ("q Esc Ctrl-C", "quit"),
        ("mouse", "wheel scrolls, click selects"),
    ]
}
