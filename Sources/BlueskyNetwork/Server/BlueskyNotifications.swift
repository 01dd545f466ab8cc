import FeedCore
import FeedNetwork
import FeedTransport
import FoundationEssentials

/// `i`: the signed-in account's notifications (`app.bsky.notification.listNotifications`
/// at its PDS), and the first lines of the posts they like or repost
/// (`app.bsky.feed.getPosts`, 25 addresses a request, as the lexicon allows).
struct BlueskyNotifications: NotificationsReader {
    let session: BlueskySession

    func notifications() async -> Result<[Post], Failure> {
        do {
            return .success(try await rows().rows.map(\.post))
        } catch {
            return .failure(Failure(error))
        }
    }

    /// The rows with their groups, and the rate limit the server stated.
    func rows() async throws -> (rows: [(group: String?, post: Post)], rateLimit: RateLimit?) {
        let listed = try await session.answer("app.bsky.notification.listNotifications?limit=50")
        let notifications = try BlueskyNotificationRows.notifications(in: listed.body)
        let subjects = BlueskyNotificationRows.subjects(of: notifications)
        var texts: [String: String] = [:]
        for start in stride(from: 0, to: subjects.count, by: 25) {
            let uris = subjects[start..<min(start + 25, subjects.count)]
            let query = uris.map { "uris=" + FormEncoding.escape($0) }.joined(separator: "&")
            struct Posts: Decodable {
                struct View: Decodable {
                    var uri: String
                    var record: BlueskyPostView.Record
                }
                var posts: [View]
            }
            let answer = try JSONDecoder().decode(
                Posts.self, from: try await session.call("app.bsky.feed.getPosts?" + query))
            for view in answer.posts {
                texts[view.uri] = (view.record.text ?? "").split(whereSeparator: \.isNewline).first.map(String.init)
            }
        }
        return (BlueskyNotificationRows.groupedRows(notifications, texts: texts), listed.rateLimit)
    }
}

/// A `notifications` source's pages: its rows, newest first, one page.
struct BlueskyNotificationsFeed: FeedLoading {
    let notifications: BlueskyNotifications

    func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
        Feed(posts: try await notifications.rows().rows.map(\.post))
    }
}
