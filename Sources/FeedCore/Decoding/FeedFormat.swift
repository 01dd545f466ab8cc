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
}
