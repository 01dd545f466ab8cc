import Foundation
import Synchronization
import Testing

@testable import FeedCore

/// A loader that counts its loads and cancellations and answers after a delay.
final class CountingLoader: FeedLoading {
    let feed: Feed
    let delay: Duration
    let started = Atomic<Int>(0)
    let cancelled = Atomic<Int>(0)
    let live = Atomic<Int>(0)
    /// The most loads that ran at once.
    let mostLive = Atomic<Int>(0)

    init(feed: Feed, delay: Duration) {
        self.feed = feed
        self.delay = delay
    }

    func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
        started.add(1, ordering: .relaxed)
        let running = live.add(1, ordering: .relaxed).newValue
        mostLive.max(running, ordering: .relaxed)
        defer { live.subtract(1, ordering: .relaxed) }
        do {
            try await Task.sleep(for: delay)
        } catch {
            cancelled.add(1, ordering: .relaxed)
            throw error
        }
        return feed
    }
}

@MainActor
@Suite struct RunLoopTests {
    let size = TerminalSize(width: 80, height: 24)

    private func shows(_ text: String) -> (ScreenBuffer) -> Bool {
        { frame in frame.lines.contains { $0.contains(text) } }
    }

    private func isSkeleton(_ frame: ScreenBuffer) -> Bool {
        frame.cells.contains { $0.style.ink.isSkeleton }
    }

    @Test func showsTheSkeletonThenThePosts() throws {
        let loader = CountingLoader(feed: try RenderTests.fixtureFeed(), delay: .milliseconds(300))
        let backend = MemoryBackend(
            size: size, script: [.init(until: shows("Ada Park"), send: [.key(.character("q"))])])
        let loop = FeedRunLoop(
            state: AppState(source: "t", animation: .slide, size: size), backend: backend, loader: loader)
        #expect(loop.run() == 0)
        #expect(!backend.timedOut)
        // The first frame says it is loading; the skeleton follows after the show delay.
        let first = try #require(backend.frames.first)
        #expect(first.lines.last?.contains("Loading…") == true)
        #expect(!isSkeleton(first))
        #expect(!shows("Ada Park")(first))
        // The shimmer animated: several distinct skeleton frames before the posts.
        let skeletonFrames = backend.frames.filter(isSkeleton)
        #expect(Set(skeletonFrames.map(\.styleMask)).count > 1)
    }

    @Test func rTogglesBetweenReloadSkeletonAndRowsAndCancelsTheLoad() throws {
        let loader = CountingLoader(feed: try RenderTests.fixtureFeed(), delay: .milliseconds(400))
        let clock = ContinuousClock()
        var rowsBackAt: ContinuousClock.Instant?
        let backend = MemoryBackend(
            size: size,
            script: [
                .init(until: shows("Ada Park"), send: [.key(.character("r"))]),
                .init(until: isSkeleton, send: [.key(.character("r"))]),
                .init(
                    until: { frame in
                        guard self.shows("Ada Park")(frame) else { return false }
                        rowsBackAt = clock.now
                        return true
                    }, send: []),
                // Quit only after the cancelled load would have delivered, to prove that
                // its result changes nothing.
                .init(
                    until: { _ in rowsBackAt.map { clock.now - $0 > .milliseconds(600) } ?? false },
                    send: [.key(.character("q"))]),
            ])
        let loop = FeedRunLoop(
            state: AppState(source: "t", animation: .slide, size: size), backend: backend, loader: loader)
        #expect(loop.run() == 0)
        #expect(!backend.timedOut)
        // The reload ran (the first load had ended) and was cancelled mid-way.
        #expect(loader.started.load(ordering: .relaxed) == 2)
        #expect(loader.cancelled.load(ordering: .relaxed) == 1)
        let last = try #require(backend.frames.last)
        #expect(shows("Ada Park")(last) && !isSkeleton(last))
        #expect(loop.state.lastLoadDuration.map { $0 < .milliseconds(600) } == true, "the first load's figure stays")
    }

    @Test func whenNothingMovesTheLoopBlocksOnInput() throws {
        let loader = CountingLoader(feed: try RenderTests.fixtureFeed(), delay: .milliseconds(50))
        let backend = MemoryBackend(
            size: size,
            script: [
                // Rows, and no cross-fade running (there is one when the skeleton showed).
                .init(
                    until: { self.shows("Ada Park")($0) && $0.cells.allSatisfy { $0.style.fade == 0 } },
                    send: [.resize(TerminalSize(width: 60, height: 20))]),
                .init(until: { $0.width == 60 }, send: [.key(.character("q"))]),
            ])
        let loop = FeedRunLoop(
            state: AppState(source: "t", animation: .slide, size: size), backend: backend, loader: loader)
        _ = loop.run()
        // While loading it waits at most a frame; once loaded, it blocks (nil timeout).
        let loadedAt = try #require(backend.frames.firstIndex(where: shows("Ada Park")))
        #expect(backend.waits.prefix(loadedAt).allSatisfy { $0 != nil && $0! <= .milliseconds(34) })
        #expect(backend.waits.suffix(from: backend.waits.count - 2).allSatisfy { $0 == nil })
        // The resize re-laid out the rows at the new width.
        #expect(backend.frames.last?.width == 60)
    }

