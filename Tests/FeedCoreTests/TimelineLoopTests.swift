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
                TimelineTests.post("s\(source)p\(index)", minutesAgo: source * 40 + index)
            }
            return ProbedLoader(
                feed: Feed(posts: posts), delay: .milliseconds(300 + 10 * source), clock: clock, probe: probe)
        }
        var options = ViewerOptions(source: "50 sources", animation: .slide)
        options.timelineSources = (0..<50).map { SourceStatus(name: "Source \($0)") }
        let done: (ScreenBuffer) -> Bool = { $0.lines.last?.contains("2,000 posts from 50 sources") == true }
        let backend = MemoryBackend(
            size: size, script: [.init(until: done, send: [.key(.character("q"))])], clock: clock)
        let loop = FeedRunLoop(
            state: AppState(options: options, size: size), backend: backend, loader: sources[0], sources: sources,
            clock: { [clock] in clock.now })
        backend.loadInFlight = { [unowned loop] in loop.state.sources.contains(where: \.isLoading) }
        #expect(loop.run() == 0)
        #expect(!backend.timedOut, "the script ran to its end")
        #expect(probe.most.load(ordering: .relaxed) == LoadTasks.concurrentSources)
        // The first source answers at 300 ms (past the skeleton's show delay, so held for
        // its minimum time); its rows are the next frame after that.
        let firstRows = try #require(
            backend.frames.indices.first { backend.frames[$0].lines.contains { $0.contains("Post s0p0") } })
        #expect(backend.frameTimes[firstRows] == SkeletonTiming.reveal(arrivedAt: .milliseconds(300)))
    }
}
