import FeedCore
import FeedNetwork
import FeedTransport
import FoundationEssentials

/// Tiny Tiny RSS, a reader server: it keeps the reader's subscriptions and read state, and
/// fetches the feeds, for every device the reader reads on. Signed in
/// (`login --ttrss URL`), its feeds are sources, its categories their tags; what is read,
/// and what is starred, here goes there, and what was read elsewhere shows here.
///
/// Shaped for more reader servers: what is tt-rss's (its API, its session, its words) is in
/// this module only. Another (the Google Reader API of FreshRSS and Miniflux) would be a
/// module beside it, answering the same `Network`, `ServerActor` and `ReadStateServer`.
public struct TinyTinyRSS: Network {
    public static let id = NetworkID("ttrss")

    public init() {}

    static let words = NetworkWords(
        name: "tt-rss", like: "star", boost: "share", bookmark: "bookmark", boostedBy: "shared by",
        lacking: [
            .boost: "A tt-rss article cannot be shared from here.",
            .bookmark: "tt-rss keeps stars, not bookmarks: l stars the article.",
            .thread: "A tt-rss article has no thread.",
            .reply: "A tt-rss article cannot be replied to.",
            .post: "tt-rss is a reader: there is nothing to post to.",
            .quote: "A tt-rss article cannot be quoted here.",
            .vote: "tt-rss articles have no polls.",
        ])

    public var traits: NetworkTraits {
        NetworkTraits(id: Self.id, words: Self.words, capabilities: [.like, .readPosition])
    }

    public var formats: DocumentFormats { DocumentFormats(json: []) }

    public var signIns: [CommandLineVocabulary.SignIn] {
        [.init(usage: "login --ttrss URL", summary: "sign in to Tiny Tiny RSS, which keeps feeds and read state")]
    }

    /// tt-rss lives at any address: it is signed in to only when named (`--ttrss`).
    public func signsIn(at server: String) -> Bool { false }

    public func signIn(at server: String, console: any SignInConsole, client: HTTPClient) async throws -> Account {
        let address = try TTRSSSignIn.address(server)
        console.say("Signing in to Tiny Tiny RSS at \(Self.shown(address)).")
        guard let username = console.ask("User name: ", secret: false)?.trimmingWhitespace(), !username.isEmpty else {
            throw SignInRefused("no user name given")
        }
        guard let password = console.ask("Password: ", secret: true), !password.isEmpty else {
            throw SignInRefused("no password given")
        }
        let api = TTRSSAPI(server: address, client: client)
        do {
            let session = try await TTRSSSignIn.login(api: api, username: username, password: password)
            var account = Account(
                network: Self.id, server: address, username: TextSanitizer.singleLine(username), displayName: nil,
                token: session)
            account.password = password
            return account
        } catch .refused(let refusal) {
            throw SignInRefused(TTRSSSignIn.explained(refusal, server: address))
        } catch .failed(let failure) {
            throw SignInRefused("\(Self.shown(address)): \(failure.message)")
        }
    }

    /// The accounts at `server` (as `login` was given it, or their handle).
    public func accounts(_ accounts: [Account], signedOutAt server: String) -> [Account] {
        let address = try? TTRSSSignIn.address(server)
        return accounts.filter {
            $0.network == Self.id
                && ($0.server == address || handle(of: $0) == server || "@" + handle(of: $0) == server)
        }
    }

    /// Ends the session on the server (`logout`); an unreachable server keeps it until it
    /// expires there, which is said.
    public func signOut(_ account: Account, client: HTTPClient) async throws -> String {
        struct Done: Decodable {}
        let api = TTRSSAPI(server: account.server, client: client)
        do {
            _ = try await api.call("logout", sid: account.token, as: Done.self)
        } catch .refused(.notLoggedIn) {
            // Ended already.
        } catch .refused(let refusal) {
            throw SignInRefused(TTRSSSignIn.explained(refusal, server: account.server))
        } catch .failed(let failure) {
            return "Signed out of tt-rss: \(handle(of: account)) forgotten here, and its password with it. "
                + "The server could not be told (\(failure.message)): its session ends there when it expires."
        }
        return "Signed out of tt-rss: the session at \(Self.shown(account.server)) ended, and \(handle(of: account)) "
            + "forgotten here, with its password."
    }

    public func handle(of account: Account) -> String {
        Self.handle(username: account.username, server: account.server)
    }

    /// `ada@rss.example/tt-rss`: the user at the address.
    static func handle(username: String, server: String) -> String {
        "\(username)@\(shown(server))"
    }

    /// An address as messages show it: without `https://`.
    static func shown(_ server: String) -> String {
        server.hasPrefix("https://") ? String(server.dropFirst("https://".count)) : server
    }

    public func signedIn(_ account: Account, keptIn path: String) -> String {
        let password =
            account.password == nil
            ? "No password is kept: password-command gives it when the server asks again."
            : "The password is kept with it, for when the server's session ends (or set password-command)."
        return "Signed in to tt-rss at \(Self.shown(account.server)) as \(account.username). "
            + "The account is kept in \(path). \(password)"
    }

    public func reader(_ context: NetworkContext) -> any NetworkReader {
        TTRSSReader(context: context)
    }
}
