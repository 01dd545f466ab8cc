import FeedCore
import FoundationEssentials

/// A page of a Bluesky feed, as `app.bsky.feed.getAuthorFeed`, `getFeed`, `getListFeed` and
/// `getTimeline` answer: `{"feed": [...], "cursor": …}`, "feed" its one list, of elements
/// that each hold a "post" (an empty page is one too).
struct BlueskyFeedFormat: JSONPostFormat {
    typealias Entry = BlueskyFeedItem

    var name: String { "bluesky" }
    var shapeName: String { "a Bluesky feed (an object with \"feed\")" }
    var listKeys: [String] { ["feed"] }

    func plan(_ shape: JSONShape, asked: Bool) throws(Failure) -> JSONPlan? {
        guard case .object = shape.kind else {
            if asked {
                throw Failure.unexpectedShape("expected a Bluesky feed (an object with \"feed\"), found an array")
            }
            return nil
        }
        guard asked || Self.isFeed(shape) else { return nil }
        guard let elements = shape.lists["feed"] else {
            throw Failure.unexpectedShape("expected a Bluesky feed: an object with a \"feed\" array")
        }
        return JSONPlan(elements: elements, header: shape.members.filter { $0.key != "feed" })
    }

    private static func isFeed(_ shape: JSONShape) -> Bool {
        guard let elements = shape.lists["feed"], !shape.keys.contains("posts"), !shape.keys.contains("items") else {
            return false
        }
        return elements.isEmpty || shape.listFirstKeys["feed"]?.contains("post") == true
    }

    /// The cursor of the next page.
    func header(_ members: [(key: String, value: Data)]) -> DocumentHeader {
        var feed = Feed(posts: [])
        if let cursor = members.last(where: { $0.key == "cursor" }),
            let text = try? JSONDecoder().decode(String.self, from: cursor.value)
        {
            feed.pageCursor = TextSanitizer.singleLine(text)
        }
        return DocumentHeader(feed: feed)
    }
}
