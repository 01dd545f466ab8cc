import FeedAccounts
import FeedCore
import FeedTransport
import FoundationEssentials

/// `i`: the notifications of the account that acts for a source
/// (`GET /api/v1/notifications` on its own server, with its token).
struct NotificationsLoading: Sendable {
    /// Who acts for each source, by index.
    let actors: [MastodonActions.Actor?]
    let certificateAuthorities: String?
    let offline: Bool

    func load(source: Int) async -> Result<[Post], Failure> {
        guard !offline else { return .failure(.offline) }
        guard actors.indices.contains(source), let actor = actors[source] else {
            return .failure(.unexpected("no account reads this source"))
        }
        do {
            let body = try await APIClient.send(
                APIClient.Request(
                    url: actor.server + "/api/v1/notifications", bearerToken: actor.token,
                    certificateAuthorities: certificateAuthorities))
            return .success(try NotificationsDecoder.decode(body).posts)
        } catch {
            return .failure(Failure(error))
        }
    }
}
