/// A network's own words: its name as a row names it, what it calls a like and a boost,
/// and why it cannot do what it lacks. Messages say what the reader did in these words
/// ("Could not repost", "To favourite on the server").
public struct NetworkWords: Hashable, Sendable {
    /// As a row names it where a timeline mixes networks.
    public var name: String
    /// The verb of a like ("favourite", "like"), a boost ("boost", "repost") and a bookmark.
    public var like: String
    public var boost: String
    public var bookmark: String
    /// Before the name of who shared a post into the timeline: "boosted by".
    public var boostedBy: String
    /// Why it cannot do a capability it lacks, a sentence each; those it has no sentence
    /// for are said as `cannot(_:)` says them.
    public var lacking: [Capabilities: String]

    public init(
        name: String, like: String = "like", boost: String = "boost", bookmark: String = "bookmark",
        boostedBy: String = "boosted by", lacking: [Capabilities: String] = [:]
    ) {
        self.name = name
        self.like = like
        self.boost = boost
        self.bookmark = bookmark
        self.boostedBy = boostedBy
        self.lacking = lacking
    }

    /// The words of the posts of no network: a web feed's.
    public static let feed = NetworkWords(
        name: "feed",
        lacking: [
            .boost: "A feed's post cannot be boosted: it is on no server.",
            .bookmark: "A feed's post cannot be bookmarked on a server: it is on none.",
            .thread: "A feed's post has no thread.",
            .reply: "A feed's post cannot be replied to here.",
            .quote: "A feed's post cannot be quoted here: it is on no server.",
        ])

    /// Why a post of this network cannot have `capability` done to it.
    public func cannot(_ capability: Capabilities) -> String {
        if let sentence = lacking[capability] { return sentence }
        return "\(name) has no way to do that."
    }
}
