import Foundation
import Synchronization
import TestSupport
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
            try await clock.sleep(for: delay)
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
            state: AppState(options: options, size: size), backend: backend, services: LoopServices(loaders: sources),
            clock: clock)
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
            state: AppState(options: options, size: size), backend: backend, services: LoopServices(loaders: sources),
            clock: clock)
        #expect(loop.run() == 0)
        #expect(!backend.timedOut, "the script ran to its end")
        // Twelve refreshes in a minute: of their loads, only the latest (and the one before,
        // ended since the last start) are kept.
        #expect(probe.most.load(ordering: .relaxed) == 3)
        #expect((seen.kept ?? 99) <= 2)
    }

    /// A start from the store: the newest posts it kept are drawn before the rest is read,
    /// as the same rows the whole then shows at the top, the status line left for the
    /// whole's counts.
    @Test func theStoresNewestPostsAreDrawnBeforeTheRestIsRead() throws {
        let clock = ManualClock()
        let size = TerminalSize(width: 80, height: 24)
        // Source s's post i is (i * 30 + s) minutes old: the sources' posts interleave.
        func kept(_ source: Int, _ range: Range<Int>) -> StoredPosts {
            StoredPosts(
                feed: Feed(posts: range.map { Views.post("s\(source)p\($0)", minutesAgo: $0 * 30 + source) }),
                savedAt: Views.now)
        }
        let all = Dictionary(uniqueKeysWithValues: (0..<30).map { ($0, kept($0, 0..<50)) })
        // The newest 60 of them all: each source's first two.
        let firstScreen = Dictionary(uniqueKeysWithValues: (0..<30).map { ($0, kept($0, 0..<2)) })
        let sources: [any FeedLoading] = (0..<30).map { _ in
            ProbedLoader(feed: Feed(posts: []), delay: .seconds(3600), clock: clock, probe: Probe())
        }
        let options = ViewerOptions(sources: (0..<30).map { SourceStatus(name: "Source \($0)") }, animation: .none)
        let whole: (ScreenBuffer) -> Bool = { $0.lines.last?.contains("1,500 posts from 30 sources") == true }
        let backend = MemoryBackend(
            size: size, script: [.init(until: whole, send: [.key(.character("q"))])], clock: clock)
        final class Reading: @unchecked Sendable { var framesBefore: Int? }
        let reading = Reading()
        // Read by the loop, on its own actor.
        let store = KeptPosts(firstScreen: firstScreen) {
            reading.framesBefore = MainActor.assumeIsolated { backend.frames.count }
            return all
        }
        let loop = FeedRunLoop(
            state: AppState(options: options, size: size), backend: backend,
            services: LoopServices(loaders: sources, store: store), clock: clock)
        #expect(loop.run() == 0)
        #expect(!backend.timedOut, "the script ran to its end")
        #expect(reading.framesBefore == 1, "one frame, the first screen's, before the rest was read")
        let firstFrame = try #require(backend.frames.first)
        let final = try #require(backend.frames.last)
        #expect(firstFrame.lines[0].contains("Writer s0p0"), "the newest post on top: \(firstFrame.lines[0])")
        #expect(firstFrame.lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true, "no counts yet")
        #expect(Array(firstFrame.lines.dropLast()) == Array(final.lines.dropLast()), "the rows the whole shows")
    }
}
