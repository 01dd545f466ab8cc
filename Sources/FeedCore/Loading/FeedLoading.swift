/// A source of posts. Loads run off the main actor, in a `Task` the loop can cancel; a
/// cancelled load throws `CancellationError` (or anything: its result is dropped).
public protocol FeedLoading: Sendable {
    func load() async throws -> Feed
}

/// Holds a load back by a simulated network latency (`--delay`), cancellably.
public struct DelayedFeedLoader<Base: FeedLoading>: FeedLoading {
    public var base: Base
    public var delay: Duration

    public init(_ base: Base, delay: Duration) {
        self.base = base
        self.delay = delay
    }

    public func load() async throws -> Feed {
        if delay > .zero { try await Task.sleep(for: delay) }
        return try await base.load()
    }
}
