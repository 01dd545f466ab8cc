import FoundationEssentials

/// A post's identity as the feed spells it: numbers and strings are both common, and a
/// string id must stay a string (Mastodon ids overflow 64-bit floats).
public enum PostID: Hashable, Sendable, CustomStringConvertible {
    case number(Int64)
    case string(String)

    public var description: String {
        switch self {
        case .number(let value): String(value)
        case .string(let value): value
        }
    }
}

/// The source a post came through: its index among the view's sources, the name its row
/// shows (none when the view has one source), and whether a further page brought it.
public struct PostSource: Hashable, Sendable {
    public var index: Int
    public var name: String?
    public var paged: Bool

    public init(index: Int, name: String?, paged: Bool = false) {
        self.index = index
        self.name = name
        self.paged = paged
    }
}

public struct Author: Hashable, Sendable {
    public var name: String
    public var handle: String?
    public var avatarURL: String?

    public init(name: String, handle: String? = nil, avatarURL: String? = nil) {
        self.name = name
        self.handle = handle
        self.avatarURL = avatarURL
    }
}

/// One post, already sanitized: every string here is safe to hand to the terminal layer.
public struct Post: Hashable, Sendable, Identifiable {
    public var id: PostID
    public var author: Author
    public var title: String?
    public var content: String
    /// Likes; nil for feeds that do not count them (JSON Feed).
    public var likes: Int?
    public var createdAt: Date?
    /// The post's page on the web, if the feed gives one.
    public var url: String?
    /// Boosts and replies, where the feed counts them (Mastodon).
    public var boosts: Int?
    public var replies: Int?
    /// Who boosted this post into the feed, when it arrived as a boost.
    public var boostedBy: String?
    /// A content warning: the title says what the content is, and the content stays
    /// hidden until the reader expands the post.
    public var hidesContent: Bool
    /// Pictures, videos, sounds and files, in the feed's order.
    public var attachments: [Attachment]
    public var poll: Poll?
    /// Which source brought the post into the view; nil until the view takes it.
    public var source: PostSource?

    public init(
        id: PostID, author: Author, title: String? = nil, content: String, likes: Int?,
        createdAt: Date?, url: String? = nil, boosts: Int? = nil, replies: Int? = nil,
        boostedBy: String? = nil, hidesContent: Bool = false, attachments: [Attachment] = [], poll: Poll? = nil
    ) {
        self.id = id
        self.author = author
        self.title = title
        self.content = content
        self.likes = likes
        self.createdAt = createdAt
        self.url = url
        self.boosts = boosts
        self.replies = replies
        self.boostedBy = boostedBy
        self.hidesContent = hidesContent
        self.attachments = attachments
        self.poll = poll
    }
}
