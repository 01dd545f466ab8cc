import Foundation
import Synchronization
import TestSupport
import Testing

@testable import FeedCore
@testable import FeedTransport

/// Cancelling a load returns at once in every phase, and leaves no thread behind.
@Suite(.serialized, .timeLimit(.minutes(1))) struct CancellationTests {
    let server: FeedServer

    init() throws {
        server = try FeedServer()
    }

    /// Starts a load of `url`, cancels it after `after`, and says how long the cancelled
    /// task took to end, and what it ended with.
    private func cancel(_ url: URL, after: Duration) async throws -> (Duration, (any Error)?) {
        let loader = documentLoader(.url(url), timeout: .seconds(30))
        let task = Task { try await loader.load { _, _, _ in } }
        try await Task.sleep(for: after)
        let clock = ContinuousClock()
        let start = clock.now
        task.cancel()
        let result = await task.result
        let elapsed = clock.now - start
        if case .failure(let error) = result { return (elapsed, error) }
        return (elapsed, nil)
    }

    // The bound is far from the 100 ms the transport aims at (make bench measures that);
    // it fails on a hang, and on libcurl's one-second internal waits.
    static let bound: Duration = .milliseconds(500)
    /// The most transfer threads the suites running beside this one hold at once.
    static let othersTransfers = 10

    @Test func cancellingDuringAConnectThatNeverCompletesEndsAtOnce() async throws {
        let (elapsed, error) = try await cancel(server.hangingURL, after: .milliseconds(300))
        #expect(error is CancellationError, "\(String(describing: error))")
        #expect(elapsed < Self.bound, "took \(elapsed)")
    }

    @Test func cancellingWhileWaitingForHeadersEndsAtOnce() async throws {
        let (elapsed, error) = try await cancel(server.url("/slow"), after: .milliseconds(300))
        #expect(error is CancellationError, "\(String(describing: error))")
        #expect(elapsed < Self.bound, "took \(elapsed)")
    }

    @Test func cancellingWhileABodyStreamsEndsAtOnceAndClosesTheConnection() async throws {
        let (elapsed, error) = try await cancel(server.url("/drip"), after: .milliseconds(300))
        #expect(error is CancellationError, "\(String(describing: error))")
        #expect(elapsed < Self.bound, "took \(elapsed)")
        try await expectStreamsEnd()
    }

    @Test func cancellingWhileABodyStreamsAtFullSpeedEndsAtOnce() async throws {
        let loader = documentLoader(.url(server.url("/endless")), timeout: .seconds(30), maxSize: 1 << 30)
        let task = Task { try await loader.load { _, _, _ in } }
        try await Task.sleep(for: .milliseconds(300))
        let clock = ContinuousClock()
        let start = clock.now
        task.cancel()
        let result = await task.result
        #expect(clock.now - start < Self.bound, "took \(clock.now - start)")
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test func aLoadCancelledBeforeItStartsSendsNothing() async throws {
        let before = try server.streams().total
        let loader = documentLoader(.url(server.url("/drip")), timeout: .seconds(30))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await loader.load { _, _, _ in }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try server.streams().total == before)
    }

    @Test func twoHundredCancelledLoadsLeaveNoThreadAndNoConnection() async throws {
        let threadsBefore = runningIOThreads()
        for _ in 0..<200 {
            _ = try await cancel(server.url("/drip"), after: .milliseconds(1))
        }
        try await expectStreamsEnd()
        // Each transfer's thread ends once its transfer has; give the last a moment. The
        // count is the process's: the suites running beside this one have transfers of
        // their own on threads that come and go (5 against 3 once), so a few more than
        // before are theirs; a thread left by each cancelled load would be 200.
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(5)
        while runningIOThreads() > threadsBefore, clock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(runningIOThreads() <= threadsBefore + Self.othersTransfers)
    }

    /// Waits until the server streams nothing (the cancelled loads' connections closed).
    private func expectStreamsEnd(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(5)
        while try server.streams().open > 0, clock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(try server.streams().open == 0, sourceLocation: sourceLocation)
    }
}

/// The threads of this process that carry `DedicatedThread.name` now.
private func runningIOThreads() -> Int {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.filter { id in
        let name = try? String(contentsOfFile: "/proc/self/task/\(id)/comm", encoding: .utf8)
        return name?.trimmingCharacters(in: .whitespacesAndNewlines) == DedicatedThread.name
    }.count
}
