import Synchronization

/// Time that moves only when told, for tests: the run loop reads it, loaders sleep on it,
/// and `MemoryBackend` moves it on instead of waiting, so a test of timing rules takes no
/// real time and comes out the same on a busy machine.
public final class ManualClock: LoopClock {
    private struct Sleeper {
        let id: Int
        let until: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Duration = .zero
        var sleepers: [Sleeper] = []
        var cancelled: Set<Int> = []
        var nextID = 0
        /// Told when a sleeper starts waiting: whoever moves the clock may wait for that.
        var onSleep: (@Sendable () -> Void)?
        /// Counts the loads running or about to run (`follow(workInFlight:)`).
        var workInFlight: (@Sendable () -> Int)?
    }

    private let state = Mutex(State())

    public init() {}

    /// Calls `notify` (from the sleeper's thread) whenever a task starts sleeping on the
    /// clock, so that a test can wait for a load to reach its sleep instead of guessing.
    public func whenSleeping(_ notify: @escaping @Sendable () -> Void) {
        state.withLock { $0.onSleep = notify }
    }

    public var now: Duration { state.withLock { $0.now } }

    public func follow(workInFlight: @escaping @Sendable () -> Int) {
        state.withLock { $0.workInFlight = workInFlight }
    }

    /// Loads running or about to run, asleep on the clock or not.
    public var loadsInFlight: Int { state.withLock { $0.workInFlight }?() ?? 0 }

    /// How many tasks sleep on the clock now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The earliest instant a sleeper waits for.
    public var nextDeadline: Duration? { state.withLock { $0.sleepers.map(\.until).min() } }

    /// Suspends until the clock reaches `deadline`; throws `CancellationError` when the
    /// task is cancelled first.
    public func sleep(until deadline: Duration) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (resumeNow, notify): (Result<Void, any Error>?, (@Sendable () -> Void)?) = state.withLock {
                    state in
                    if state.cancelled.remove(id) != nil { return (.failure(CancellationError()), nil) }
                    if state.now >= deadline { return (.success(()), nil) }
                    state.sleepers.append(Sleeper(id: id, until: deadline, continuation: continuation))
                    return (nil, state.onSleep)
                }
                if let resumeNow { continuation.resume(with: resumeNow) }
                notify?()
            }
        } onCancel: {
            let sleeper: Sleeper? = state.withLock { state in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock on to `target`, or only to the first sleeper's deadline before it,
    /// and wakes the sleepers due then. Returns how many woke.
    @discardableResult
    public func advance(toward target: Duration) -> Int {
        let woken: [Sleeper] = state.withLock { state in
            let stop = min(target, state.sleepers.map(\.until).min() ?? target)
            state.now = max(state.now, stop)
            let due = state.sleepers.filter { $0.until <= state.now }
            state.sleepers.removeAll { $0.until <= state.now }
            return due
        }
        for sleeper in woken { sleeper.continuation.resume() }
        return woken.count
    }
}
