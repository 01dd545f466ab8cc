import FeedCore
import FoundationEssentials

/// A Bluesky account's notifications (`app.bsky.notification.listNotifications`) as rows:
/// a mention, a reply or a quote shows its post; the others say who did what ("♥ Ada and 5
/// others liked your post: …", with the first line of the post they liked, read with
/// `getPosts`). As the app groups them, the likes of one post are one row, its reposts
/// another, and the new followers one; a reason not known here is a plain row.
enum BlueskyNotificationRows {
    struct Notification: Decodable {
        var uri: String
        /// The record's content id: a mention's, reply's or quote's post, to like or repost.
        var cid: String?
        var author: BlueskyPostView.Profile
        var reason: String
        var reasonSubject: String?
        var record: BlueskyPostView.Record?
        var indexedAt: String?
    }

    private struct Answer: Decodable {
        var notifications: [Notification]
    }

    /// The answer's notifications, newest first.
    static func notifications(in data: Data) throws(Failure) -> [Notification] {
        do {
            return try JSONDecoder().decode(Answer.self, from: data).notifications
        } catch {
            throw Failure.unexpectedShape("expected Bluesky notifications (an object with \"notifications\")")
        }
    }

    /// What the rows need read: the posts liked or reposted, by address.
    static func subjects(of notifications: [Notification]) -> [String] {
        var seen = Set<String>()
        return notifications.compactMap { notification in
            guard grouped.contains(notification.reason), let subject = notification.reasonSubject,
                seen.insert(subject).inserted
            else { return nil }
            return subject
        }
    }

    /// The reasons whose notifications of one post (or, for follows, all) make one row.
    static let grouped: Set<String> = ["like", "repost", "like-via-repost", "repost-via-repost"]

    /// The rows, newest first; `texts` the first lines of the posts liked and reposted.
    static func rows(_ notifications: [Notification], texts: [String: String]) -> [Post] {
        groupedRows(notifications, texts: texts).map(\.post)
    }

    /// The rows, newest first, each with the group it stands for ("like" and the post
    /// liked, "follow"; nil for a row of one notification): a row whose group gains a
    /// notification takes the newest one's id, and the one before it goes.
    static func groupedRows(_ notifications: [Notification], texts: [String: String]) -> [(
        group: String?, post: Post
    )] {
        var groups: [(key: String?, members: [Notification])] = []
        var index: [String: Int] = [:]
        for notification in notifications {
            let key: String? =
                notification.reason == "follow"
                ? "follow"
                : grouped.contains(notification.reason)
                    ? notification.reason + " " + (notification.reasonSubject ?? notification.uri) : nil
            if let key, let at = index[key] {
                groups[at].members.append(notification)
            } else {
                if let key { index[key] = groups.count }
                groups.append((key, [notification]))
            }
        }
        return groups.compactMap { group in row(group.members, texts: texts).map { (group.key, $0.sanitized()) } }
    }

    private static func row(_ group: [Notification], texts: [String: String]) -> Post? {
        guard let newest = group.first else { return nil }
        let date = (newest.indexedAt ?? newest.record?.createdAt).flatMap(FeedDate.parse)
        if ["mention", "reply", "quote"].contains(newest.reason) {
            var post = Post(
                id: .string(newest.uri), author: newest.author.author, content: newest.record?.text ?? "",
                likes: nil, createdAt: date,
                url: BlueskyPostView.webAddress(of: newest.uri, handle: newest.author.handle), statusID: newest.uri)
            post.network = .bluesky
            post.payload = newest.cid.map { BlueskyRecord(cid: $0).payload }
            return post
        }
        let who = WhoDidIt.words(group.map(\.author.name), else: newest.author.name)
        let line = newest.reasonSubject.flatMap { texts[$0] }.map { ": " + $0 } ?? ""
        let text: String
        switch newest.reason {
        case "like": text = "♥ \(who) liked your post\(line)"
        case "repost": text = "↻ \(who) reposted your post\(line)"
        case "like-via-repost": text = "♥ \(who) liked your repost\(line)"
        case "repost-via-repost": text = "↻ \(who) reposted your repost\(line)"
        case "follow": text = "\(who) followed you"
        case "starterpack-joined": text = "\(who) signed up with your starter pack"
        default: text = "\(who): \(newest.reason)"
        }
        var row = Post(
            id: .string(newest.uri), author: newest.author.author, content: text, likes: nil, createdAt: date,
            url: newest.reasonSubject.flatMap { subject in
                // By the author's DID, in the address: bsky.app takes it for the handle.
                BlueskyRecordAddress(subject).flatMap { BlueskyPostView.webAddress(of: subject, handle: $0.repo) }
            })
        row.network = .bluesky
        return row
    }
}
