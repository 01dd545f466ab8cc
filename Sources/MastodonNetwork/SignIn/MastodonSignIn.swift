import FeedCore
import FeedNetwork
import FeedTransport
import FoundationEssentials

/// Signing in to a Mastodon server with OAuth, as its documentation describes: the viewer
/// registers itself as an app, the reader authorizes it in the browser, and the code the
/// browser brings back is exchanged for a token, checked by asking who it belongs to.
public struct MastodonSignIn: Sendable {
    /// The fewest scopes the viewer's features need: reading, and favourites, boosts,
    /// bookmarks, replies, posts, votes and read markers.
    public static let scopes = "read write:statuses write:favourites write:bookmarks"
    /// Where a server that cannot reach the viewer's listener shows the code to paste.
    public static let outOfBand = "urn:ietf:wg:oauth:2.0:oob"

    /// `https://host[:port]`.
    public let server: String
    /// The loopback redirect, exact: `http://127.0.0.1:PORT/callback`.
    public let redirect: String
    public let client: HTTPClient

    /// The server the reader typed: a host, or an https URL (a path is dropped).
    public static func server(_ typed: String) throws(SignInRefused) -> String {
        try SignInRefused.server(typed, example: "mastodon.social")
    }

    public init(server: String, redirectPort: Int, client: HTTPClient) {
        self.server = server
        self.redirect = "http://127.0.0.1:\(redirectPort)/callback"
        self.client = client
    }

    /// The app this viewer is on the server, for this sign-in's redirects.
    public struct App: Sendable, Equatable {
        public var clientID: String
        public var clientSecret: String
    }

    /// What the server says of its OAuth: whether it takes PKCE's S256 (Mastodon 4.3 and
    /// later say so in `/.well-known/oauth-authorization-server`; older servers have no
    /// such document, and are asked without it).
    public func takesPKCE() async -> Bool {
        struct Metadata: Decodable {
            var codeChallengeMethodsSupported: [String]?
        }
        guard let body = try? await client.send(request("/.well-known/oauth-authorization-server")),
            let metadata = try? Self.decoder.decode(Metadata.self, from: body)
        else { return false }
        return metadata.codeChallengeMethodsSupported?.contains("S256") == true
    }

    /// Registers the viewer (`POST /api/v1/apps`), with both redirects: the listener's,
    /// and the pasted code's.
    public func register() async throws -> App {
        struct Answer: Decodable {
            var clientId: String
            var clientSecret: String
        }
        let body = try await client.send(
            request(
                "/api/v1/apps",
                form: [
                    ("client_name", "shimmerfeed"), ("redirect_uris", "\(redirect)\n\(Self.outOfBand)"),
                    ("scopes", Self.scopes), ("website", "https://github.com/shimmerfeed/shimmerfeed"),
                ]))
        let answer = try decode(Answer.self, body, what: "the app's registration")
        return App(clientID: answer.clientId, clientSecret: answer.clientSecret)
    }

    /// The page that asks the reader to authorize the app, coming back to `redirect`.
    public func authorizeURL(app: App, redirect: String, state: String, pkce: PKCE?) -> String {
        var fields = [
            ("response_type", "code"), ("client_id", app.clientID), ("redirect_uri", redirect),
            ("scope", Self.scopes), ("state", state),
        ]
        if let pkce { fields += [("code_challenge", pkce.challenge), ("code_challenge_method", "S256")] }
        return server + "/oauth/authorize?" + FormEncoding.encode(fields)
    }

    /// The code from the listener's request `target` (`/callback?code=…&state=…`): nil
    /// with a reason where it is not this sign-in's (its `state` differs) or carries none.
    public static func code(fromRedirect target: String, state: String) -> Result<String, SignInRefused> {
        guard let question = target.firstIndex(of: "?"), target[..<question] == "/callback" else {
            return .failure(
                SignInRefused("the browser came back to \(target.prefix(40)), not to the sign-in's redirect"))
        }
        let fields = FormEncoding.decode(target[target.index(after: question)...])
        func field(_ name: String) -> String? { fields.first { $0.name == name }?.value }
        guard field("state") == state else {
            return .failure(SignInRefused("the redirect's state did not match this sign-in's: refused"))
        }
        if let error = field("error") {
            return .failure(SignInRefused("the server said \(field("error_description") ?? error)"))
        }
        guard let code = field("code"), !code.isEmpty else {
            return .failure(SignInRefused("the redirect carried no code"))
        }
        return .success(code)
    }

    /// The token for `code` (`POST /oauth/token`), which came back to `redirect`.
    public func token(app: App, code: String, redirect: String, pkce: PKCE?) async throws -> String {
        struct Answer: Decodable {
            var accessToken: String
        }
        var form = [
            ("grant_type", "authorization_code"), ("code", code), ("client_id", app.clientID),
            ("client_secret", app.clientSecret), ("redirect_uri", redirect), ("scope", Self.scopes),
        ]
        if let pkce { form.append(("code_verifier", pkce.verifier)) }
        let body = try await client.send(request("/oauth/token", form: form))
        return try decode(Answer.self, body, what: "the token").accessToken
    }

    /// Who the token belongs to (`GET /api/v1/accounts/verify_credentials`): the account
    /// as it is kept.
    public func account(app: App, token: String) async throws -> Account {
        struct Answer: Decodable {
            var acct: String
            var displayName: String?
        }
        var asked = request("/api/v1/accounts/verify_credentials")
        asked.bearerToken = token
        let answer = try decode(Answer.self, try await client.send(asked), what: "the account")
        return Account(
            network: Mastodon.id, server: server, username: answer.acct,
            displayName: answer.displayName.flatMap { $0.isEmpty ? nil : $0 }, clientID: app.clientID,
            clientSecret: app.clientSecret, token: token)
    }

    /// Revokes `account`'s token (`POST /oauth/revoke`).
    public static func revoke(_ account: Account, client: HTTPClient) async throws {
        _ = try await client.send(
            HTTPClient.Request(
                url: account.server + "/oauth/revoke",
                form: [
                    ("client_id", account.clientID), ("client_secret", account.clientSecret), ("token", account.token),
                ]))
    }

    /// Mastodon's answers name their fields in snake case.
    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }

    private func request(_ path: String, form: [(String, String)]? = nil) -> HTTPClient.Request {
        HTTPClient.Request(url: server + path, form: form)
    }

    private func decode<T: Decodable>(_ type: T.Type, _ body: Data, what: String) throws(SignInRefused) -> T {
        guard let value = try? Self.decoder.decode(type, from: body) else {
            throw SignInRefused("\(what) could not be read from the server's answer")
        }
        return value
    }
}
