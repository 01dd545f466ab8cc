import Foundation
import Synchronization
import Testing

@testable import FeedCore

/// The loop on a manual clock: every instant below is exact, and no test sleeps.
@MainActor
@Suite struct RunLoopTests {
    let size = TerminalSize(width: 80, height: 24)
    let clock = ManualClock()

    private func shows(_ text: String) -> (ScreenBuffer) -> Bool {
        { frame in frame.lines.contains { $0.contains(text) } }
    }

    private func isSkeleton(_ frame: ScreenBuffer) -> Bool {
        frame.cells.contains { $0.style.ink.isSkeleton }
    }

    private func fading(_ frame: ScreenBuffer) -> Bool {
        frame.cells.contains { $0.style.fade > 0 }
    }

    private func loop(
        _ script: [MemoryBackend.Step], loader: any FeedLoading, animation: AnimationStyle = .slide,
        schedule: [MemoryBackend.Scheduled] = []
    ) -> (FeedRunLoop, MemoryBackend) {
        loop(script, loaders: [loader], animation: animation, schedule: schedule)
    }

    /// The loop over a view of `loaders.count` sources.
    private func loop(
        _ script: [MemoryBackend.Step], loaders: [any FeedLoading], animation: AnimationStyle = .slide,
        schedule: [MemoryBackend.Scheduled] = []
    ) -> (FeedRunLoop, MemoryBackend) {
        let backend = MemoryBackend(size: size, script: script, clock: clock, schedule: schedule)
        let options = ViewerOptions(
            sources: loaders.indices.map { SourceStatus(name: "Source \($0)", label: "t") }, animation: animation)
        let loop = FeedRunLoop(
            state: AppState(options: options, size: size), backend: backend, services: LoopServices(loaders: loaders),
            clock: clock)
        return (loop, backend)
    }

    /// The fixture's posts dated from the wall clock (the loop dates answers by it): a day
    /// and a half ago, two and a half, …, so that no age on the screen changes within
    /// hours. Dated as written, an age turned over within the tests' minute three minutes
    /// of every day, and two tests failed then.
    static func fixtureFeedDatedFromNow() throws -> Feed {
        var feed = try RenderTests.fixtureFeed()
        let now = Date()
        for index in feed.posts.indices {
            feed.posts[index].createdAt = now - (Double(index) + 1.5) * 86_400
        }
        return feed
    }

    private func loader(delay: Duration) throws -> CountingLoader {
        CountingLoader(feed: try Self.fixtureFeedDatedFromNow(), delay: delay, clock: clock)
    }

    /// A first load that ends exactly at `instant`.
    private func loop(
        _ script: [MemoryBackend.Step], firstLoadEndsAt instant: Duration, animation: AnimationStyle = .slide
    ) throws -> (FeedRunLoop, MemoryBackend) {
        let loader = GatedLoader(feed: try Self.fixtureFeedDatedFromNow())
        return loop(script, loader: loader, animation: animation, schedule: [.init(at: instant) { loader.release(1) }])
    }

    /// When the first frame that `matches` was presented.
    private func time(of matches: (ScreenBuffer) -> Bool, in backend: MemoryBackend) -> Duration? {
        backend.frames.firstIndex(where: matches).map { backend.frameTimes[$0] }
    }

