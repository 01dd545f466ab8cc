/// A social network whose posts shimmerfeed reads: a row names it where a timeline mixes
/// several.
public enum Network: String, Hashable, Sendable, CaseIterable {
    case mastodon
    case bluesky

    /// As a row names it.
    public var name: String {
        switch self {
        case .mastodon: "Mastodon"
        case .bluesky: "Bluesky"
        }
    }

    /// How a row names the posts of no network, a web feed's (RSS, Atom, JSON Feed).
    public static let webFeedName = "feed"
}

/// A Bluesky post's record as likes and reposts name it (a strong reference: its `at://`
/// address is the post's `statusID`, and its content id), and the reader's own like and
/// repost records of it, which undoing deletes.
public struct BlueskyRecord: Hashable, Sendable {
    public var cid: String
    public var like: String?
    public var repost: String?

    public init(cid: String, like: String? = nil, repost: String? = nil) {
        self.cid = cid
        self.like = like
        self.repost = repost
    }
}
