import FeedCore
import FoundationEssentials

/// A saved search as a source (`search "swift ncurses"` in the subscriptions file, or
/// `search:swift ncurses`): the store's posts that hold every word of the query, newest
/// first. Asked on the store's own thread after the writes handed over before it, so that
/// the posts another source has just brought are found.
public struct SavedSearchLoader: FeedLoading {
    public var store: FeedStore
    public var query: String
    /// The store keys of the sources searched; empty for every source the store holds.
    public var keys: [String]
    /// The most posts it shows.
    public var limit: Int

    public init(store: FeedStore, query: String, keys: [String], limit: Int = 500) {
        self.store = store
        self.query = query
        self.keys = keys
        self.limit = limit
    }

    public func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
        let (store, query, keys, limit) = (store, query, keys, limit)
        let found = try await store.afterWrites { store throws(FeedStore.Unavailable) in
            try store.search(query, in: keys.isEmpty ? try store.sourceKeys() : keys, limit: limit).map(\.post)
        }
        // No title: the source's name (the subscription's, else "“QUERY”") says it.
        return Feed(posts: found)
    }
}

extension FeedStore {
    /// `read`, on the store's own thread, after the writes asked for before it; its result
    /// (or why the store could not answer) back to the caller.
    func afterWrites<Result: Sendable>(
        _ read: @escaping @Sendable (FeedStore) throws(Unavailable) -> Result
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            queue.add { [self] in
                do {
                    continuation.resume(returning: try read(self))
                } catch {
                    continuation.resume(throwing: Failure.unexpected("the store could not be searched: \(error)"))
                }
            }
        }
    }

    /// The key of every source the store holds.
    public func sourceKeys() throws(Unavailable) -> [String] {
        try withDatabase { database in
            try database.execute("SELECT key FROM sources").compactMap { $0[0].text }
        }
    }
}