    @Test func showsLoadingThenTheSkeletonAtItsDelayThenThePostsWhenTheyCome() throws {
        let (loop, backend) = try loop(
            [.init(until: shows("Ada Park"), send: [.key(.character("q"))])], firstLoadEndsAt: .seconds(1))
        #expect(loop.run() == 0)
        #expect(!backend.timedOut, "the script ran to its end")
        let first = try #require(backend.frames.first)
        #expect(first.lines.last?.contains("Loading…") == true)
        #expect(!isSkeleton(first))
        #expect(time(of: isSkeleton, in: backend) == SkeletonTiming.showDelay)
        #expect(time(of: shows("Ada Park"), in: backend) == .seconds(1))
        // The shimmer animated at the frame rate in between, each frame a step of the band
        // (14 from 0.15 s to 1 s, 16 a second); before the skeleton showed, nothing moved
        // and no frame was drawn.
        let skeletonFrames = backend.frames.indices.filter { isSkeleton(backend.frames[$0]) }
        #expect(skeletonFrames.count == 14)
        #expect(Set(skeletonFrames.map { backend.frames[$0].styleMask }).count == skeletonFrames.count)
        let times = skeletonFrames.map { backend.frameTimes[$0] }
        let interval = Duration.seconds(1) / ViewerOptions.defaultFramesPerSecond
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 == interval })
        #expect(backend.frameTimes.filter { $0 < SkeletonTiming.showDelay } == [.zero])
    }

    /// What the store has to say comes as an event (posted from the thread its write failed
    /// on): the loop wakes for it, and the status line says it at once, with no poll.
    @Test func anEventPostedFromAnotherThreadIsShownAtOnce() throws {
        let loader = GatedLoader(feed: try Self.fixtureFeedDatedFromNow())
        final class Box: @unchecked Sendable { var post: (@Sendable (AppEvent) -> Void)? }
        let box = Box()
        let notice = "going on without the store: database or disk is full"
        let (loop, backend) = loop(
            [.init(until: shows("going on without the store"), send: [.key(.character("q"))])], loader: loader,
            schedule: [
                .init(at: .milliseconds(100)) { loader.release(1) },
                .init(at: .seconds(2)) { box.post?(.notice(notice)) },
            ])
        box.post = loop.post
        #expect(loop.run() == 0)
        #expect(!backend.timedOut, "the notice was shown: \(backend.frames.last?.lines.last ?? "")")
        #expect(time(of: shows("going on without the store"), in: backend) == .seconds(2))
    }

    @Test func aSkeletonOnceShownStaysItsMinimumTime() throws {
        let (loop, backend) = try loop(
            [.init(until: shows("Ada Park"), send: [.key(.character("q"))])], firstLoadEndsAt: .milliseconds(200))
        _ = loop.run()
        #expect(!backend.timedOut, "the script ran to its end")
        #expect(time(of: isSkeleton, in: backend) == SkeletonTiming.showDelay)
        #expect(time(of: shows("Ada Park"), in: backend) == SkeletonTiming.showDelay + SkeletonTiming.minimumVisible)
    }

    @Test func aLoadFasterThanTheShowDelayShowsNoSkeletonAndNoFade() throws {
        let (loop, backend) = try loop(
            [.init(until: shows("Ada Park"), send: [.key(.character("q"))])], firstLoadEndsAt: .milliseconds(100))
        _ = loop.run()
        #expect(!backend.timedOut, "the script ran to its end")
        #expect(time(of: shows("Ada Park"), in: backend) == .milliseconds(100))
        #expect(!backend.frames.contains(where: isSkeleton))
        #expect(!backend.frames.contains(where: fading))
    }

    @Test func theClockWaitsForALoadThatWorksInRealTime() throws {
        // A load busy on its thread (no sleep on the clock) takes no time of the manual
        // clock: were it to run on meanwhile, the skeleton would show and the posts come
        // late, by as much as the real work took the machine.
        let loader = WorkingLoader(feed: try Self.fixtureFeedDatedFromNow(), work: .milliseconds(150))
        let (loop, backend) = loop([.init(until: shows("Ada Park"), send: [.key(.character("q"))])], loader: loader)
        _ = loop.run()
        #expect(!backend.timedOut, "the script ran to its end")
        #expect(time(of: shows("Ada Park"), in: backend) == .zero)
        #expect(!backend.frames.contains(where: isSkeleton))
    }

    /// `--dump`'s way: a load busy on its thread takes its real time on the clock too, so
    /// that "loaded in" says how long it took; and the clipboard keeps what `y` copied.
    @Test func followingRealTimeALoadTakesItsTimeOnTheClock() throws {
        var feed = try Self.fixtureFeedDatedFromNow()
        feed.posts[0].url = "https://blog.example/ada"
        let loader = WorkingLoader(feed: feed, work: .milliseconds(150))
        let (loop, backend) = loop(
            [
                .init(until: shows("Ada Park"), send: [.key(.character("y"))]),
                .init(until: { _ in true }, send: [.key(.character("q"))]),
            ], loader: loader)
        backend.followsRealTime = true
        _ = loop.run()
        #expect(!backend.timedOut)
        let shown = try #require(time(of: shows("Ada Park"), in: backend))
        #expect(shown >= .milliseconds(100), "150 ms of work, less what ran before the wait: \(shown)")
        #expect(loop.state.lastLoadDuration.map { $0 >= .milliseconds(100) } == true)
        #expect(backend.copied == ["https://blog.example/ada"])
    }

    @Test(arguments: [1, 2])
    func rTogglesBetweenReloadSkeletonAndRowsAndCancelsTheLoad(sources: Int) throws {
        let loaders = try (0..<sources).map { _ in try loader(delay: .milliseconds(400)) }
        let (loop, backend) = loop(
            [
                .init(until: { self.shows("Ada Park")($0) && !self.fading($0) }, send: [.key(.character("r"))]),
                .init(until: isSkeleton, send: [.key(.character("r"))]),
                .init(until: shows("Ada Park"), send: []),
                .init(until: { _ in true }, send: [.key(.character("q"))]),
            ], loaders: loaders)
        #expect(loop.run() == 0)
        #expect(!backend.timedOut, "the script ran to its end")
        // The reload was cancelled (before its task got to the loader, or while it ran):
        // never two loads of a source at once, and the rows it had are back.
        #expect(loaders.allSatisfy { $0.mostLive.load(ordering: .relaxed) == 1 })
        #expect(!loop.state.isLoading)
        let last = try #require(backend.frames.last)
        #expect(shows("Ada Park")(last) && !isSkeleton(last))
        #expect(loop.state.lastLoadDuration == .milliseconds(400), "the first load's figure stays")
    }

    @Test func whenNothingMovesTheLoopBlocksAndAnIdleFrameWritesNothing() throws {
        let settled = { (frame: ScreenBuffer) in self.shows("Ada Park")(frame) && !self.fading(frame) }
        let (loop, backend) = loop(
            [
                .init(until: settled, send: [.resize(TerminalSize(width: 60, height: 20))]),
                .init(until: { $0.width == 60 }, send: [.key(.character("j"))]),
                .init(until: { _ in true }, send: [.key(.character("q"))]),
            ], loader: try loader(delay: .milliseconds(50)))
        _ = loop.run()
        #expect(!backend.timedOut, "the script ran to its end")
        // While loading it waits at most until the skeleton is due; loaded, it sleeps until
        // an age on the screen ("3h") reads otherwise, and not a moment before.
        let loadedAt = try #require(backend.frames.firstIndex(where: shows("Ada Park")))
        #expect(backend.waits.prefix(loadedAt).allSatisfy { $0 != nil && $0! <= SkeletonTiming.showDelay })
        let ages = try #require(loop.state.timing.timers[.ages], "the ages on the screen read otherwise one day")
        #expect(backend.waits.suffix(2).allSatisfy { $0 == ages - clock.now }, "\(backend.waits.suffix(2))")
        #expect(ages - clock.now > .seconds(60))
        #expect(backend.frames.last?.width == 60)
        // The resize redrew everything; `j` moved only the selection bar.
        let afterJ = try #require(backend.writes.last)
        #expect(!afterJ.isEmpty)
        #expect(afterJ.allSatisfy { $0.columns.lowerBound < 2 || $0.row == 19 }, "\(afterJ)")
    }

    @Test func rowsThatReplaceAShownSkeletonFadeInFourStepsThenTheLoopBlocks() throws {
        let settled = { (frame: ScreenBuffer) in self.shows("Ada Park")(frame) && !self.fading(frame) }
        let (loop, backend) = try loop(
            [
                .init(until: settled, send: []),
                .init(until: { _ in true }, send: [.key(.character("q"))]),
            ], firstLoadEndsAt: .milliseconds(600))
        _ = loop.run()
        #expect(!backend.timedOut, "the script ran to its end")
        let rows = backend.frames.indices.filter { shows("Ada Park")(backend.frames[$0]) }
        let fades = rows.map { Set(backend.frames[$0].cells.map(\.style.fade)).max()! }
        #expect(fades.first == CrossFade.steps)
        #expect(fades.last == 0)
        #expect(zip(fades, fades.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(Set(fades) == Set(0...CrossFade.steps))
        // It ends exactly when the fade does, and the loop sleeps after it until an age on
        // the screen reads otherwise.
        let settledAt = try #require(time(of: settled, in: backend))
        #expect(settledAt == .milliseconds(600) + CrossFade.duration)
        #expect(backend.waits.last == loop.state.timing.timers[.ages].map { $0 - clock.now })
        #expect(loop.state.fadeStart == nil)
    }

    @Test func pHoldsTheCrossFadeAndResumesIt() throws {
        var pausedAt: Duration?
        var fadingWhenResumed = false
        let (loop, backend) = try loop(
            [
                .init(
                    until: { [clock] frame in
                        guard self.fading(frame) else { return false }
                        pausedAt = clock.now
                        return true
                    }, send: [.key(.character("p"))]),
                // Paused: the loop blocks, so the script resumes at the next wait.
                .init(
                    until: { frame in
                        fadingWhenResumed = self.fading(frame)
                        return frame.lines.last?.contains("paused") == false
                    }, send: [.key(.character("p"))]),
                .init(until: { self.shows("Ada Park")($0) && !self.fading($0) }, send: [.key(.character("q"))]),
            ], firstLoadEndsAt: .milliseconds(600))
        _ = loop.run()
        #expect(!backend.timedOut, "the script ran to its end")
        #expect(pausedAt == .milliseconds(600))
        #expect(fadingWhenResumed, "the pause held the fade where it was")
        // While paused, nothing moves: the loop sleeps until an age reads otherwise.
        #expect(backend.waits.contains { $0 == nil || $0! > .seconds(60) }, "while paused the loop slept")
        #expect(backend.frames.last.map(fading) == false, "after the pause the fade ended")
    }

    @Test func aPagesPostsFadeInAndTheRowsBeforeThemDoNot() throws {
        struct PagedLoader: FeedLoading {
            let clock: ManualClock
            func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
                var first = NavigationTests.shortFeed(count: 3)
                first.nextPage = "https://e.org/2"
                return first
            }
            func loadPage(_ url: String) async throws -> Feed {
                try await clock.sleep(for: .milliseconds(200))
                var next = NavigationTests.shortFeed(count: 5)
                next.posts = Array(next.posts[3...])
                return next
            }
        }
        let (loop, backend) = loop(
            [
                .init(
                    until: { $0.lines.last?.contains("5 posts") == true && !self.fading($0) },
                    send: [.key(.character("q"))])
            ],
            loader: PagedLoader(clock: clock))
        _ = loop.run()
        #expect(!backend.timedOut, "the script ran to its end")
        let pageFrames = backend.frames.filter { $0.lines.last?.contains("5 posts") == true }
        let faded = try #require(pageFrames.first(where: fading))
        let view = loop.state.viewport
        let firstNewRowTop = view.top(of: 3, from: loop.state.scroll)
        for row in 0..<firstNewRowTop {
            #expect((0..<faded.width).allSatisfy { faded[row, $0].style.fade == 0 }, "row \(row) of the old posts")
        }
        #expect((0..<faded.width).contains { faded[firstNewRowTop, $0].style.fade > 0 })
    }

    @Test func withAnimationOffTheSkeletonIsDrawnOnceAndTheLoopBlocks() throws {
        let (loop, backend) = try loop(
            [.init(until: shows("Ada Park"), send: [.key(.character("q"))])], firstLoadEndsAt: .seconds(1),
            animation: .none)
        _ = loop.run()
        #expect(!backend.timedOut, "the script ran to its end")
        #expect(backend.frames.filter(isSkeleton).count == 1)
        // Nothing animates: a frame to say it is loading, one for the skeleton once its
        // show delay passed, one for the posts.
        #expect(backend.frames.count == 3)
        #expect(backend.frameTimes == [.zero, SkeletonTiming.showDelay, .seconds(1)])
    }

    @Test func aBurstOfAHundredRTogglesNeverRunsTwoLoadsOrShowsStalePosts() throws {
        let loader = try loader(delay: .milliseconds(300))
        let burst = [InputEvent](repeating: .key(.character("r")), count: 100)
        let (loop, backend) = loop(
            [
                .init(until: shows("Ada Park"), send: burst),
                // After an even number of toggles the rows it had are back at once.
                .init(until: { _ in true }, send: []),
                .init(until: shows("Ada Park"), send: [.key(.character("r"))]),
                .init(until: isSkeleton, send: []),
                .init(until: shows("Ada Park"), send: [.key(.character("q"))]),
            ], loader: loader)
        #expect(loop.run() == 0)
        #expect(!backend.timedOut, "the script ran to its end")
        #expect(loader.mostLive.load(ordering: .relaxed) == 1)
        #expect(loop.state.generation == 102)
    }

    @Test func pHoldsTheShimmerStillAndTheLoopBlocksUntilResumed() throws {
        var pausedFrames = 0
        let (loop, backend) = loop(
            [
                .init(until: isSkeleton, send: [.key(.character("p"))]),
                .init(
                    until: { frame in
                        guard frame.lines.last?.contains("paused") == true else { return false }
                        pausedFrames += 1
                        return true
                    }, send: [.key(.character("q"))]),
            ], loader: try loader(delay: .seconds(5)))
        _ = loop.run()
        #expect(!backend.timedOut, "the script ran to its end")
        #expect(pausedFrames == 1)
        let pausedAt = try #require(backend.frames.firstIndex { $0.lines.last?.contains("paused") == true })
        #expect(backend.frames.count == pausedAt + 1)
        #expect(backend.waits.last == .some(nil))
    }

    /// Between two sweeps the band rests off the screen: the loop draws the frame that
    /// takes it away, then sleeps until the rest ends.
    @Test func whileTheBandRestsTheLoopSleepsUntilTheNextSweep() throws {
        // At 80 columns a sweep takes (80 + 16) / 60 = 1.6 s, then the band rests 0.3 s.
        let (loop, backend) = loop(
            [.init(until: { [clock] _ in clock.now >= .seconds(2) }, send: [.key(.character("q"))])],
            loader: try loader(delay: .seconds(60)))
        _ = loop.run()
        #expect(!backend.timedOut, "the script ran to its end")
        let sweep = Duration.milliseconds(1600)
        let rest = Duration.milliseconds(300)
        let inRest = backend.frameTimes.filter { $0 > sweep && $0 < sweep + rest }
        #expect(inRest.count == 1, "the frame that clears the band, and none after it: \(inRest)")
        #expect(
            backend.frameTimes.contains { abs(($0 - sweep - rest).seconds) < 0.001 },
            "the next sweep's first frame, on time")
        let waitsInRest = backend.waits.compactMap { $0 }.filter { $0 > .milliseconds(100) }
        #expect(!waitsInRest.isEmpty, "one long wait instead of a frame every 33 ms")
    }

    @Test func aBandStepWritesOnlyTheBandsCells() throws {
        let (loop, backend) = loop(
            [.init(until: shows("Ada Park"), send: [.key(.character("q"))])], loader: try loader(delay: .seconds(1)))
        _ = loop.run()
        #expect(!backend.timedOut, "the script ran to its end")
        // Two skeleton frames in a row: what the second wrote is what changed, all of it
        // skeleton cells, and far fewer than the screen.
        let index = try #require(backend.frames.indices.dropFirst(10).first { isSkeleton(backend.frames[$0]) })
        let written = backend.writes[index]
        let cells = written.reduce(0) { $0 + $1.columns.count }
        #expect(cells > 0)
        #expect(cells < size.width * size.height / 4, "\(cells) cells")
        // Each is a cell the band covers now, or one it covered a frame ago (an edge's half
        // block beside a bar, now blank again), and each differs from the frame before.
        let before = backend.frames[index - 1]
        let after = backend.frames[index]
        for run in written {
            #expect(run.style.ink.isSkeleton || run.columns.allSatisfy { before[run.row, $0].style.ink.isSkeleton })
            #expect(run.columns.allSatisfy { before[run.row, $0] != after[run.row, $0] }, "\(run)")
        }
    }
}
