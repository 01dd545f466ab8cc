import FoundationEssentials

/// One JSON format of posts, as a network's module defines it: what its documents look
/// like, how each element is a post, and what the rest of the document says. The decoder
/// (`FeedDocumentDecoder`) finds the document's structure once, asks the formats in turn
/// whose it is, and decodes its elements a batch at a time; it knows no format by name.
public protocol JSONPostFormat: Sendable {
    /// One element of the document's list of posts.
    associatedtype Entry: FeedEntry

    /// Its name: `--format NAME`.
    var name: String { get }
    /// Its documents in words, for "expected …": "an array of posts".
    var shapeName: String { get }
    /// The top-level object's members whose arrays hold its posts ("items"), which the
    /// structure scan splits as it goes.
    var listKeys: [String] { get }
    /// Where its posts are in a document of `shape`; nil where the document is not its.
    /// `asked`: the reader named this format, and a document of another shape is an error
    /// that says what was expected.
    func plan(_ shape: JSONShape, asked: Bool) throws(Failure) -> JSONPlan?
    /// The feed the document's other members make (its title, next page, cursor), and
    /// what each post lacking them takes: an author, a picture.
    func header(_ members: [(key: String, value: Data)]) -> DocumentHeader
    /// The whole document's feed, for a format whose posts are not one element each
    /// (grouped notifications); nil decodes element by element.
    func decodeWhole(_ data: Data) throws(Failure) -> Feed?
}

extension JSONPostFormat {
    public var listKeys: [String] { [] }
    public func header(_ members: [(key: String, value: Data)]) -> DocumentHeader { DocumentHeader() }
    public func decodeWhole(_ data: Data) throws(Failure) -> Feed? { nil }
}

/// What the document's other members say: the feed's title and next page, and what a post
/// that names no author (or has no picture) takes.
public struct DocumentHeader: Sendable {
    public var feed: Feed
    public var author: Author?
    public var icon: String?

    public init(feed: Feed = Feed(posts: []), author: Author? = nil, icon: String? = nil) {
        self.feed = feed
        self.author = author
        self.icon = icon
    }
}

/// A document's top level as the structure scan found it, before anything is decoded.
public struct JSONShape: Sendable {
    public enum Kind: Sendable {
        case array
        case object
    }

    public var kind: Kind
    /// The whole top-level value.
    public var range: Range<Int>
    /// The array's elements (for an array).
    public var elements: [Range<Int>] = []
    /// The keys of the array's first element, when it is an object.
    public var firstElementKeys: Set<String> = []
    /// The object's members, in order (for an object).
    public var members: [(key: String, value: Range<Int>)] = []
    /// The elements of the object's arrays the formats asked for, by key, and the keys of
    /// each one's first element.
    public var lists: [String: [Range<Int>]] = [:]
    public var listFirstKeys: [String: Set<String>] = [:]
    /// The first byte of each member's value, to tell an array from anything else.
    public var memberFirstBytes: [String: UInt8] = [:]

    /// The object's keys.
    public var keys: Set<String> { Set(members.map(\.key)) }

    public init(kind: Kind, range: Range<Int>) {
        self.kind = kind
        self.range = range
    }
}

/// Where a format's posts are: its elements, and the document's other members.
public struct JSONPlan: Sendable {
    public var elements: [Range<Int>]
    public var header: [(key: String, value: Range<Int>)]

    public init(elements: [Range<Int>], header: [(key: String, value: Range<Int>)] = []) {
        self.elements = elements
        self.header = header
    }
}
