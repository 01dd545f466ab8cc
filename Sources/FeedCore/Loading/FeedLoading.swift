/// A source of posts. Loads run off the main actor, in a `Task` the loop can cancel; a
/// cancelled load throws `CancellationError` (or anything: its result is dropped).
public protocol FeedLoading: Sendable {
    /// Loads the feed's first page. While a document arrives or decodes, `progress` receives
    /// the posts so far and how many of how many elements are done (0 of 0 while a body is
    /// still arriving).
    func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed
    /// Loads a further page, from a feed's `nextPage`.
    func loadPage(_ url: String) async throws -> Feed
}

extension FeedLoading {
    public func loadPage(_ url: String) async throws -> Feed {
        throw Failure.noFurtherPages
    }
}

/// Holds a load back by a simulated network latency (`--delay`, the sample feed's), on the
/// loop's clock, cancellably: the same rule for every source and every page, in the viewer
/// and in `--dump`.
public struct DelayedFeedLoader: FeedLoading {
    public var base: any FeedLoading
    public var delay: Duration
    public var clock: any LoopClock

    public init(_ base: any FeedLoading, delay: Duration, clock: any LoopClock) {
        self.base = base
        self.delay = delay
        self.clock = clock
    }

    public func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
        try await wait()
        return try await base.load(progress: progress)
    }

    public func loadPage(_ url: String) async throws -> Feed {
        try await wait()
        return try await base.loadPage(url)
    }

    private func wait() async throws {
        guard delay > .zero else { return }
        try await clock.sleep(for: delay)
    }
}
