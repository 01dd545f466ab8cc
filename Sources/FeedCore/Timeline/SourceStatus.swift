import FoundationEssentials

/// One source of a timeline of several: its name, where its load stands, its posts, and
/// when it may be asked again.
public struct SourceStatus: Sendable, Equatable {
    public enum Phase: Sendable, Equatable {
        case loading
        case loaded
        case failed(Failure)
    }

    /// The name rows show: the subscription's title, else the feed's, else the host.
    public var name: String
    /// Whether `name` came from the subscription, and so stays whatever the feed says.
    public var named: Bool
    public var phase: Phase
    /// When it last loaded (or answered "not modified").
    public var lastSuccess: Date?
    /// Failures in a row: each doubles the wait before the next refresh asks it.
    public var failures = 0
    /// Not to be asked before this instant (loop time): the back-off after a failure, or
    /// the server's `Retry-After`.
    public var notBefore: Duration?
    /// Whether it has answered once: a failure after that keeps its posts.
    public var hasLoaded: Bool { lastSuccess != nil }

    public init(name: String, named: Bool = false, phase: Phase = .loading) {
        self.name = name
        self.named = named
        self.phase = phase
    }

    public var isLoading: Bool { phase == .loading }

    public var failure: Failure? {
        if case .failed(let failure) = phase { return failure }
        return nil
    }

    /// The wait before a source that failed `failures` times in a row is asked again:
    /// the refresh interval, doubled each time, at most an hour; a `Retry-After` longer
    /// than that wins.
    public static func backOff(interval: Duration, failures: Int, retryAfter: Duration?) -> Duration {
        let doubled = interval * (1 << min(max(0, failures - 1), 10))
        let wait = min(doubled, .seconds(3600))
        guard let retryAfter else { return wait }
        return max(wait, retryAfter)
    }
}
