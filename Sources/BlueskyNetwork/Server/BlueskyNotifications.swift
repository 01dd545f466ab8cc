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
            let body = try await session.call("app.bsky.notification.listNotifications?limit=50")
            var texts: [String: String] = [:]
            let notifications = try BlueskyNotificationRows.notifications(in: body)
            let subjects = BlueskyNotificationRows.subjects(of: notifications)
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
            return .success(BlueskyNotificationRows.rows(notifications, texts: texts))
        } catch {
            return .failure(Failure(error))
        }
    }
}
