import Foundation
import TestSupport
import Testing

@testable import FeedCore

@Suite struct AppStateTests {
    private let feed = Feed(posts: [
        Post(id: .number(1), author: Author(name: "A"), content: "x", likes: 1, createdAt: nil)
    ])

    private func fresh() -> AppState {
        AppState(source: "test", animation: .slide, size: TerminalSize(width: 80, height: 24))
    }

    @Test func aLoadedAnswerShowsThePostsAtTheirDate() {
        var state = fresh()
        _ = state.apply(.start, at: .zero)
        #expect(state.apply(.loaded(feed, generation: 1), at: .milliseconds(5)) == [])
        #expect(!state.isLoading)
        #expect(state.feed?.posts.map(\.content) == ["x"])
        #expect(state.lastLoadDuration == .milliseconds(5))
        #expect(state.referenceDate == Fixtures.referenceDate)
    }

    @Test func anAnswerForASourceTheViewDoesNotHaveIsDropped() {
        var state = fresh()
        _ = state.apply(.start)
        #expect(state.apply(.loaded(feed, source: 3, generation: 1)) == [])
        #expect(state.isLoading && state.feed == nil)
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
            #expect(state.apply(.key(key)) == [.cancelLoads, .quit(exitCode: 0)])
        }
        var state = fresh()
        #expect(state.apply(.signal(15)) == [.cancelLoads, .quit(exitCode: 143)])
        #expect(state.apply(.signal(2)) == [.cancelLoads, .quit(exitCode: 130)])
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
        let early = FeedRenderer.render(state.advanced(to: .milliseconds(500)))
        let late = FeedRenderer.render(state.advanced(to: .milliseconds(1500)))
        #expect(early == late)
        // Closed, the band goes on from where it stood.
        _ = state.apply(.key(.character("j")), at: .seconds(2))
        #expect(!state.showingHelp && state.isAnimating)
        #expect(state.animationTime(at: .seconds(2) + .milliseconds(100)) == .milliseconds(500))
    }
}
