import FoundationEssentials

/// What the store held of a view's sources when it started: each source's posts as last
/// decoded, and when they were kept.
public struct RestoredTimeline: Sendable, Equatable {
    public struct Source: Sendable, Equatable {
        /// Its title and posts, newest first.
        public var feed: Feed
        /// When its feed last answered.
        public var savedAt: Date
        /// Its posts the reader had read, and liked.
        public var read: Set<PostID>
        public var liked: Set<PostID>

        public init(feed: Feed, savedAt: Date, read: Set<PostID> = [], liked: Set<PostID> = []) {
            self.feed = feed
            self.savedAt = savedAt
            self.read = read
            self.liked = liked
        }
    }

    /// When the run started: "now" for the stored posts' times, until a source answers.
    public var openedAt: Date
    /// By the source's index in the view; sources with nothing stored are absent.
    public var sources: [Int: Source]

    public init(openedAt: Date, sources: [Int: Source]) {
        self.openedAt = openedAt
        self.sources = sources
    }
}
