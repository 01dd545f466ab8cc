/// The feed formats shimmerfeed reads.
public enum FeedFormat: String, Hashable, Sendable, CaseIterable {
    /// Detect from the document's shape.
    case auto
    /// Ours: `{"posts": [...]}` or an array of posts.
    case posts
    /// JSON Feed 1.1 (and 1.0).
    case jsonfeed
    /// An array of Mastodon statuses, as `/api/v1/timelines/public` returns it.
    case mastodon
    /// An array of Mastodon notifications, as `/api/v1/notifications` returns it.
    case notifications
    /// A page of a Bluesky feed, as `app.bsky.feed.getAuthorFeed`, `getFeed`, `getListFeed`
    /// and `getTimeline` return it: `{"feed": [...], "cursor": …}`.
    case bluesky
    /// RSS 2.0, 0.9x or 1.0 (RDF), read by FeedXML.
    case rss
    /// Atom 1.0 or 0.3, read by FeedXML.
    case atom

    /// Whether the format is XML (the JSON decoder does not read it).
    public var isXML: Bool { self == .rss || self == .atom }
}
