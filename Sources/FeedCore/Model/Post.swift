import FoundationEssentials

/// A post's identity as the feed spells it: numbers and strings are both common, and a
/// string id must stay a string (servers' ids overflow 64-bit floats).
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

    /// The handle as it is shown, with one `@` before it ("@ada", "@ada@social.example").
    public var shownHandle: String? {
        handle.map { $0.hasPrefix("@") ? $0 : "@" + $0 }
    }
}

/// One post, already sanitized: every string here is safe to hand to the terminal layer.
///
/// Its fields live in one box that copies share (copy on write): a copy of a post is one
/// reference counted, not one for each of its dozen strings, and a list of posts holds a
/// reference each, not the fields inline. Merging 300 sources' answers into a timeline
/// copied every post of it at each answer, a dozen counts each; and a list grown by
/// doubling kept half its room empty at a few hundred bytes a post.
public struct Post: Hashable, Sendable, Identifiable {
    /// What a post is. Its own struct, so that equality and hashing stay the synthesized
    /// ones over every field.
    struct Fields: Hashable, Sendable {
        var id: PostID
        var author: Author
        var title: String?
        var content: String
        var likes: Int?
        var createdAt: Date?
        var url: String?
        var source: PostSource?
        /// What most posts (a blog's, a feed's) leave empty, in a box of its own; nil
        /// while all of it is empty: a post of 100,000 is a third smaller without it.
        var more: More?
    }

    /// The fields most posts leave empty: counts, marks and the id on a server, attachments,
    /// polls, the network and its payload.
    struct Extras: Hashable, Sendable {
        var boosts: Int?
        var replies: Int?
        var boostedBy: String?
        var hidesContent = false
        var attachments: [Attachment] = []
        var poll: Poll?
        var statusID: String?
        var marks: StatusMarks = []
        var inReplyToID: String?
        var replyTo: String?
        var serverFilter: ServerFilter?
        var links: [PostLink] = []
        var quotes: Int?
        var network: NetworkID?
        var payload: String?
        var readOnServer: Bool?

        var isEmpty: Bool { self == Extras() }
    }

    /// `Extras` behind a reference (an indirect case is boxed, and never written in place).
    enum More: Hashable, Sendable {
        indirect case extras(Extras)

        var extras: Extras {
            switch self {
            case .extras(let extras): extras
            }
        }
    }

    /// The box. `@unchecked Sendable` because its one `var` is written only through
    /// `Post.fields`'s `_modify`, and only while the box is this post's alone: shared
    /// boxes are never written, so no two threads ever touch one that is being changed.
    final class Box: @unchecked Sendable {
        @exclusivity(unchecked) var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    var fields: Fields {
        get { box.fields }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
            yield &box.fields
        }
    }

    /// The fields most posts leave empty, empty ones where there are none; set empty, the
    /// box goes.
    private var extras: Extras {
        get { box.fields.more?.extras ?? Extras() }
        set { fields.more = newValue.isEmpty ? nil : .extras(newValue) }
    }

    public static func == (a: Post, b: Post) -> Bool { a.box === b.box || a.box.fields == b.box.fields }
    public func hash(into hasher: inout Hasher) { box.fields.hash(into: &hasher) }

