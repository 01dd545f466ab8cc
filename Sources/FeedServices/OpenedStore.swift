import FeedCommandLine
import FeedCore
import FeedNetwork
import FeedStore
import FoundationEssentials
import Glibc
import Synchronization

/// The store as this run uses it: opened (or not, and why), the newest of what it held of
/// the run's sources (a first screen, read at once), all of it (read when the loop takes
/// it, once that screen is drawn), and the searches of it.
public final class OpenedStore: Sendable {
    public let store: FeedStore?
    /// What to tell the reader at start: the store was moved aside, or is not available.
    public let notice: String?
    /// Each stored source's validators, by key: the first request of the run is
    /// conditional.
    let validators: [String: HTTPValidators]
    /// The newest posts kept of all the sources, by index: a screen's worth, drawn while
    /// the rest is read (300 sources' 15,000 posts take most of a start's 100 ms).
    public let firstScreen: [Int: StoredPosts]
    /// The most posts `firstScreen` holds: more than the rows of the tallest screen.
    static let firstScreenPosts = 200
    /// The sources' keys and statuses, by index, for the rest.
    private let keys: [String?]
    private let statuses: [SourceStatus]
    private let now: Date
    /// Whether the rest has been taken: it is given once.
    private let taken = Mutex(false)

    private init(
        store: FeedStore?, notice: String?, validators: [String: HTTPValidators] = [:],
        firstScreen: [Int: StoredPosts] = [:], keys: [String?] = [], statuses: [SourceStatus] = [], now: Date = Date()
    ) {
        self.store = store
        self.notice = notice
        self.validators = validators
        self.firstScreen = firstScreen
        self.keys = keys
        self.statuses = statuses
        self.now = now
    }

    /// No store.
    public static let none = OpenedStore(store: nil, notice: nil)

    /// The store's file this run uses, opened (none with `--no-store`, nor for `--dump`
    /// without `--offline`); or why there is none.
    public static func file(options: CommandLineOptions, environment: [String: String], now: Date) -> (
        store: FeedStore?, notice: String?
    ) {
        guard !options.noStore, !options.dump || options.viewer.offline,
            let path = options.storePath ?? StoreLocation.defaultPath(environment: environment)
        else { return (nil, nil) }
        do {
            return try FeedStore.open(at: path, now: now)
        } catch {
            return (nil, "going on without the store: \(error)")
        }
    }

    /// The newest of what `store` holds of the sources `keys` name (by index), as their
    /// statuses name them.
    public static func reading(
        _ store: FeedStore?, notice: String?, keys: [String?], statuses: [SourceStatus], now: Date
    ) -> OpenedStore {
        guard let store else { return OpenedStore(store: nil, notice: notice) }
        var newest: [String: FeedStore.Source]
        do {
            newest = try store.sources(keys.compactMap { $0 }, newest: firstScreenPosts)
        } catch {
            // A file that cannot be read may be damaged: checked now, and moved aside if so.
            let damage = store.checkIntegrity(now: now)
            return OpenedStore(store: nil, notice: "going on without the store: \(damage ?? error.description)")
        }
        // The whole file checked once the first screen is read, before any write.
        store.checkLater(now: now)
        let validators = newest.mapValues { HTTPValidators(etag: $0.etag, lastModified: $0.lastModified) }
        return OpenedStore(
            store: store, notice: notice, validators: validators,
            firstScreen: stored(taking: &newest, keys: keys, statuses: statuses, now: now), keys: keys,
            statuses: statuses, now: now)
    }

    /// All the store holds of the sources, each source's first answer: read now, given
    /// once, and not kept here. Where it cannot be read, the first screen is all there is.
    public func takeStored() -> [Int: StoredPosts] {
        let first = taken.withLock { taken in
            defer { taken = true }
            return !taken
        }
        guard let store, first else { return [:] }
        guard var kept = try? store.sources(keys.compactMap { $0 }) else { return firstScreen }
        return Self.stored(taking: &kept, keys: keys, statuses: statuses, now: now)
    }

    /// What the store kept of each source (taken out of `kept`), by index, tagged as the
    /// view tags its posts: here, where they are not shared, in place (the view's own
    /// tagging copied each).
    private static func stored(
        taking kept: inout [String: FeedStore.Source], keys: [String?], statuses: [SourceStatus], now: Date
    ) -> [Int: StoredPosts] {
        var sources: [Int: StoredPosts] = [:]
        for (index, key) in keys.enumerated() {
            guard let key, var source = kept.removeValue(forKey: key), !source.posts.isEmpty else { continue }
            var feed = Feed(title: source.title, posts: [])
            swap(&feed.posts, &source.posts)
            let name = keys.count == 1 ? nil : statuses[index].name(answering: feed)
            feed.posts.tag(with: PostSource(index: index, name: name))
            // A post kept before its network was written beside it is its source's network's.
            if let network = statuses[index].network.id {
                for post in feed.posts.indices where feed.posts[post].network == nil {
                    feed.posts[post].network = network
                }
            }
            sources[index] = .init(
                feed: feed, savedAt: source.lastSuccess ?? now, read: Set(source.read.keys), liked: source.liked)
        }
        return sources
    }

    /// A source's key in the store: a URL as written, a file by its real path; nil for
    /// standard input and the sample feed, which are never kept, and for a saved search,
    /// whose posts are other sources'.
    public static func key(of source: FeedSource) -> String? {
        switch source {
        case .url(let url): return url.absoluteString
        case .file(let path):
            guard let resolved = realpath(path, nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        case .sample, .standardInput, .search: return nil
        }
    }

    /// Stored posts matching a search, each with its source's index in the view (which
    /// tags and names them).
    public func search(_ query: String, keys: [String?]) -> [Post] {
        guard let store, let found = try? store.search(query, in: keys.compactMap { $0 }) else { return [] }
        return found.compactMap { source, post -> Post? in
            guard let index = keys.firstIndex(of: source) else { return nil }
            var post = post
            post.source = PostSource(index: index, name: nil)
            return post
        }
    }
}
