/// What the manual lists besides the options, the commands, the keys and the configuration's
/// words: the environment read, the files kept, the exit statuses, examples. One list each,
/// for `--help`, the manual and the completions; a test holds the environment's to the
/// names the code reads.
public enum ManualFacts {
    /// A name and what it means: an environment variable, a file, an exit status, an
    /// example's command line.
    public struct Entry: Hashable, Sendable {
        public var name: String
        public var meaning: String

        init(_ name: String, _ meaning: String) {
            self.name = name
            self.meaning = meaning
        }
    }

    public static let environment: [Entry] = [
        Entry(
            "XDG_CONFIG_HOME",
            "where the configuration, the subscriptions file and the accounts file are (in shimmerfeed/), else "
                + "~/.config"),
        Entry("XDG_STATE_HOME", "where the store and the drafts are (in shimmerfeed/), else ~/.local/state"),
        Entry(
            "XDG_CACHE_HOME",
            "where the pictures' bytes and a reader server's feed list are kept (in shimmerfeed/), else ~/.cache"),
        Entry("HOME", "the folder the defaults above are in"),
        Entry(
            "NO_COLOR",
            "set and not empty: draw without colour (the skeleton in shade characters), unless --color says "
                + "otherwise"),
        Entry("SHIMMERFEED_ANIMATIONS", "none: no animation, unless --animation says otherwise"),
        Entry("SHIMMERFEED_ACCESSIBLE", "1, yes, true or on: as --accessible"),
        Entry("SHIMMERFEED_IMAGES", "as --images, unless --images is given"),
        Entry("SHIMMERFEED_BLUESKY_APPVIEW", "another Bluesky AppView to read from, instead of Bluesky's own"),
        Entry(
            "SHIMMERFEED_BLUESKY_POLL",
            "seconds (5 at least) between two asks of a Bluesky timeline kept live, instead of 60"),
        Entry("SSL_CERT_FILE", "a file of certificates to trust for https, instead of the system's store"),
        Entry("http_proxy, https_proxy, no_proxy", "the proxies libcurl uses, as for every program that uses it"),
        Entry("SSH_CONNECTION, SSH_TTY", "set: the terminal is far away, and the shimmer's default is the pulse"),
        Entry("TERM, COLORTERM", "what the terminal is and how many colours it has, with what it answers"),
        Entry("COLORFGBG", "the background's colour (rxvt, Konsole), where the terminal does not answer"),
        Entry("TMUX, TMUX_PANE", "inside tmux: pictures pass through it, where its allow-passthrough is on"),
        Entry("VISUAL, EDITOR", "the editor of a reply or a new post (else vi), through the shell"),
        Entry("PAGER", "what | pipes a post to (else less)"),
        Entry("BROWSER", "what o opens a link with (else xdg-open)"),
        Entry("TMPDIR", "where a post piped to the pager is written first (else /tmp)"),
        Entry("PATH", "where xdg-open and the other programs run are found"),
        Entry("MALLOC_ARENA_MAX", "set: the C library's arenas as it says; else one, for less memory"),
    ]

    public static let files: [Entry] = [
        Entry(
            "$XDG_CONFIG_HOME/shimmerfeed/config",
            "the configuration (else ~/.config/shimmerfeed/config, or --config FILE): shimmerfeed-config(5)"),
        Entry(
            "$XDG_CONFIG_HOME/shimmerfeed/feeds",
            "the subscriptions file: a source a line, read when no SOURCE is given: shimmerfeed-config(5)"),
        Entry(
            "$XDG_CONFIG_HOME/shimmerfeed/accounts",
            "the accounts signed in with login, and their tokens: JSON, the file 0600 in a folder 0700"),
        Entry(
            "$XDG_STATE_HOME/shimmerfeed/store.sqlite3",
            "the store (else ~/.local/state/shimmerfeed/store.sqlite3, or --store PATH): posts, read marks, "
                + "validators, the actions waiting to be sent; a damaged one is moved aside as "
                + "store.sqlite3.broken-TIME, never deleted"),
        Entry(
            "$XDG_STATE_HOME/shimmerfeed/drafts/",
            "the drafts of replies and posts, each a file 0600, kept until sent"),
        Entry(
            "$XDG_CACHE_HOME/shimmerfeed/pictures/",
            "the pictures' bytes (else ~/.cache/shimmerfeed/pictures/), at most 100 MB, the oldest dropped first"),
        Entry(
            "$XDG_CACHE_HOME/shimmerfeed/ttrss/",
            "each tt-rss account's feed list, for starts with --offline"),
    ]

    public static let exitStatuses: [Entry] = [
        Entry("0", "quit, or the command did what it was asked"),
        Entry("1", "--dump could not load the feed; reload: a source failed; login or logout: refused"),
        Entry(
            "2",
            "a usage or terminal problem: an unknown option, a configuration that cannot be read, output not a "
                + "terminal, TERM unset, unknown or dumb"),
        Entry("128+N", "ended by signal N (130 for Ctrl-C, 143 for SIGTERM), the terminal restored"),
    ]

    public static let examples: [Entry] = [
        Entry("shimmerfeed", "the subscriptions file's sources, else the accounts' home timelines, else the sample"),
        Entry("shimmerfeed feed.json", "a file"),
        Entry(
            "curl -s https://example.org/feed.json | shimmerfeed -",
            "standard input; the keys still come from "
                + "the terminal"),
        Entry(
            "shimmerfeed --refresh 5m https://blog.example/feed.xml exported.opml",
            "a feed and an OPML file's feeds in one timeline, asked every five minutes"),
        Entry("shimmerfeed https://bsky.app/profile/chriskenny.bsky.social", "a Bluesky profile's posts"),
        Entry("shimmerfeed login mastodon.social", "sign in to a Mastodon server"),
        Entry("shimmerfeed --tag news --unread", "the unread posts of the sources tagged news"),
        Entry("shimmerfeed print --json --unread | jq -r .link", "the unread posts' links, from the store"),
        Entry("shimmerfeed export opml > feeds.opml", "the subscriptions, for another reader"),
        Entry("shimmerfeed --dump --svg --size 80x24 > frame.svg", "a picture of the loaded screen"),
    ]
}
