/// A decoded feed: the posts that could be read, and an account of those that could not.
public struct Feed: Hashable, Sendable {
    public var title: String?
    public var posts: [Post]
    /// How many posts were left out because a field was missing or of the wrong type.
    public var skipped: Int
    /// Why the first skipped post was left out, for the status line.
    public var firstSkipReason: String?

    public init(
        title: String? = nil, posts: [Post], skipped: Int = 0, firstSkipReason: String? = nil
    ) {
        self.title = title
        self.posts = posts
        self.skipped = skipped
        self.firstSkipReason = firstSkipReason
    }
}
