import FeedCore

/// One command of the command line (`shimmerfeed logout SERVER`): its words and what it
/// does. `CommandLineCommand.all` is the one list: `--help`, the manual and the shell
/// completions come from it, and a test holds the parser to it.
public struct CommandLineCommand: Hashable, Sendable {
    /// The words after `shimmerfeed`: `logout SERVER`.
    public var usage: String
    /// What it does, for `--help`.
    public var summary: String
    /// More for the manual, when there is more to say.
    public var detail: String?

    public init(usage: String, summary: String, detail: String? = nil) {
        self.usage = usage
        self.summary = summary
        self.detail = detail
    }

    /// The word that names it: `logout`.
    public var word: String { String(usage.prefix { $0 != " " }) }

    /// The ways to sign in the networks give, then the rest.
    public static func all(_ vocabulary: CommandLineVocabulary) -> [CommandLineCommand] {
        vocabulary.signIns.map { CommandLineCommand(usage: $0.usage, summary: $0.summary) } + rest
    }

    private static let rest: [CommandLineCommand] = [
        CommandLineCommand(
            usage: "logout SERVER", summary: "revoke its token there and forget the account",
            detail:
                "SERVER as `accounts` lists it (a host, `bsky.social`, a tt-rss address); a reader server's session "
                + "is ended on the server"),
        CommandLineCommand(
            usage: "accounts", summary: "the accounts signed in, one a line",
            detail:
                "each line the address `logout` takes, the network, and the name there, apart by tabs; nothing "
                + "secret is printed"),
        CommandLineCommand(usage: "keys", summary: "every action a key may be bound to, and its keys"),
        CommandLineCommand(
            usage: "reload", summary: "every subscription into the store, for cron (1 if any fails)",
            detail:
                "each feed asked once (at most 8 at a time, each request conditional), the answers kept in the "
                + "store; a line for each source that fails (\"Missing: HTTP 404 Not Found from …\"); exit status 1 "
                + "if any failed, 0 otherwise, 2 without a store"),
        CommandLineCommand(
            usage: "unread", summary: "the unread count, from the store",
            detail: "the posts the store holds unread, muted posts left out, as the status line counts them"),
        CommandLineCommand(
            usage: "print [--lines|--json|--paragraphs] [--unread]", summary: "the stored timeline",
            detail:
                "each post, newest first, as tab-separated fields: time (ISO 8601, UTC), source, author, title "
                + "(else the text's first line), link. `--json` writes JSON Lines instead: `id`, `time`, `source`, "
                + "`author`, `handle`, `title`, `text`, `link`, `unread`, `likes`, `links` and `network` "
                + "(`bluesky`, `mastodon`, or `null` for a web feed's post), every key in every line (`null` where "
                + "a post has none). `--paragraphs` writes a paragraph a post, each field on a line of its own "
                + "with its label (`Source:`, `Author:`, `Time:`, `Title:`, `Text:`, `Attachment:`, `Likes:`, "
                + "`Unread:`, `Link:`, `Links:`), the text's further lines indented, a blank line between posts: "
                + "the default with --accessible. `--unread` keeps the unread posts alone"),
        CommandLineCommand(
            usage: "export opml", summary: "the subscriptions as OPML 2.0",
            detail:
                "the subscriptions with a web address (`outline type=\"rss\"`, `text`, `title`, `xmlUrl`), for "
                + "newsboat -i and other readers (a test has newsboat import it); files and saved searches are "
                + "named on standard error as left out"
        ),
    ]
}
