import FeedCore
import FeedNetwork
import FeedTransport
import FoundationEssentials
import Synchronization

/// A signed-in Bluesky account's session: requests go to its PDS with its access token;
/// when the PDS says the token has expired, one refresh (`com.atproto.server.refreshSession`,
/// with the refresh token) makes new ones, kept in the accounts file, and the request is
/// made again.
final class BlueskySession: SessionTokens, Equatable {
    let server: String
    let did: String
    let handle: String
    let client: HTTPClient
    /// Where the new tokens are kept; nil keeps them for this run only.
    private let file: AccountsFile?

    private struct Tokens {
        var access: String
        var refresh: String
        /// The refresh on its way, which every request that met the expiry waits for.
        var refreshing: Task<String, any Error>?
    }

    private let tokens: Mutex<Tokens>

    init(account: Account, file: AccountsFile?, client: HTTPClient) {
        server = account.server
        did = account.accountID ?? ""
        handle = account.username
        self.file = file
        self.client = client
        tokens = Mutex(Tokens(access: account.token, refresh: account.refreshToken ?? ""))
    }

    static func == (a: BlueskySession, b: BlueskySession) -> Bool { a === b }

    /// The PDS's host, for messages.
    private var host: String { String(server.dropFirst("https://".count)) }

    /// The name the outbox keeps its actions by: the account's handle.
    var name: String { "@" + handle }

    func accessToken() -> String {
        tokens.withLock { $0.access }
    }

    func refreshed(replacing token: String) async throws -> String {
        let task: Task<String, any Error> = tokens.withLock { tokens in
            if tokens.access != token, tokens.refreshing == nil {
                let current = tokens.access
                return Task { current }
            }
            if let refreshing = tokens.refreshing { return refreshing }
            let refresh = tokens.refresh
            let refreshing = Task { try await self.refresh(with: refresh) }
            tokens.refreshing = refreshing
            return refreshing
        }
        return try await task.value
    }

    /// New tokens from `refresh`: kept here and in the accounts file.
    private func refresh(with refresh: String) async throws -> String {
        defer { tokens.withLock { $0.refreshing = nil } }
        var request = HTTPClient.Request(
            url: server + "/xrpc/com.atproto.server.refreshSession", bearerToken: refresh)
        request.json = ""
        request.explainError = XRPCError.explained
        let answer: BlueskySignIn.Session
        do {
            answer = try BlueskySignIn.Session.decode(try await client.send(request))
        } catch let failure as Failure {
            switch failure {
            case .httpStatus(400, _, _), .httpStatus(401, _, _), .expiredToken:
                throw Failure.expiredToken(host: host, signIn: Bluesky.service)
            default: throw failure
            }
        }
        guard answer.did == did else { throw Failure.expiredToken(host: host, signIn: Bluesky.service) }
        tokens.withLock {
            $0.access = answer.accessJwt
            $0.refresh = answer.refreshJwt
        }
        keep(answer)
        return answer.accessJwt
    }

    /// The refreshed tokens in the accounts file, in place of the old ones.
    private func keep(_ answer: BlueskySignIn.Session) {
        guard let file, var accounts = try? file.read() else { return }
        for index in accounts.indices where accounts[index].network == Bluesky.id && accounts[index].accountID == did {
            accounts[index].token = answer.accessJwt
            accounts[index].refreshToken = answer.refreshJwt
        }
        try? file.write(accounts)
    }

    /// An XRPC call with the session's token: a GET, or a POST of `json`; made again once
    /// with a refreshed token where the first met its expiry.
    func call(_ method: String, json: String? = nil) async throws -> Data {
        try await answer(method, json: json).body
    }

    /// `call`'s answer, its headers with it (the rate limit the server states).
    func answer(_ method: String, json: String? = nil) async throws -> HTTPResponse {
        func send(_ token: String) async throws -> HTTPResponse {
            var request = HTTPClient.Request(url: server + "/xrpc/" + method, bearerToken: token)
            request.json = json
            request.explainError = XRPCError.explained
            return try await client.answer(request)
        }
        let token = accessToken()
        do {
            return try await send(token)
        } catch Failure.expiredToken {
            return try await send(try await refreshed(replacing: token))
        }
    }
}
