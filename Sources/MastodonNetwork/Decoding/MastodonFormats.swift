import FeedCore
import FoundationEssentials

/// An array of Mastodon statuses, as a timeline answers (`GET /api/v1/timelines/home`), or
/// one status (`GET /api/v1/statuses/:id`): an array whose first element has an account.
struct MastodonStatusesFormat: JSONPostFormat {
    typealias Entry = MastodonStatus

    var name: String { "mastodon" }
    var shapeName: String { "an array of Mastodon statuses" }

    func plan(_ shape: JSONShape, asked: Bool) throws(Failure) -> JSONPlan? {
        switch shape.kind {
        case .array:
            // An empty page of a timeline is an empty feed.
            if asked || shape.elements.isEmpty { return JSONPlan(elements: shape.elements) }
            let keys = shape.firstElementKeys
            guard keys.contains("account"), !MastodonNotificationsFormat.isNotification(keys) else { return nil }
            return JSONPlan(elements: shape.elements)
        case .object:
            // One Status: a feed of one post.
            if shape.keys.isSuperset(of: ["id", "account", "content"]) { return JSONPlan(elements: [shape.range]) }
            if asked { throw Failure.unexpectedShape("expected Mastodon statuses, found an object that is not one") }
            return nil
        }
    }
}

/// An array of Mastodon notifications (`GET /api/v1/notifications`): each has a type and an
/// account, and no text of its own. A page of 40 at most, grouped as a whole: decoded at
/// once.
struct MastodonNotificationsFormat: JSONPostFormat {
    typealias Entry = MastodonStatus

    var name: String { "notifications" }
    var shapeName: String { "an array of Mastodon notifications" }

    static func isNotification(_ keys: Set<String>) -> Bool {
        keys.contains("account") && keys.contains("type") && !keys.contains("content")
    }

    func plan(_ shape: JSONShape, asked: Bool) throws(Failure) -> JSONPlan? {
        guard case .array = shape.kind else {
            if asked { throw Failure.unexpectedShape("expected an array of Mastodon notifications, found an object") }
            return nil
        }
        guard asked || Self.isNotification(shape.firstElementKeys) else { return nil }
        return JSONPlan(elements: shape.elements)
    }

    func decodeWhole(_ data: Data) throws(Failure) -> Feed? {
        try NotificationsDecoder.decode(data)
    }
}
