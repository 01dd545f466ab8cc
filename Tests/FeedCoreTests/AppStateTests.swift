import Foundation
import Testing

@testable import FeedCore

@Suite struct AppStateTests {
    private let feed = Feed(posts: [
        Post(id: .number(1), author: Author(name: "A"), content: "x", likes: 1, createdAt: nil)
    ])
    private let otherFeed = Feed(posts: [
        Post(id: .number(2), author: Author(name: "B"), content: "y", likes: 2, createdAt: nil)
    ])

    private func fresh() -> AppState {
        AppState(source: "test", animation: .slide, size: TerminalSize(width: 80, height: 24))
    }

    private func loaded(_ generation: Int, _ feed: Feed) -> AppEvent {
        .loaded(generation: generation, result: .success(feed), duration: .milliseconds(5), at: Fixtures.referenceDate)
    }

    @Test func startBeginsTheFirstLoad() {
        var state = fresh()
        #expect(state.apply(.start) == [.startLoad(generation: 1)])
        #expect(state.isLoading)
    }

    @Test func aResultOfTheCurrentLoadShowsThePosts() {
        var state = fresh()
        _ = state.apply(.start)
        #expect(state.apply(loaded(1, feed)) == [])
        #expect(!state.isLoading)
        #expect(state.feed == feed)
        #expect(state.lastLoadDuration == .milliseconds(5))
        #expect(state.referenceDate == Fixtures.referenceDate)
    }

    @Test func rWhileLoadedReloads() {
        var state = fresh()
        _ = state.apply(.start)
        _ = state.apply(loaded(1, feed))
        #expect(state.apply(.key(.character("r"))) == [.startLoad(generation: 2)])
        #expect(state.isLoading)
        #expect(state.feed == feed, "the rows it had stay known, to shape the skeleton")
    }

    @Test func rWhileReloadingCancelsAndBringsTheRowsBack() {
        var state = fresh()
        _ = state.apply(.start)
        _ = state.apply(loaded(1, feed))
        _ = state.apply(.key(.character("r")))
        #expect(state.apply(.key(.character("r"))) == [.cancelLoad])
        #expect(!state.isLoading)
        #expect(state.feed == feed)
    }

    @Test func rDuringTheFirstLoadKeepsLoading() {
        var state = fresh()
        _ = state.apply(.start)
        #expect(state.apply(.key(.character("r"))) == [])
        #expect(state.isLoading)
        _ = state.apply(loaded(1, feed))
        #expect(state.feed == feed)
    }

    @Test func aResultOfACancelledLoadIsNeverShown() {
        var state = fresh()
        _ = state.apply(.start)
        _ = state.apply(loaded(1, feed))
        _ = state.apply(.key(.character("r")))  // load 2
        _ = state.apply(.key(.character("r")))  // cancelled
        _ = state.apply(loaded(2, otherFeed))  // arrives late
        #expect(state.feed == feed)
        #expect(!state.isLoading)
        _ = state.apply(.key(.character("r")))  // load 4
        _ = state.apply(loaded(2, otherFeed))  // still stale while load 4 runs
        #expect(state.isLoading)
        _ = state.apply(loaded(4, otherFeed))
        #expect(state.feed == otherFeed)
    }

    @Test func aFailedLoadShowsTheErrorAndRRetries() {
        var state = fresh()
        _ = state.apply(.start)
        _ = state.apply(
            .loaded(
                generation: 1, result: .failure(Failure.notFound(path: "x")), duration: .zero,
                at: Fixtures.referenceDate))
        guard case .failure(let error) = state.content else {
            Issue.record("expected a failure, got \(state.content)")
            return
        }
        #expect(error == .notFound(path: "x"))
        #expect(state.apply(.key(.character("r"))) == [.startLoad(generation: 2)])
    }

    @Test func resizeChangesTheSizeAndNothingElse() {
        var state = fresh()
        _ = state.apply(.start)
        #expect(state.apply(.resize(TerminalSize(width: 120, height: 40))) == [])
        #expect(state.size == TerminalSize(width: 120, height: 40))
        #expect(state.isLoading)
    }

    @Test func quitKeysAndSignalsQuitWithTheirCodes() {
        for key in [Key.character("q"), .escape, .control("c")] {
            var state = fresh()
            #expect(state.apply(.key(key)) == [.cancelLoad, .quit(exitCode: 0)])
        }
        var state = fresh()
        #expect(state.apply(.signal(15)) == [.cancelLoad, .quit(exitCode: 143)])
        #expect(state.apply(.signal(2)) == [.cancelLoad, .quit(exitCode: 130)])
    }

    @Test func controlLRedrawsTheWholeScreen() {
        var state = fresh()
        #expect(state.apply(.key(.control("l"))) == [.redrawAll])
    }
}

/// Timing rules decided by the state from the instants it is given.
@Suite struct TimingStateTests {
    let size = TerminalSize(width: 80, height: 24)

    @Test func theHelpOverlayHoldsTheAnimationBehindItAtTheLastFrameDrawn() {
        var state = RenderTests.loadingState(size: size)
        _ = state.apply(.tick, at: .milliseconds(400))
        #expect(state.isAnimating)
        _ = state.apply(.frameDrawn, at: .milliseconds(400))
        _ = state.apply(.key(.character("?")), at: .milliseconds(420))
        #expect(!state.isAnimating)
        _ = state.apply(.frameDrawn, at: .milliseconds(420))
        #expect(state.nextWake(after: .milliseconds(420)) == nil, "nothing to wake for behind the overlay")
        // The rows behind it stay as the last frame drew them, whatever the time.
        #expect(state.animationTime(at: .milliseconds(900)) == .milliseconds(400))
        let early = FeedRenderer.render(state, size: size, at: .milliseconds(500))
        let late = FeedRenderer.render(state, size: size, at: .milliseconds(1500))
        #expect(early == late)
        // Closed, the band goes on from where it stood.
        _ = state.apply(.key(.character("j")), at: .seconds(2))
        #expect(!state.showingHelp && state.isAnimating)
        #expect(state.animationTime(at: .seconds(2) + .milliseconds(100)) == .milliseconds(500))
    }
}
