import FeedCore
import FeedStore
import FeedTransport
import FoundationEssentials
import Glibc

/// The store as this run uses it: opened (or not, and why), and what it held of the
/// run's sources.
struct StoreOpening {
    var store: FeedStore?
    /// What to tell the reader at start: the store was moved aside, or is not available.
    var notice: String?
    /// What the store held, by source key.
    var restored: [String: FeedStore.Source] = [:]
    var openedAt: Date

    /// Opens the store this run uses, and reads what it holds of the sources `keys` name.
    static func open(options: CommandLineOptions, environment: [String: String], keys: [String?], now: Date)
        -> StoreOpening
    {
        var opening = StoreOpening(openedAt: now)
        guard !options.noStore, !options.dump || options.offline,
            let path = options.storePath ?? StoreLocation.defaultPath(environment: environment)
        else { return opening }
        do {
            let (store, notice) = try FeedStore.open(at: path, now: now)
            opening.notice = notice
            opening.restored = try store.sources(keys.compactMap { $0 })
            opening.store = store
        } catch {
            opening.notice = "going on without the store: \(error)"
        }
        return opening
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

    /// What the store held of the sources `keys` name, as the view starts with it.
    func timeline(keys: [String?]) -> RestoredTimeline? {
        guard store != nil else { return nil }
        var sources: [Int: RestoredTimeline.Source] = [:]
        for (index, key) in keys.enumerated() {
            guard let key, let kept = restored[key], !kept.posts.isEmpty else { continue }
            sources[index] = .init(
                feed: Feed(title: kept.title, posts: kept.posts), savedAt: kept.lastSuccess ?? openedAt,
                read: Set(kept.read.keys.map { $0.tagged(by: index) }),
                liked: Set(kept.liked.map { $0.tagged(by: index) }))
        }
        return RestoredTimeline(openedAt: openedAt, sources: sources)
    }

    /// Stored posts matching a search, as the view knows its posts: tagged with their
    /// source's index, and named by it when the view has several.
    func search(_ query: String, keys: [String?], entries: [SourceList.Entry]) -> [Post] {
        guard let store, let found = try? store.search(query, in: keys.compactMap { $0 }) else { return [] }
        return found.compactMap { source, post -> Post? in
            guard let index = keys.firstIndex(of: source) else { return nil }
            var post = post
            post.id = post.id.tagged(by: index)
            let name = entries[index].title ?? restored[source]?.title ?? entries[index].source.shortName
            post.source = PostSource(index: index, name: keys.count == 1 ? nil : name)
            return post
        }
    }
}
