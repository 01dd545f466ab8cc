/// One element of a feed's list of posts, in some format.
protocol FeedEntry: Decodable {
    /// The post, or nil for an element the format says to ignore.
    var post: Post? { get }
}

/// An element decoded on its own: a post, nothing (ignored), or why it is not a post. One
/// bad element is skipped and counted instead of failing the feed.
struct DecodedEntry<Entry: FeedEntry>: Decodable {
    var result: Result<Post?, FeedError>

    init(from decoder: any Decoder) throws {
        do {
            result = .success(try Entry(from: decoder).post)
        } catch {
            result = .failure(FeedErrorDescription.describeField(error))
        }
    }
}
