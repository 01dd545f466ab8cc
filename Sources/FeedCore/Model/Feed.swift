/// A decoded feed: the posts that could be read, and an account of those that could not.
public struct Feed: Hashable, Sendable {
    public var title: String?
    public var posts: [Post]
    /// How many posts were left out because a field was missing or of the wrong type.
    public var skipped: Int
    /// Why the first skipped post was left out, for the status line.
    public var firstSkipReason: String?
    /// Where the next page of this feed is (JSON Feed `next_url`, a `Link` header).
    public var nextPage: String?
    /// Where the next page starts, for a feed paged by cursor: the same request asks for it
    /// with this cursor.
    public var pageCursor: String?
    /// Why the document stopped being readable before its end, and where, when the posts
    /// before that point are all there is: "line 3: huge text node", "the document ends
    /// inside <item>".
    public var cutShort: String?
    /// The least time to wait before asking again, as the feed (RSS `ttl`, `sy:updatePeriod`)
    /// or its server (`Cache-Control: max-age`, `Expires`) says; nil where neither says.
    public var refreshFloor: Duration?
    /// How many of the source's posts its server holds unread beyond these (a reader
    /// server's count, of articles not yet paged in), for the sources view's count.
    public var unreadElsewhere: Int?

    public init(
        title: String? = nil, posts: [Post], skipped: Int = 0, firstSkipReason: String? = nil,
        nextPage: String? = nil
    ) {
        self.title = title
        self.posts = posts
        self.skipped = skipped
        self.firstSkipReason = firstSkipReason
        self.nextPage = nextPage
    }

    /// Its posts that name no author take `author`: a post with no author is the feed's,
    /// as every reader shows it.
    public mutating func attributeAuthorless(to author: Author) {
        // Looked for without writing first: a list shared with its decoder (a big feed's,
        // tens of megabytes) is copied only if a post must change.
        guard !author.name.isEmpty, let first = posts.firstIndex(where: { $0.author.name.isEmpty }) else { return }
        for index in posts.indices[first...] where posts[index].author.name.isEmpty {
            posts[index].author = author
        }
    }

    /// Its posts whose author has no picture take the feed's `icon`.
    public mutating func lendAvatar(_ icon: String?) {
        guard let icon, let first = posts.firstIndex(where: { $0.author.avatarURL == nil }) else { return }
        for index in posts.indices[first...] where posts[index].author.avatarURL == nil {
            posts[index].author.avatarURL = icon
        }
    }
}
