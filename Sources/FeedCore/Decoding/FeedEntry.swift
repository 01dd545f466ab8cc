/// One element of a feed's list of posts, in some format.
public protocol FeedEntry: Decodable {
    /// The post, or nil for an element the format says to ignore.
    var post: Post? { get }
    /// Why an element is ignored, for the status line's count of skipped posts.
    static var ignoredReason: String { get }
}

extension FeedEntry {
    public static var ignoredReason: String { "not a post" }
}

/// An element decoded on its own: a post, nothing (ignored), or why it is not a post. One
/// bad element is skipped and counted instead of failing the feed.
struct DecodedEntry<Entry: FeedEntry>: Decodable {
    var result: Result<Post?, Failure>

    /// The failure of an element the parser could not read at all (a syntax error the
    /// structure scan let through, such as a raw control character in a string).
    static var notJSON: Failure { .notJSON("a post the parser cannot read") }

    init(from decoder: any Decoder) throws {
        do {
            result = .success(try Entry(from: decoder).post)
        } catch let error as DecodingError {
            result = .failure(FeedErrorDescription.describeField(error))
        } catch {
            result = .failure(Self.notJSON)
        }
    }
}