    @Test func rowsThatReplaceAShownSkeletonFadeInThenTheLoopBlocks() throws {
        let loader = CountingLoader(feed: try RenderTests.fixtureFeed(), delay: .milliseconds(300))
        let settled = { (frame: ScreenBuffer) in
            self.shows("Ada Park")(frame) && frame.cells.allSatisfy { $0.style.fade == 0 }
        }
        let backend = MemoryBackend(
            size: size,
            script: [
                .init(until: settled, send: []),
                .init(until: { _ in true }, send: [.key(.character("q"))]),
            ])
        let loop = FeedRunLoop(
            state: AppState(source: "t", animation: .slide, size: size), backend: backend, loader: loader)
        _ = loop.run()
        #expect(!backend.timedOut)
        let rows = backend.frames.filter(shows("Ada Park"))
        // The first frame of rows is all skeleton grey; then lighter steps; the last none.
        let fades = rows.map { Set($0.cells.map(\.style.fade)).max()! }
        #expect(fades.first == CrossFade.steps)
        #expect(fades.last == 0)
        #expect(zip(fades, fades.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(Set(fades).count >= 3)
        // Once the fade is over the loop blocks.
        #expect(backend.waits.last == .some(nil))
        #expect(loop.state.fadeStart == nil)
    }

    @Test func pHoldsTheCrossFadeAndResumesIt() throws {
        let loader = CountingLoader(feed: try RenderTests.fixtureFeed(), delay: .milliseconds(300))
        let clock = ContinuousClock()
        var pausedAt: ContinuousClock.Instant?
        var fadingWhenResumed = false
        let fading = { (frame: ScreenBuffer) in frame.cells.contains { $0.style.fade > 0 } }
        let backend = MemoryBackend(
            size: size,
            script: [
                .init(
                    until: { frame in
                        guard fading(frame) else { return false }
                        pausedAt = clock.now
                        return true
                    }, send: [.key(.character("p"))]),
                // Paused for twice the whole fade; then resumed.
                .init(
                    until: { frame in
                        guard let pausedAt, clock.now - pausedAt > CrossFade.duration * 2 else { return false }
                        fadingWhenResumed = fading(frame)
                        return true
                    }, send: [.key(.character("p"))]),
                .init(until: { self.shows("Ada Park")($0) && !fading($0) }, send: [.key(.character("q"))]),
            ])
        let loop = FeedRunLoop(
            state: AppState(source: "t", animation: .slide, size: size), backend: backend, loader: loader)
        _ = loop.run()
        #expect(!backend.timedOut)
        #expect(fadingWhenResumed, "the pause held the fade where it was")
        #expect(backend.waits.contains(nil), "while paused the loop blocked")
        #expect(backend.frames.last.map(fading) == false, "after the pause the fade ended")
    }

