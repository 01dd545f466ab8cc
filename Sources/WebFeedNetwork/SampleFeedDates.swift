import FeedCore
import FoundationEssentials

/// The bundled sample feed's dates are in the past; shifting them so that the newest is a
/// few minutes old makes the demo read like a live feed on any day.
public enum SampleFeedDates {
    /// How old the newest post looks.
    public static let newestAge: TimeInterval = 4 * 60

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
