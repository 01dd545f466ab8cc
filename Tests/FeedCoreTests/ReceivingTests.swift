import Foundation
import Testing

@testable import FeedCore

/// A body whose posts show as they arrive: each takes its row at once, skeleton rows
/// stand for the rest, and the skeleton's minimum time holds only a result that ends it.
@Suite struct ReceivingTests {
    let size = TerminalSize(width: 80, height: 24)

    private func loading() -> AppState {
        var state = AppState(source: "t", animation: .slide, size: size)
        _ = state.apply(.start, at: .zero)
        _ = state.apply(.tick, at: .milliseconds(160))  // the skeleton is showing
        #expect(state.showsSkeleton)
        return state
    }

    private let first = Feed(posts: [TimelineTests.post("one", minutesAgo: 1)])

    @Test func theFirstPostOfABodyTakesItsRowAtOnce() {
        var state = loading()
        _ = state.apply(
            .progress(generation: state.generation, feed: first, decoded: 1, total: 0, at: Date()),
            at: .milliseconds(200))
        #expect(!state.isLoading && state.isReceiving && state.timing.heldUntil == nil)
        let frame = FeedRenderer.render(state, size: size, at: .milliseconds(200))
        #expect(frame.lines.contains { $0.contains("Post one") })
        #expect(frame.lines.last?.contains("1 post · receiving…") == true)
        // Below it, skeleton rows for the rest of the body.
        #expect(frame.cells.contains { $0.style.ink.isSkeleton })
        #expect(state.footerHeight == PageFooter.loadingHeight)
        let whole = Feed(posts: first.posts + [TimelineTests.post("two", minutesAgo: 2)])
        _ = state.apply(
            .loaded(generation: state.generation, result: .success(whole), duration: .zero, at: Date()),
            at: .milliseconds(400))
        #expect(!state.isReceiving && state.footerHeight == 0 && state.feed?.posts.count == 2)
    }

    @Test func aWholeResultStillWaitsForTheSkeletonsMinimumTime() {
        var state = loading()
        _ = state.apply(
            .loaded(generation: state.generation, result: .success(first), duration: .zero, at: Date()),
            at: .milliseconds(200))
        #expect(state.isLoading && state.timing.heldUntil == SkeletonTiming.reveal(arrivedAt: .milliseconds(200)))
    }
}