    @Test func aPagesPostsFadeInAndTheRowsBeforeThemDoNot() throws {
        struct PagedLoader: FeedLoading {
            func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
                var first = NavigationTests.shortFeed(count: 3)
                first.nextPage = "https://e.org/2"
                return first
            }
            func loadPage(_ url: String) async throws -> Feed {
                try await Task.sleep(for: .milliseconds(200))
                var next = NavigationTests.shortFeed(count: 5)
                next.posts = Array(next.posts[3...])
                return next
            }
        }
        let fading = { (frame: ScreenBuffer) in frame.cells.contains { $0.style.fade > 0 } }
        let backend = MemoryBackend(
            size: size,
            script: [
                .init(
                    until: { $0.lines.last?.contains("5 posts") == true && !fading($0) }, send: [.key(.character("q"))])
            ])
        let loop = FeedRunLoop(
            state: AppState(source: "t", animation: .slide, size: size), backend: backend, loader: PagedLoader())
        _ = loop.run()
        #expect(!backend.timedOut)
        // The frames after the page came: its rows fade, the three rows above stay as they were.
        let pageFrames = backend.frames.filter { $0.lines.last?.contains("5 posts") == true }
        let faded = try #require(pageFrames.first(where: fading))
        let view = loop.state.viewport
        let firstNewRowTop = view.top(of: 3, from: loop.state.scroll)
        for row in 0..<firstNewRowTop {
            #expect((0..<faded.width).allSatisfy { faded[row, $0].style.fade == 0 }, "row \(row) of the old posts")
        }
        #expect((0..<faded.width).contains { faded[firstNewRowTop, $0].style.fade > 0 })
    }

    @Test func rowsThatNoSkeletonPrecededAppearWithoutAFade() throws {
        // An instant load: its rows normally come before the skeleton's show delay. (Were
        // the machine too busy for that, the skeleton shows and a fade is right.)
        let loader = CountingLoader(feed: try RenderTests.fixtureFeed(), delay: .zero)
        let backend = MemoryBackend(
            size: size, script: [.init(until: shows("Ada Park"), send: [.key(.character("q"))])])
        let loop = FeedRunLoop(
            state: AppState(source: "t", animation: .slide, size: size), backend: backend, loader: loader)
        _ = loop.run()
        let skeletonShown = backend.frames.contains(where: isSkeleton)
        let faded = backend.frames.contains { $0.cells.contains { $0.style.fade > 0 } }
        #expect(skeletonShown || !faded, "a fade without a skeleton before it")
    }

    @Test func withAnimationOffTheSkeletonIsDrawnOnceAndTheLoopBlocks() throws {
        let loader = CountingLoader(feed: try RenderTests.fixtureFeed(), delay: .milliseconds(300))
        let backend = MemoryBackend(
            size: size, script: [.init(until: shows("Ada Park"), send: [.key(.character("q"))])])
        let loop = FeedRunLoop(
            state: AppState(source: "t", animation: .none, size: size), backend: backend, loader: loader)
        _ = loop.run()
        #expect(backend.frames.filter(isSkeleton).count == 1)
        // Nothing animates: a frame to say it is loading, one for the skeleton once its
        // show delay passed, one for the posts.
        #expect(backend.frames.count == 3)
    }

    @Test func aBurstOfAHundredRTogglesNeverRunsTwoLoadsOrShowsStalePosts() throws {
        let first = try RenderTests.fixtureFeed()
        let loader = CountingLoader(feed: first, delay: .milliseconds(300))
        let burst = [InputEvent](repeating: .key(.character("r")), count: 100)
        let backend = MemoryBackend(
            size: size,
            script: [
                .init(until: shows("Ada Park"), send: burst),
                // After an even number of toggles the rows it had are back at once.
                .init(until: { _ in true }, send: []),
                .init(until: shows("Ada Park"), send: [.key(.character("r"))]),
                .init(until: isSkeleton, send: []),
                .init(until: shows("Ada Park"), send: [.key(.character("q"))]),
            ])
        let loop = FeedRunLoop(
            state: AppState(source: "t", animation: .slide, size: size), backend: backend, loader: loader)
        #expect(loop.run() == 0)
        #expect(!backend.timedOut)
        #expect(loader.mostLive.load(ordering: .relaxed) == 1)
        #expect(loader.live.load(ordering: .relaxed) == 0)
        #expect(loop.state.generation == 102)
    }

    @Test func pHoldsTheShimmerStillAndTheLoopBlocksUntilResumed() throws {
        let loader = CountingLoader(feed: try RenderTests.fixtureFeed(), delay: .seconds(5))
        var pausedFrames = 0
        let backend = MemoryBackend(
            size: size,
            script: [
                .init(until: isSkeleton, send: [.key(.character("p"))]),
                .init(
                    until: { frame in
                        guard frame.lines.last?.contains("paused") == true else { return false }
                        pausedFrames += 1
                        return true
                    }, send: [.key(.character("q"))]),
            ])
        let loop = FeedRunLoop(
            state: AppState(source: "t", animation: .slide, size: size), backend: backend, loader: loader)
        _ = loop.run()
        #expect(!backend.timedOut)
        #expect(pausedFrames == 1)
        // Once paused, the loop waited for input with no timeout: no frames while still.
        let pausedAt = try #require(backend.frames.firstIndex { $0.lines.last?.contains("paused") == true })
        #expect(backend.frames.count == pausedAt + 1)
        #expect(backend.waits.last == .some(nil))
    }

    @Test func aSkeletonOnceShownStaysItsMinimumTime() throws {
        let loader = CountingLoader(feed: try RenderTests.fixtureFeed(), delay: .milliseconds(200))
        let clock = ContinuousClock()
        let start = clock.now
        var skeletonAt: ContinuousClock.Instant?
        var rowsAt: ContinuousClock.Instant?
        let backend = MemoryBackend(
            size: size,
            script: [
                .init(
                    until: { frame in
                        guard self.isSkeleton(frame) else { return false }
                        skeletonAt = clock.now
                        return true
                    }, send: []),
                .init(
                    until: { frame in
                        guard self.shows("Ada Park")(frame) else { return false }
                        rowsAt = clock.now
                        return true
                    }, send: [.key(.character("q"))]),
            ])
        let loop = FeedRunLoop(
            state: AppState(source: "t", animation: .slide, size: size), backend: backend, loader: loader)
        _ = loop.run()
        let shown = try #require(skeletonAt)
        let replaced = try #require(rowsAt)
        #expect(shown - start >= SkeletonTiming.showDelay)
        #expect(replaced - start >= SkeletonTiming.showDelay + SkeletonTiming.minimumVisible)
    }
}
