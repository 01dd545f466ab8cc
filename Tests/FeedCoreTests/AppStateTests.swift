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
