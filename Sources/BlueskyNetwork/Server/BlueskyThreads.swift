import FeedCore
import FeedNetwork
import FeedTransport
import FoundationEssentials

/// `t`: a Bluesky post's thread (`app.bsky.feed.getPostThread`), at the reader's PDS with
/// their session, else at the public AppView: its parents up to the root, and its replies
/// `depth` deep, as the app asks them.
struct BlueskyThreads: ThreadReader {
    let reading: BlueskyReading

    /// How deep the replies go, and how far up the parents: the app's figures.
    static let depth = 6
    static let parentHeight = 80

    func thread(of statusID: String) async -> Result<ThreadContext, Failure> {
        let method =
            "app.bsky.feed.getPostThread?uri=\(FormEncoding.escape(statusID))&depth=\(Self.depth)"
            + "&parentHeight=\(Self.parentHeight)"
        do {
            let body: Data
            if let session = reading.session {
                body = try await session.call(method)
            } else {
                var request = HTTPClient.Request(url: reading.appView + "/xrpc/" + method)
                request.explainError = XRPCError.explained
                body = try await reading.client.send(request)
            }
            return .success(try BlueskyThread.context(of: body))
        } catch {
            return .failure(Failure(error))
        }
    }
}
