import FoundationEssentials

/// What the store kept of a source from the last run: its posts as last decoded, when its
/// feed last answered, and the reader's marks on them. It is the source's first answer of
/// a run (`SourceAnswer.Outcome.stored`), shown while its own load goes on.
public struct StoredPosts: Sendable, Equatable {
    /// Its title and posts, newest first.
    public var feed: Feed
    /// When its feed last answered.
    public var savedAt: Date
    /// Its posts the reader had read, and liked, by their ids as the feed wrote them.
    public var read: Set<PostID>
    public var liked: Set<PostID>

    public init(feed: Feed, savedAt: Date, read: Set<PostID> = [], liked: Set<PostID> = []) {
        self.feed = feed
        self.savedAt = savedAt
        self.read = read
        self.liked = liked
    }
}

extension SourceAnswer {
    /// The store's answers for load `generation` of `sources` sources: what it kept of
    /// each (`kept`, by index); offline, also that it kept nothing of the others. They come
    /// right after `.start`, before any load can answer, so that the first frame holds them.
    public static func stored(
        _ kept: [Int: StoredPosts], sources: Int, offline: Bool, generation: Int, date: Date
    ) -> [SourceAnswer] {
        (0..<sources).compactMap { index in
            guard kept[index] != nil || offline else { return nil }
            return SourceAnswer(generation: generation, source: index, outcome: .stored(kept[index]), date: date)
        }
    }
}
