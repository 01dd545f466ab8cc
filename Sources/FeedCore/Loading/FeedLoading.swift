/// A source of posts. Loads run off the main actor, in a `Task` the loop can cancel; a
/// cancelled load throws `CancellationError` (or anything: its result is dropped).
public protocol FeedLoading: Sendable {
    /// Loads the feed's first page. While a large feed decodes, `progress` receives the
    /// posts decoded so far and how many of how many elements are done.
    func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed
    /// Loads a further page, from a feed's `nextPage`.
    func loadPage(_ url: String) async throws -> Feed
}

extension FeedLoading {
    public func loadPage(_ url: String) async throws -> Feed {
        throw Failure.noFurtherPages
    }
}

/// Holds a load back by a simulated network latency (`--delay`), cancellably.
public struct DelayedFeedLoader<Base: FeedLoading>: FeedLoading {
    public var base: Base
    public var delay: Duration

    public init(_ base: Base, delay: Duration) {
        self.base = base
        self.delay = delay
    }

    public func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
        if delay > .zero { try await Task.sleep(for: delay) }
        return try await base.load(progress: progress)
    }

    public func loadPage(_ url: String) async throws -> Feed {
        if delay > .zero { try await Task.sleep(for: delay) }
        return try await base.loadPage(url)
    }
}