    public var id: PostID {
        get { box.fields.id }
        _modify { yield &fields.id }
    }
    public var author: Author {
        get { box.fields.author }
        _modify { yield &fields.author }
    }
    public var title: String? {
        get { box.fields.title }
        _modify { yield &fields.title }
    }
    public var content: String {
        get { box.fields.content }
        _modify { yield &fields.content }
    }
    /// Likes; nil for feeds that do not count them (JSON Feed).
    public var likes: Int? {
        get { box.fields.likes }
        _modify { yield &fields.likes }
    }
    public var createdAt: Date? {
        get { box.fields.createdAt }
        _modify { yield &fields.createdAt }
    }
    /// The post's page on the web, if the feed gives one.
    public var url: String? {
        get { box.fields.url }
        _modify { yield &fields.url }
    }
    /// Boosts and replies, where the feed counts them (a server's posts).
    public var boosts: Int? {
        get { extras.boosts }
        set { extras.boosts = newValue }
    }
    public var replies: Int? {
        get { extras.replies }
        set { extras.replies = newValue }
    }
    /// Who boosted this post into the feed, when it arrived as a boost.
    public var boostedBy: String? {
        get { extras.boostedBy }
        set { extras.boostedBy = newValue }
    }
    /// A content warning: the title says what the content is, and the content stays
    /// hidden until the reader expands the post.
    public var hidesContent: Bool {
        get { extras.hidesContent }
        set { extras.hidesContent = newValue }
    }
    /// Pictures, videos, sounds and files, in the feed's order.
    public var attachments: [Attachment] {
        get { extras.attachments }
        set { extras.attachments = newValue }
    }
    public var poll: Poll? {
        get { extras.poll }
        set { extras.poll = newValue }
    }
    /// The id of the post the server's actions take (the boosted one, for a boost), for a
    /// post of a network's server; nil for any other.
    public var statusID: String? {
        get { extras.statusID }
        set { extras.statusID = newValue }
    }
    /// What the reader has done to the status on its server, as the server last said.
    public var marks: StatusMarks {
        get { extras.marks }
        set { extras.marks = newValue }
    }
    /// The post this one answers, on the same server.
    public var inReplyToID: String? {
        get { extras.inReplyToID }
        set { extras.inReplyToID = newValue }
    }
    /// Whom it answers: the handle of the account replied to ("ada", "ada@elsewhere.example").
    public var replyTo: String? {
        get { extras.replyTo }
        set { extras.replyTo = newValue }
    }
    /// The reader's own filter on their server that matched the post: it hides the post, or
    /// shows it collapsed behind the filter's name.
    public var serverFilter: ServerFilter? {
        get { extras.serverFilter }
        set { extras.serverFilter = newValue }
    }
    /// The links in the post's HTML, in order.
    public var links: [PostLink] {
        get { extras.links }
        set { extras.links = newValue }
    }
    /// How many posts quote this one, where the network counts them.
    public var quotes: Int? {
        get { extras.quotes }
        set { extras.quotes = newValue }
    }
    /// The network the post is of, by its name in the registry; nil for a web feed's post.
    public var network: NetworkID? {
        get { extras.network }
        set { extras.network = newValue }
    }
    /// What the post's network needs of it to act on it, in the network's own words (a
    /// record's content id and the reader's own records of it): kept, and handed back with
    /// each action, never read here.
    public var payload: String? {
        get { extras.payload }
        set { extras.payload = newValue }
    }
    /// Whether the reader's server holds it read (a reader server's, which keeps read state
    /// for all the reader's devices); nil where the server keeps none.
    public var readOnServer: Bool? {
        get { extras.readOnServer }
        set { extras.readOnServer = newValue }
    }
    /// Which source brought the post into the view; nil until the view takes it.
    public var source: PostSource? {
        get { box.fields.source }
        _modify { yield &fields.source }
    }

    public init(
        id: PostID, author: Author, title: String? = nil, content: String, likes: Int?,
        createdAt: Date?, url: String? = nil, boosts: Int? = nil, replies: Int? = nil,
        boostedBy: String? = nil, hidesContent: Bool = false, attachments: [Attachment] = [], poll: Poll? = nil,
        statusID: String? = nil, marks: StatusMarks = [], inReplyToID: String? = nil, replyTo: String? = nil
    ) {
        let extras = Extras(
            boosts: boosts, replies: replies, boostedBy: boostedBy, hidesContent: hidesContent,
            attachments: attachments, poll: poll, statusID: statusID, marks: marks, inReplyToID: inReplyToID,
            replyTo: replyTo)
        box = Box(
            Fields(
                id: id, author: author, title: title, content: content, likes: likes, createdAt: createdAt, url: url,
                source: nil, more: extras.isEmpty ? nil : .extras(extras)))
    }
}
