import Foundation

/// The bundled sample feed. Its posts are dated in the past; shifting them so that the
/// newest is a few minutes old makes the demo read like a live feed on any day.
public struct SampleFeedLoader: FeedLoading {
    public var data: Data
    /// How old the newest post looks.
    public static let newestAge: TimeInterval = 4 * 60

    public init(data: Data) {
        self.data = data
    }

    public func load() async throws -> Feed {
        try Task.checkCancellation()
        return Self.rebased(try FeedDocumentDecoder.decode(data), now: Date())
    }

    /// The feed with every date moved by the same amount, so the newest is `newestAge` old.
    public static func rebased(_ feed: Feed, now: Date) -> Feed {
        guard let newest = feed.posts.compactMap(\.createdAt).max() else { return feed }
        let shift = now.addingTimeInterval(-newestAge).timeIntervalSince(newest)
        var shifted = feed
        for index in shifted.posts.indices {
            shifted.posts[index].createdAt = shifted.posts[index].createdAt?.addingTimeInterval(shift)
        }
        return shifted
    }
}
