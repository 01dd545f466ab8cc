import Foundation
import Synchronization
import Testing

@testable import FeedCore

/// A timeline of 50 sources through the loop, on a manual clock: at most 8 load at once,
/// and the first rows are drawn in the frame after the first answer.
@MainActor
@Suite struct TimelineLoopTests {
    final class Probe: Sendable {
        let live = Atomic<Int>(0)
        let most = Atomic<Int>(0)
    }

    /// A source that answers after `delay` on the manual clock, counting how many run.
    struct ProbedLoader: FeedLoading {
        let feed: Feed
        let delay: Duration
        let clock: ManualClock
        let probe: Probe

        func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
            let running = probe.live.add(1, ordering: .relaxed).newValue
            probe.most.max(running, ordering: .relaxed)
            defer { probe.live.subtract(1, ordering: .relaxed) }
            try await clock.sleep(until: clock.now + delay)
            return feed
        }
    }

    @Test func fiftySourcesLoadEightAtATimeAndTheFirstRowsComeAtOnce() throws {
        let clock = ManualClock()
        let probe = Probe()
        let size = TerminalSize(width: 80, height: 24)
        let sources: [any FeedLoading] = (0..<50).map { source in
            let posts = (0..<40).map { index in
                Views.post("s\(source)p\(index)", minutesAgo: source * 40 + index)
            }
            return ProbedLoader(
                feed: Feed(posts: posts), delay: .milliseconds(300 + 10 * source), clock: clock, probe: probe)
        }
        let options = ViewerOptions(sources: (0..<50).map { SourceStatus(name: "Source \($0)") })
        let done: (ScreenBuffer) -> Bool = { $0.lines.last?.contains("2,000 posts from 50 sources") == true }
        let backend = MemoryBackend(
            size: size, script: [.init(until: done, send: [.key(.character("q"))])], clock: clock)
        let loop = FeedRunLoop(
            state: AppState(options: options, size: size), backend: backend, loaders: sources, clock: clock)
        #expect(loop.run() == 0)
        #expect(!backend.timedOut, "the script ran to its end")
        #expect(probe.most.load(ordering: .relaxed) == SourceLoads.concurrency)
        // The first source answers at 300 ms, past the skeleton's show delay; its rows are
        // the next frame, not held for the skeleton's minimum time: skeleton rows stay for
        // the 49 still loading.
        let firstRows = try #require(
            backend.frames.indices.first { backend.frames[$0].lines.contains { $0.contains("Post s0p0") } })
        #expect(backend.frameTimes[firstRows] == .milliseconds(300))
    }

    @Test func refreshingEveryFewSecondsKeepsNoEndedLoads() throws {
        let clock = ManualClock()
        let probe = Probe()
        let size = TerminalSize(width: 80, height: 24)
        let sources: [any FeedLoading] = (0..<3).map { (source: Int) in
            ProbedLoader(
                feed: Feed(posts: [Views.post("s\(source)", minutesAgo: source)]), delay: .milliseconds(100),
                clock: clock, probe: probe)
        }
        var options = ViewerOptions(sources: (0..<3).map { SourceStatus(name: "Source \($0)") }, animation: .none)
        options.refreshInterval = .seconds(5)
        final class Seen: @unchecked Sendable { var kept: Int? }
        let seen = Seen()
        var loop: FeedRunLoop!
        // A minute on: how many loads the loop still keeps.
        let aMinuteOn: (ScreenBuffer) -> Bool = { _ in
            guard clock.now >= .milliseconds(60_200) else { return false }
            seen.kept = loop.keptLoads
            return true
        }
        let backend = MemoryBackend(
            size: size, script: [.init(until: aMinuteOn, send: [.key(.character("q"))])], clock: clock,
            deadline: .seconds(120))
        loop = FeedRunLoop(
            state: AppState(options: options, size: size), backend: backend, loaders: sources, clock: clock)
        #expect(loop.run() == 0)
        #expect(!backend.timedOut, "the script ran to its end")
        // Twelve refreshes in a minute: of their loads, only the latest (and the one before,
        // ended since the last start) are kept.
        #expect(probe.most.load(ordering: .relaxed) == 3)
        #expect((seen.kept ?? 99) <= 2)
    }
}
