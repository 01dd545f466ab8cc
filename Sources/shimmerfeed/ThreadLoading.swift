import FeedCore
import FeedTransport
import FoundationEssentials

/// `t`: a post's thread, asked of the server its source reads
/// (`GET /api/v1/statuses/:id/context`), with the source's own token where it has one.
struct ThreadLoading: Sendable {
    struct Server: Sendable {
        /// `https://host[:port]`.
        var base: String
        var token: String?
    }

    /// Each source's server, by index; nil for a source not read from Mastodon's API.
    let servers: [Server?]
    let certificateAuthorities: String?
    let offline: Bool

    func load(source: Int, statusID: String) async -> Result<ThreadContext, Failure> {
        guard !offline else { return .failure(.offline) }
        guard servers.indices.contains(source), let server = servers[source] else {
            return .failure(.unexpected("its source is not a Mastodon server's timeline"))
        }
        do {
            let body = try await APIClient.send(
                APIClient.Request(
                    url: server.base + "/api/v1/statuses/\(FormEncoding.escape(statusID))/context",
                    bearerToken: server.token, certificateAuthorities: certificateAuthorities))
            return .success(try ThreadContext.decode(body))
        } catch {
            return .failure(Failure(error))
        }
    }
}
