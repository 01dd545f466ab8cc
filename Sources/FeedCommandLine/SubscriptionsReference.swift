/// The subscriptions file's words, for the manual (shimmerfeed-config(5)) and for the
/// message about a setting a source does not take: one list, which the parser's cases
/// follow (a test reads each example back).
extension Subscriptions {
    /// What a line may say.
    static let lines: [(line: String, meaning: String)] = [
        (
            "SOURCE [TITLE…] [SETTING…]",
            "a source, as on the command line (a file, an http:// or https:// URL, an OPML file of feeds), then "
                + "the title to show for it, and its settings (below)"
        ),
        (
            "search \"QUERY\" [TITLE…] [SETTING…]",
            "a saved search: the store's posts that hold every word of QUERY, as a source of its own (also "
                + "search:QUERY as a SOURCE on the command line)"
        ),
        (
            "ttrss URL [SETTING…]",
            "a Tiny Tiny RSS account signed in with login --ttrss, standing for its feeds, each a source tagged "
                + "by its category"
        ),
        ("refresh INTERVAL", "the default refresh of every source (30s, 5m, 1h; from 5 s to a day), as --refresh"),
        ("# …", "a comment, to the end of the line; a word with spaces is quoted"),
    ]

    /// A source's settings, `name=value` after it, with an example of each.
    static let settings: [(name: String, example: String, meaning: String)] = [
        (
            "account", "account=@me@server.example",
            "read it with an account signed in with login, where several could"
        ),
        (
            "images", "images=none",
            "its pictures: none, cells or auto, over --images"
        ),
        ("keep", "keep=200", "how many of its posts the store keeps (1 to 100000)"),
        (
            "mute", "mute=\"super bowl\"",
            "hide its posts that hold a word or phrase; also mute=\"author @ada\", mute=\"source NAME\", "
                + "mute=/REGEX/"
        ),
        ("refresh", "refresh=15m", "its own refresh interval (never sooner than its server allows)"),
        ("stream", "stream=off", "on or off: whether a timeline that can be kept live is (as --no-stream)"),
        (
            "tag", "tag=tech/swift",
            "file it under a tag, as often as it has tags (quoted with spaces, nested with /); the sources view "
                + "groups by them, --tag opens one"
        ),
        (
            "token", "token=$SERVER_TOKEN",
            "read it with the bearer token the environment variable holds (never the token itself, which anyone "
                + "who reads the file would read)"
        ),
    ]
}
