import Glibc
import Synchronization

@testable import FeedCore

/// A loader that counts its loads and cancellations and answers after a delay on the
/// test's manual clock.
final class CountingLoader: FeedLoading {
    let feed: Feed
    let delay: Duration
    let clock: ManualClock
    let started = Atomic<Int>(0)
    let cancelled = Atomic<Int>(0)
    let live = Atomic<Int>(0)
    /// The most loads that ran at once.
    let mostLive = Atomic<Int>(0)

    init(feed: Feed, delay: Duration, clock: ManualClock) {
        self.feed = feed
        self.delay = delay
        self.clock = clock
    }

    func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
        started.add(1, ordering: .relaxed)
        let running = live.add(1, ordering: .relaxed).newValue
        mostLive.max(running, ordering: .relaxed)
        defer { live.subtract(1, ordering: .relaxed) }
        do {
            try await clock.sleep(for: delay)
        } catch {
            cancelled.add(1, ordering: .relaxed)
            throw error
        }
        return feed
    }
}

/// A loader whose loads end when the test lets them go, by number (1 for the first):
/// with the backend's schedule, at an exact instant of the manual clock, however late the
/// load's task started in real time.
final class GatedLoader: FeedLoading {
    let feed: Feed
    private struct Gates {
        var started = 0
        var opened: Set<Int> = []
        var waiting: [Int: CheckedContinuation<Void, any Error>] = [:]
    }
    private let gates = Mutex(Gates())

    init(feed: Feed) {
        self.feed = feed
    }

    var started: Int { gates.withLock { $0.started } }

    /// Lets load `number` return its feed.
    func release(_ number: Int) {
        let waiting = gates.withLock { gates in
            gates.opened.insert(number)
            return gates.waiting.removeValue(forKey: number)
        }
        waiting?.resume()
    }

    func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
        let number = gates.withLock { gates in
            gates.started += 1
            return gates.started
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let open = gates.withLock { gates in
                    if gates.opened.contains(number) { return true }
                    gates.waiting[number] = continuation
                    return false
                }
                if open { continuation.resume() }
            }
        } onCancel: {
            let waiting = gates.withLock { $0.waiting.removeValue(forKey: number) }
            waiting?.resume(throwing: CancellationError())
        }
        return feed
    }
}

/// A loader that works in real time, sleeping on no clock (as parsing a big file does),
/// then answers.
final class WorkingLoader: FeedLoading {
    let feed: Feed
    let work: Duration

    init(feed: Feed, work: Duration) {
        self.feed = feed
        self.work = work
    }

    func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
        // Blocks its thread, as CPU-bound work would: no suspension the clock could see.
        usleep(UInt32(work.components.attoseconds / 1_000_000_000_000 + work.components.seconds * 1_000_000))
        return feed
    }
}

/// The placeholder shapes' generator, as the tests' seeded random numbers: a seed repeats a
/// case and names it.
extension SplitMix64: RandomNumberGenerator {}

/// A store that holds posts of the sources and nothing else: its first screen, then the
/// rest as `readAll` gives them.
struct KeptPosts: StoreServices {
    let firstScreen: [Int: StoredPosts]
    let readAll: @Sendable () -> [Int: StoredPosts]

    init(firstScreen: [Int: StoredPosts], readAll: @escaping @Sendable () -> [Int: StoredPosts]) {
        self.firstScreen = firstScreen
        self.readAll = readAll
    }

    func takeStored() -> [Int: StoredPosts] { readAll() }
    func keepMarks(_ marks: [PostMark]) {}
    func search(_ query: String) -> [Post]? { nil }
}
