import FeedCore
import FoundationEssentials

/// A source's loader that keeps what each load brings in the store: its posts, title and
/// validators on success, the time of a "not modified", the message of a failure. The
/// writes are handed to the store's own thread, in order, so that neither a frame nor the
/// answer waits on the disk; a store that cannot be written costs the store, never the load.
public struct StoringFeedLoader: FeedLoading {
    public var base: any FeedLoading
    public var store: FeedStore
    /// The source's key in the store: its URL, or a file's real path.
    public var key: String
    /// The validators the base loader holds now, for the store to keep.
    public var currentValidators: @Sendable () -> HTTPValidators
    /// The wall clock, for when each answer came.
    public var now: @Sendable () -> Date
    /// How many of its posts the store keeps (`keep=`).
    public var keep: Int

    public init(
        _ base: any FeedLoading, store: FeedStore, key: String, keep: Int = FeedStore.postsPerSource,
        currentValidators: @escaping @Sendable () -> HTTPValidators = { HTTPValidators() },
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.base = base
        self.store = store
        self.key = key
        self.keep = keep
        self.currentValidators = currentValidators
        self.now = now
    }

    public func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
        do {
            let feed = try await base.load(progress: progress)
            let validators = currentValidators()
            let date = now()
            // The posts kept, picked here: the writer holds a list of its own, never the
            // feed's, which the load's task then tags in place without a copy (100,000
            // posts are tens of megabytes).
            let kept = FeedStore.newest(feed.posts, limit: keep, copying: true)
            let (title, keep) = (feed.title, keep)
            // The read state a reader server keeps, kept with the posts: offline shows it.
            let key = key
            let readOnServer = kept.compactMap { post in
                post.readOnServer.map { (source: key, post: post.id, readAt: $0 ? date : nil) }
            }
            store.later { (store) throws(FeedStore.Unavailable) in
                try store.saveAnswer(
                    source: key, title: title, posts: kept, etag: validators.etag,
                    lastModified: validators.lastModified, at: date, keep: keep)
                try store.saveMarks(read: readOnServer, liked: [])
            }
            return feed
        } catch Failure.notModified {
            let date = now()
            store.later { (store) throws(FeedStore.Unavailable) in try store.saveNotModified(source: key, at: date) }
            throw Failure.notModified
        } catch let failure as Failure where !Task.isCancelled {
            let date = now()
            store.later { (store) throws(FeedStore.Unavailable) in
                try store.saveFailure(source: key, message: failure.message, at: date)
            }
            throw failure
        }
    }

    public func loadPage(_ url: String) async throws -> Feed {
        try await base.loadPage(url)
    }
}
