import FeedCore

/// The configuration file's own lines, besides the options: the parser reads their first
/// words, and shimmerfeed-config(5) says what each does.
extension Configuration {
    /// What each line may say.
    static let lines: [(line: String, meaning: String)] = [
        (
            "bind KEY ACTION",
            "KEY does ACTION, instead of what it did; a key two `bind` lines give two actions is an error naming "
                + "both lines"
        ),
        ("unbind KEY", "KEY does nothing (Ctrl-C always quits: it cannot be bound or unbound)"),
        (
            "password-command \"COMMAND\"",
            "a reader server's password (tt-rss's), as the first line COMMAND prints (`pass show ttrss`), asked "
                + "when the server's session ends; with it, `login --ttrss` keeps no password in the accounts file"
        ),
        (
            "mute WORD…",
            "hide every post that holds each word whole (a quoted phrase is one), in its title, text, author or "
                + "source, case and accents aside"
        ),
        (
            "mute author @HANDLE",
            "hide an author's posts: `@ada` on any server, `@ada@social.example`, or a quoted name"
        ),
        ("mute source NAME", "hide a source's posts, by the name the subscriptions file gives it or its address"),
        ("mute /REGEX/", "hide the posts whose title, text, author or source the expression matches, case aside"),
        (
            "theme auto|dark|light",
            "the colours for a dark or a light background (auto, the default: the one for the background the "
                + "terminal reports, else dark)"
        ),
        (
            "color ELEMENT FOREGROUND [BACKGROUND] [bold] [dim] [underline] [reverse]",
            "an element's colours over the theme's, at every colour depth: a colour is a name (`black`, `red`, "
                + "`green`, `yellow`, `blue`, `magenta`, `cyan`, `white`, each also `bright-…`, `grey`, and "
                + "`default` for the terminal's own), 0 to 255, or `#rrggbb`, drawn as the nearest the terminal has"
        ),
    ]

}
