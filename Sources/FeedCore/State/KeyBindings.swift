/// What a key does. `AppState` gives each its meaning.
public enum KeyAction: Hashable, Sendable {
    case next, previous, pageDown, pageUp, halfPageDown, halfPageUp, first, last
    case toggleExpanded, like, boost, bookmark, thread, reply, compose, openLink, reload, pause, redraw, help, quit
    case nextUnread, toggleRead, markAllRead, search, notifications
    case scrollDown, scrollUp, select
}

/// Every key, written once: the keys, what they do, and the words for them. The `?`
/// overlay, `--help` and the README's key table all come from this list (a test holds the
/// README to it), and `AppState` looks keys up here.
public struct KeyBinding: Sendable {
    /// The keys as the help shows them: words, with two spaces between groups.
    public var label: String
    /// What they do, in a few words, for the overlay and `--help`.
    public var summary: String
    /// More for the README, when there is more to say.
    public var detail: String?
    public var keys: [Key: KeyAction]

    public static let all: [KeyBinding] = [
        KeyBinding(
            label: "j k ↓ ↑", summary: "next, previous post",
            detail: "a post taller than the screen scrolls through first",
            keys: [.character("j"): .next, .down: .next, .character("k"): .previous, .up: .previous]),
        KeyBinding(
            label: "Space f PgDn  b PgUp", summary: "page down, up",
            keys: [
                .character(" "): .pageDown, .character("f"): .pageDown, .pageDown: .pageDown,
                .character("b"): .pageUp, .pageUp: .pageUp,
            ]),
        KeyBinding(
            label: "d Ctrl-D  u Ctrl-U", summary: "half a page down, up",
            keys: [
                .character("d"): .halfPageDown, .control("d"): .halfPageDown, .character("u"): .halfPageUp,
                .control("u"): .halfPageUp,
            ]),
        KeyBinding(
            label: "g Home  G End", summary: "first, last post",
            keys: [.character("g"): .first, .home: .first, .character("G"): .last, .end: .last]),
        KeyBinding(
            label: "Enter", summary: "expand or collapse the post",
            detail:
                "the whole content of the selected post, or back to its first lines; in a Mastodon poll you may "
                + "vote in (read with an account), the number keys choose, and Enter sends the vote",
            keys: [.enter: .toggleExpanded]),
        KeyBinding(
            label: "l  B  m", summary: "like, boost, bookmark; again undoes",
            detail:
                "on a Mastodon timeline read with an account, a favourite, boost or bookmark (⚑) on the server: "
                + "shown at once, pulsing until the server answers, taken back with the reason if it refuses, "
                + "and kept to send at the next chance if it cannot be reached; elsewhere `l` likes here only, "
                + "across reloads, and with the store between runs",
            keys: [.character("l"): .like, .character("B"): .boost, .character("m"): .bookmark]),
        KeyBinding(
            label: "t  R  c  i", summary: "thread; reply; new post; notifications",
            detail:
                "on a Mastodon timeline: `t` pushes the post's thread over the timeline (the posts it answers "
                + "above, the replies below, indented by depth, skeleton rows while they load; Esc comes back as "
                + "it was); with an account, `R` and `c` open `$VISUAL`, else `$EDITOR`, else `vi`, as `git commit` "
                + "does, with lines for the content warning, visibility and language (an empty text cancels); the "
                + "post shows at once, sending, and a draft that could not be posted is kept; `i` pushes the "
                + "notifications of the account that reads the post's source (mentions with their status, favourites "
                + "and boosts grouped, follows, follow requests, polls ended, edits), which the status line counts "
                + "on every view until they are seen",
            keys: [
                .character("t"): .thread, .character("R"): .reply, .character("c"): .compose,
                .character("i"): .notifications,
            ]),
        KeyBinding(
            label: "n", summary: "next unread post",
            detail: "after the selection, else from the top; with the store, read marks are kept between runs",
            keys: [.character("n"): .nextUnread]),
        KeyBinding(
            label: "N", summary: "mark the post read or unread",
            detail: "a post is read once opened, expanded, or scrolled past above the screen",
            keys: [.character("N"): .toggleRead]),
        KeyBinding(label: "A", summary: "mark every post read", keys: [.character("A"): .markAllRead]),
        KeyBinding(
            label: "/", summary: "search as you type",
            detail:
                "the rows narrow to the posts whose title, text, author or source hold every word typed, the "
                + "matches marked; with the store, stored posts the feeds no longer list match too; Enter keeps "
                + "the search, Esc clears it, Backspace and Ctrl-U edit it, the arrow and page keys move",
            keys: [.character("/"): .search]),
        KeyBinding(
            label: "o", summary: "show and open the post's link",
            detail:
                "in the status line, and with `$BROWSER` or `xdg-open`: the URL is one argument to the program, never a shell's; http and https only",
            keys: [.character("o"): .openLink]),
        KeyBinding(
            label: "r", summary: "reload; while loading, back to the rows",
            detail:
                "the rows become their skeleton while every source reloads, and the new rows fade in; while loading, the loads are cancelled and the rows come back, with what had answered",
            keys: [.character("r"): .reload]),
        KeyBinding(label: "p", summary: "pause or resume the animation", keys: [.character("p"): .pause]),
        KeyBinding(label: "Ctrl-L", summary: "redraw the screen", keys: [.control("l"): .redraw]),
        KeyBinding(
            label: "?", summary: "all the keys, in an overlay", detail: "any key closes it",
            keys: [.character("?"): .help]),
        KeyBinding(
            label: "q Esc Ctrl-C", summary: "quit", detail: "the terminal is left as it was; Esc first clears a search",
            keys: [.character("q"): .quit, .escape: .quit, .control("c"): .quit]),
        KeyBinding(
            label: "mouse", summary: "wheel scrolls, click selects",
            keys: [.wheelDown: .scrollDown, .wheelUp: .scrollUp]),
    ]

    /// What `key` does; nil for a key bound to nothing.
    public static func action(for key: Key) -> KeyAction? {
        if case .click = key { return .select }
        for binding in all {
            if let action = binding.keys[key] { return action }
        }
        return nil
    }

    /// The README's key table, in Markdown.
    public static var markdownTable: String {
        var lines = ["| key | does |", "| --- | --- |"]
        for binding in all {
            let keys = binding.label.components(separatedBy: "  ").map { group in
                group.split(separator: " ").map { $0 == "mouse" ? "mouse" : "`\($0)`" }.joined(separator: " ")
            }.joined(separator: ", ")
            let does = binding.detail.map { "\(binding.summary): \($0)" } ?? binding.summary
            lines.append("| \(keys) | \(does) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
