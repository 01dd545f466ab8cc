import FeedCore
import FeedNetwork
import FoundationEssentials

/// Where the reader's Bluesky notifications are seen up to: the time of the newest seen
/// (`seenAt`, which `listNotifications` answers with), moved on with
/// `app.bsky.notification.updateSeen` when the notifications view has shown newer ones;
/// `getUnreadCount` counts those after it, for the status line. Bluesky keeps no read
/// position in a timeline.
struct BlueskySeenNotifications: ReadPositionServer {
    let session: BlueskySession

    var key: String { "bluesky " + session.did }

    func read() async throws -> ReadPositions {
        struct Answer: Decodable { var seenAt: String? }
        let body = try await session.call("app.bsky.notification.listNotifications?limit=1")
        guard let answer = try? JSONDecoder().decode(Answer.self, from: body) else {
            throw Failure.unexpectedShape("expected Bluesky notifications (an object with \"notifications\")")
        }
        return ReadPositions(notifications: answer.seenAt.flatMap(Self.position))
    }

    func unreadNotifications() async throws -> Int {
        struct Answer: Decodable { var count: Int }
        let body = try await session.call("app.bsky.notification.getUnreadCount")
        guard let answer = try? JSONDecoder().decode(Answer.self, from: body) else {
            throw Failure.unexpectedShape("getUnreadCount answered no count")
        }
        return max(0, answer.count)
    }

    func write(_ wanted: ReadPositions) async throws -> ReadPositions {
        guard let seen = wanted.notifications else { return ReadPositions() }
        struct Input: Encodable { var seenAt: String }
        let json = String(decoding: try JSONEncoder().encode(Input(seenAt: seen)), as: UTF8.self)
        _ = try await session.call("app.bsky.notification.updateSeen", json: json)
        return ReadPositions(notifications: seen)
    }

    /// A time as the read positions compare them: UTC, with milliseconds, always the same
    /// length (the server may write fewer digits); nil for no time at all.
    static func position(_ datetime: String) -> String? {
        FeedDate.parse(datetime).map(BlueskyDatetime.string)
    }
}
