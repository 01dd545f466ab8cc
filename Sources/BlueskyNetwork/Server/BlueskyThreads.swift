import FeedCore
import FeedNetwork
import FeedTransport
import FoundationEssentials

/// `t`: a Bluesky post's thread (`app.bsky.feed.getPostThread`), at the reader's PDS with
/// their session, else at the public AppView: its parents up to the root, and its replies
/// `depth` deep, as the app asks them. Where replies go deeper, the AppView leaves them
/// out; as the app's "more replies" does, they are asked again from the reply they are
/// under, a few times a thread, and what is still left out says so in a row.
struct BlueskyThreads: ThreadReader {
    let reading: BlueskyReading

    /// How deep the replies go, and how far up the parents: the app's figures.
    var depth = 6
    static let parentHeight = 80
    /// How many deeper branches one thread asks for again.
    static let moreAsks = 4

    func thread(of statusID: String) async -> Result<ThreadContext, Failure> {
        do {
            var thread = try BlueskyThread.answer(of: try await ask(statusID, parentHeight: Self.parentHeight))
            var tried = Set<String>()
            while tried.count < Self.moreAsks, let uri = thread.cut.first(where: { !tried.contains($0) }) {
                tried.insert(uri)
                // A branch that cannot be read stays a "more replies" row.
                guard let body = try? await ask(uri, parentHeight: 0),
                    case .post(_, _, let replies)? = try? BlueskyThread.answer(of: body)
                else { continue }
                thread = thread.grafting(replies ?? [], at: uri)
            }
            return .success(try thread.context())
        } catch {
            return .failure(Failure(error))
        }
    }

    /// `getPostThread` of `uri`.
    private func ask(_ uri: String, parentHeight: Int) async throws -> Data {
        let method =
            "app.bsky.feed.getPostThread?uri=\(FormEncoding.escape(uri))&depth=\(depth)&parentHeight=\(parentHeight)"
        if let session = reading.session { return try await session.call(method) }
        var request = HTTPClient.Request(url: reading.appView + "/xrpc/" + method)
        request.explainError = XRPCError.explained
        return try await reading.client.send(request)
    }
}
