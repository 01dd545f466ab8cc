import FeedCore
import FeedNetwork
import FeedTransport
import FoundationEssentials

/// Mastodon: timelines of its API read with an account or a token (or without, where the
/// server serves them to anyone), favourites, boosts, bookmarks and votes, posts and
/// replies, threads, notifications, live timelines and the read position; signed in to
/// with OAuth in the browser. Its servers are anywhere: the registry asks it last of the
/// networks with accounts.
public struct Mastodon: Network {
    public static let id = NetworkID.mastodon

    public init() {}

    static let words = NetworkWords(
        name: "Mastodon", like: "favourite", boost: "boost", bookmark: "bookmark", boostedBy: "boosted by",
        lacking: [.quote: "Mastodon has no quote posts to write here."])

    public var traits: NetworkTraits {
        NetworkTraits(
            id: Self.id, words: Self.words,
            capabilities: [
                .like, .boost, .bookmark, .vote, .reply, .post, .thread, .notifications, .live, .readPosition,
            ])
    }

    /// Statuses, and notifications.
    static let jsonFormats: [any JSONPostFormat] = [MastodonStatusesFormat(), MastodonNotificationsFormat()]

    public var formats: DocumentFormats { DocumentFormats(json: Self.jsonFormats) }

    public var signIns: [CommandLineVocabulary.SignIn] {
        [.init(usage: "login SERVER", summary: "sign in to a Mastodon server (a host, or https://…)")]
    }

    /// Any server: Mastodon's are anywhere.
    public func signsIn(at server: String) -> Bool { true }

    public func signIn(at server: String, console: any SignInConsole, client: HTTPClient) async throws -> Account {
        try await MastodonBrowserSignIn(server: try MastodonSignIn.server(server), console: console, client: client)
            .run()
    }

    public func accounts(_ accounts: [Account], signedOutAt server: String) -> [Account] {
        guard let server = try? MastodonSignIn.server(server) else { return [] }
        return accounts.filter { $0.network == Self.id && $0.server == server }
    }

    public func signOut(_ account: Account, client: HTTPClient) async throws -> String {
        do {
            try await MastodonSignIn.revoke(account, client: client)
        } catch {
            throw SignInRefused(
                "the token could not be revoked on \(account.host) (\(error)); the account is kept. "
                    + "Try again, or revoke it in the server's settings (Authorized apps).")
        }
        return "Signed out of \(account.host): \(handle(of: account))'s token is revoked and forgotten."
    }

    public func handle(of account: Account) -> String {
        "@\(account.username)@\(account.host)"
    }

    public func signedIn(_ account: Account, keptIn path: String) -> String {
        let name = account.displayName.map { " (\($0))" } ?? ""
        return "Signed in to \(account.host) as \(handle(of: account))\(name). The account is kept in \(path)."
    }

    public func reader(_ context: NetworkContext) -> any NetworkReader {
        MastodonReader(context: context)
    }
}
