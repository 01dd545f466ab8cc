import FeedCore
import FeedNetwork
import FeedTransport
import FoundationEssentials

/// The reader's favourites, boosts and bookmarks, sent to the server of the account that
/// acts (`POST /api/v1/statuses/:id/favourite`, …), and votes in polls. A status of another
/// server is first found on the account's own (`GET /api/v2/search?resolve=true`), where it
/// has an id of its own.
struct MastodonActions: ServerActor {
    /// Who acts for a source's posts, and where.
    struct Actor: Sendable, Equatable {
        /// `https://host[:port]`: the account's server, the only one its token goes to.
        var server: String
        var token: String
        /// The name the outbox keeps it by: the account's handle, or the token's variable
        /// and its server. Never the token.
        var name: String
        /// Whether the source is of another server, whose statuses are found on this one
        /// first.
        var resolves: Bool
    }

    let actor: Actor
    let client: HTTPClient

    var name: String { actor.name }

    /// An action as Mastodon's endpoint names it: `POST /api/v1/statuses/:id/<endpoint>`.
    static func endpoint(of action: ServerAction) -> String {
        let name =
            switch action.mark {
            case .boosted: "reblog"
            case .bookmarked: "bookmark"
            default: "favourite"
            }
        return action.on ? name : "un" + name
    }

    /// Sends `action` on the status `target.statusID` (at `target.statusURL`), and says how
    /// the server answered: its word on the status, a refusal, or that it could not be
    /// reached.
    func send(_ action: ServerAction, on target: ActionTarget) async -> ActionAnswer.Outcome {
        do {
            let id = actor.resolves ? try await resolve(target.statusURL) : target.statusID
            let body = try await client.send(
                request("/api/v1/statuses/\(FormEncoding.escape(id))/\(Self.endpoint(of: action))", form: []))
            return .confirmed(try StatusState.decode(body))
        } catch {
            let failure = Failure(error)
            return failure.isUnreachable ? .unsent(failure) : .refused(failure)
        }
    }

    /// A vote in the poll `pollID` (`POST /api/v1/polls/:id/votes`, the options by index):
    /// the poll as the server tells it after. A poll of another server's timeline is voted
    /// in on its own server only.
    func vote(in pollID: String, choices: [Int]) async -> Result<Poll, Failure> {
        guard !actor.resolves else {
            return .failure(
                .unexpected("a poll is voted in on its own server: read its timeline with an account there"))
        }
        do {
            let body = try await client.send(
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
        let body = try await client.send(request("/api/v2/search?" + query, form: nil))
        guard let id = try MastodonAnswer.firstStatusID(inSearch: body) else {
            throw Failure.unexpected("\(actor.server) cannot find the post at \(url)")
        }
        return id
    }

    private func request(_ path: String, form: [(String, String)]?) -> HTTPClient.Request {
        HTTPClient.Request(url: actor.server + path, form: form, bearerToken: actor.token)
    }
}
