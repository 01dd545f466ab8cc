import FeedCore
import FeedTransport
import FoundationEssentials

/// The reader's favourites, boosts and bookmarks, sent to the server of the account that
/// acts (`POST /api/v1/statuses/:id/favourite`, …). A status of another server is first
/// found on the account's own (`GET /api/v2/search?resolve=true`), where it has an id of
/// its own.
public struct MastodonActions: Sendable {
    /// Who acts for a source's posts, and where.
    public struct Actor: Sendable, Equatable {
        /// `https://host[:port]`: the account's server, the only one its token goes to.
        public var server: String
        public var token: String
        /// The name the outbox keeps it by: the account's handle, or the token's variable
        /// and its server. Never the token.
        public var name: String
        /// Whether the source is of another server, whose statuses are found on this one
        /// first.
        public var resolves: Bool

        public init(server: String, token: String, name: String, resolves: Bool) {
            self.server = server
            self.token = token
            self.name = name
            self.resolves = resolves
        }
    }

    public let actor: Actor
    public let certificateAuthorities: String?

    public init(actor: Actor, certificateAuthorities: String?) {
        self.actor = actor
        self.certificateAuthorities = certificateAuthorities
    }

    /// Sends `action` on the status `statusID` (at `statusURL`), and says how the server
    /// answered: its word on the status, a refusal, or that it could not be reached.
    public func send(_ action: ServerAction, statusID: String, statusURL: String?) async -> ActionAnswer.Outcome {
        do {
            let id = actor.resolves ? try await resolve(statusURL) : statusID
            let body = try await APIClient.send(
                request("/api/v1/statuses/\(FormEncoding.escape(id))/\(action.endpoint)", form: []))
            return .confirmed(try StatusState.decode(body))
        } catch {
            let failure = Failure(error)
            return Self.isUnreachable(failure) ? .unsent(failure) : .refused(failure)
        }
    }

    /// A vote in the poll `pollID` (`POST /api/v1/polls/:id/votes`, the options by index):
    /// the poll as the server tells it after. A poll of another server's timeline is voted
    /// in on its own server only.
    public func vote(in pollID: String, choices: [Int]) async -> Result<Poll, Failure> {
        guard !actor.resolves else {
            return .failure(
                .unexpected("a poll is voted in on its own server: read its timeline with an account there"))
        }
        do {
            let body = try await APIClient.send(
                request(
                    "/api/v1/polls/\(FormEncoding.escape(pollID))/votes",
                    form: choices.map { ("choices[]", String($0)) }))
            return .success(try MastodonAnswer.poll(from: body))
        } catch {
            return .failure(Failure(error))
        }
    }

    /// The id on the account's server of the status at `url`.
    func resolve(_ url: String?) async throws -> String {
        guard let url, WebAddress.isWeb(url) else {
            throw Failure.unexpected("the post has no address to find it by on \(actor.server)")
        }
        let query = FormEncoding.encode([("q", url), ("type", "statuses"), ("resolve", "true"), ("limit", "1")])
        let body = try await APIClient.send(request("/api/v2/search?" + query, form: nil))
        guard let id = try MastodonAnswer.firstStatusID(inSearch: body) else {
            throw Failure.unexpected("\(actor.server) cannot find the post at \(url)")
        }
        return id
    }

    private func request(_ path: String, form: [(String, String)]?) -> APIClient.Request {
        APIClient.Request(
            url: actor.server + path, form: form, bearerToken: actor.token,
            certificateAuthorities: certificateAuthorities)
    }

    /// Failures where the server never answered: the action waits for the next chance.
    /// An answer, even an error, is the server's word.
    static func isUnreachable(_ failure: Failure) -> Bool {
        switch failure {
        case .timedOut, .connectTimedOut, .stalled, .refused, .unresolvedHost, .unresolvedProxy, .connectFailed,
            .connectionLost, .offline:
            true
        default: false
        }
    }
}
