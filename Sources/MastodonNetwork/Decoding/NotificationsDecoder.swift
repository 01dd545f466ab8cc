import FeedCore
import FoundationEssentials

/// Mastodon's notifications (`GET /api/v1/notifications`) as rows: a mention, or a status
/// of an account followed with notifications, shows its status; the others say who did
/// what ("♥ Ada and 3 others favourited: …", with the post's first line). Notifications
/// the server groups (the same `group_key`, as Mastodon 4.3 gives the favourites and boosts
/// of one post) are one row, newest first. A type it does not know is a plain row.
enum NotificationsDecoder {
    struct Notification: Decodable {
        var id: String
        var type: String
        var createdAt: String?
        var groupKey: String?
        var account: MastodonStatus.Account?
        var status: MastodonStatus?
    }

    static func decode(_ data: Data) throws(Failure) -> Feed {
        let notifications = try MastodonAnswer.decode([Notification].self, from: data)
        var groups: [[Notification]] = []
        var groupIndex: [String: Int] = [:]
        for notification in notifications {
            if let key = notification.groupKey, !key.hasPrefix("ungrouped-"), let index = groupIndex[key] {
                groups[index].append(notification)
            } else {
                if let key = notification.groupKey { groupIndex[key] = groups.count }
                groups.append([notification])
            }
        }
        return Feed(posts: groups.compactMap(row).map { $0.sanitized() })
    }

    /// One notification, as a streaming `notification` event carries it.
    static func decodeOne(_ data: Data) throws(Failure) -> Post {
        let notification = try MastodonAnswer.decode(Notification.self, from: data)
        guard let post = row([notification]) else { throw Failure.unexpectedShape("a notification with no account") }
        return post.sanitized()
    }

    /// The row of a group of notifications, the newest first.
    static func row(_ group: [Notification]) -> Post? {
        guard let newest = group.first else { return nil }
        if ["mention", "status"].contains(newest.type), var post = newest.status?.post {
            post.id = .string(newest.id)
            post.createdAt = newest.createdAt.flatMap(FeedDate.parse) ?? post.createdAt
            return post
        }
        guard let account = newest.account ?? newest.status?.account else { return nil }
        let who = WhoDidIt.words(group.compactMap { $0.account?.name }, else: account.name)
        let line = newest.status.map { firstLine(of: $0) } ?? ""
        let text: String
        switch newest.type {
        case "favourite": text = "♥ \(who) favourited: \(line)"
        case "reblog": text = "↻ \(who) boosted: \(line)"
        case "follow": text = "\(who) followed you"
        case "follow_request": text = "\(who) asked to follow you"
        case "poll": text = "☰ A poll has ended: \(line)"
        case "update": text = "✎ \(who) edited a post: \(line)"
        case "admin.sign_up": text = "\(who) signed up"
        case "admin.report": text = "\(who) filed a report"
        default: text = line.isEmpty ? "\(who): \(newest.type)" : "\(who): \(newest.type): \(line)"
        }
        var row = Post(
            id: .string(newest.id),
            author: Author(name: account.name, handle: account.acct, avatarURL: account.avatarStatic ?? account.avatar),
            content: text, likes: nil, createdAt: newest.createdAt.flatMap(FeedDate.parse),
            url: newest.status?.url ?? newest.status?.uri)
        row.network = .mastodon
        return row
    }

    /// A status's first line of text (its content warning, where it has one).
    static func firstLine(of status: MastodonStatus) -> String {
        if let spoiler = status.spoilerText, !spoiler.isEmpty { return spoiler }
        let text = HTMLText.plainText(status.content)
        return String(text.split(whereSeparator: \.isNewline).first ?? "")
    }
}
