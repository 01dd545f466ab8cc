/// The loop's time, since it started: what it hands `AppState.apply`, and what a simulated
/// latency sleeps on. The viewer runs on the system's clock; tests and `--dump` run on a
/// `ManualClock` that moves only when told.
public protocol LoopClock: Sendable {
    var now: Duration { get }
    /// Suspends until `now` reaches `deadline`; throws `CancellationError` when the task
    /// is cancelled first.
    func sleep(until deadline: Duration) async throws
    /// Told how to count the loads running or about to run (the loop's own tasks). Real
    /// time does not care; simulated time must not run ahead of a load still awake.
    func follow(workInFlight: @escaping @Sendable () -> Int)
}

extension LoopClock {
    public func follow(workInFlight: @escaping @Sendable () -> Int) {}

    /// Suspends for `duration` from now; throws `CancellationError` when the task is
    /// cancelled first.
    public func sleep(for duration: Duration) async throws {
        try await sleep(until: now + duration)
    }
}

/// The system's monotonic clock, from the moment it was made.
public struct SystemLoopClock: LoopClock {
    private let origin = ContinuousClock.now

    public init() {}

    public var now: Duration { ContinuousClock.now - origin }

    public func sleep(until deadline: Duration) async throws {
        try await Task.sleep(until: origin + deadline, clock: .continuous)
    }
}
