import FeedCore
import FeedStore
import FoundationEssentials
import Glibc
import Synchronization

/// The store as this run uses it: opened (or not, and why), what it held of the run's
/// sources (their posts handed to the view once, then let go), and the searches of it.
final class StoreOpening: Sendable {
    let store: FeedStore?
    /// What to tell the reader at start: the store was moved aside, or is not available.
    let notice: String?
    /// Each stored source's validators, by key: the first request of the run is
    /// conditional.
    let validators: [String: HTTPValidators]
    /// What the store held of each source, by index, until the loop takes it.
    private let pending: Mutex<[Int: StoredPosts]>

    private init(
        store: FeedStore?, notice: String?, validators: [String: HTTPValidators], pending: [Int: StoredPosts] = [:]
    ) {
        self.store = store
        self.notice = notice
        self.validators = validators
        self.pending = Mutex(pending)
    }

    /// Opens the store this run uses (none with `--no-store`, nor for `--dump` without
    /// `--offline`), and reads what it holds of the sources `keys` name (by index).
    static func open(options: CommandLineOptions, environment: [String: String], keys: [String?], now: Date)
        -> StoreOpening
    {
        guard !options.noStore, !options.dump || options.viewer.offline,
            let path = options.storePath ?? StoreLocation.defaultPath(environment: environment)
        else { return StoreOpening(store: nil, notice: nil, validators: [:]) }
        do {
            let (store, notice) = try FeedStore.open(at: path, now: now)
            let kept = try store.sources(keys.compactMap { $0 })
            var sources: [Int: StoredPosts] = [:]
            for (index, key) in keys.enumerated() {
                guard let key, let source = kept[key], !source.posts.isEmpty else { continue }
                sources[index] = .init(
                    feed: Feed(title: source.title, posts: source.posts), savedAt: source.lastSuccess ?? now,
                    read: Set(source.read.keys), liked: source.liked)
            }
            return StoreOpening(
                store: store, notice: notice,
                validators: kept.mapValues { HTTPValidators(etag: $0.etag, lastModified: $0.lastModified) },
                pending: sources)
        } catch {
            return StoreOpening(
                store: nil, notice: "going on without the store: \(error)", validators: [:])
        }
    }

    /// The stored posts, each source's first answer: given once, and not kept here.
    func takeStored() -> [Int: StoredPosts] {
        pending.withLock { pending in
            defer { pending = [:] }
            return pending
        }
    }

    /// A source's key in the store: a URL as written, a file by its real path; nil for
    /// standard input and the sample feed, which are never kept.
    static func key(of source: FeedSource) -> String? {
        switch source {
        case .url(let url): return url.absoluteString
        case .file(let path):
            guard let resolved = realpath(path, nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        case .sample, .standardInput: return nil
        }
    }

    /// Stored posts matching a search, each with its source's index in the view (which
    /// tags and names them).
    func search(_ query: String, keys: [String?]) -> [Post] {
        guard let store, let found = try? store.search(query, in: keys.compactMap { $0 }) else { return [] }
        return found.compactMap { source, post -> Post? in
            guard let index = keys.firstIndex(of: source) else { return nil }
            var post = post
            post.source = PostSource(index: index, name: nil)
            return post
        }
    }
}
