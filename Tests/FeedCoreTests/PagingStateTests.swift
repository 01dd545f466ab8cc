import Foundation
import Testing

@testable import FeedCore

@Suite struct PagingStateTests {
    private func pagedFeed(_ range: Range<Int>, next: String?) -> Feed {
        var feed = NavigationTests.shortFeed(count: range.upperBound)
        feed.posts = Array(feed.posts[range])
        feed.nextPage = next
        return feed
    }

    private func loaded(_ feed: Feed) -> (AppState, [AppEffect]) {
        var state = AppState(source: "t", animation: .slide, size: TerminalSize(width: 80, height: 24))
        _ = state.apply(.start)
        let effects = state.apply(
            .loaded(generation: 1, result: .success(feed), duration: .zero, at: Fixtures.referenceDate))
        return (state, effects)
    }

    @Test func theNextPageLoadsWhenTheSelectionComesWithinAScreenOfTheEnd() {
        var (state, effects) = loaded(pagedFeed(0..<30, next: "https://e.org/2"))
        #expect(effects == [], "far from the end, nothing loads")
        var asked: [AppEffect] = []
        for _ in 0..<30 where asked.isEmpty { asked = state.apply(.key(.character("j"))) }
        #expect(asked == [.loadPage(url: "https://e.org/2", generation: 1)])
        #expect(state.selected >= 30 - 8)
        #expect(state.page == .loading)
        // While it loads, more movement asks for nothing more.
        #expect(state.apply(.key(.character("j"))) == [])
    }

    @Test func aShortFirstPageAsksForTheNextAtOnce() {
        let (state, effects) = loaded(pagedFeed(0..<3, next: "https://e.org/2"))
        #expect(effects == [.loadPage(url: "https://e.org/2", generation: 1)])
        #expect(state.footerHeight == PageFooter.loadingHeight)
    }

    @Test func anEmptyFirstPageWithANextPageIsShownEmptyWithoutPaging() {
        let (state, effects) = loaded(pagedFeed(0..<0, next: "https://e.org/2"))
        #expect(effects == [])
        #expect(state.page == .idle)
        let frame = FeedRenderer.render(state, size: state.size, at: .zero)
        #expect(frame.lines.contains { $0.contains("No posts in this feed.") })
    }

    @Test func aPageThatBringsNothingAsksForNoMore() {
        var (state, effects) = loaded(pagedFeed(0..<3, next: "https://e.org/2"))
        #expect(effects == [.loadPage(url: "https://e.org/2", generation: 1)])
        let empty = pagedFeed(0..<0, next: "https://e.org/3")
        #expect(state.apply(.pageLoaded(generation: 1, result: .success(empty))) == [])
        #expect(state.page == .idle && state.feed?.posts.count == 3)
    }

    @Test func theNewPostsJoinTheListInPlace() {
        var (state, _) = loaded(pagedFeed(0..<3, next: "https://e.org/2"))
        _ = state.apply(.key(.character("j")))
        let effects = state.apply(.pageLoaded(generation: 1, result: .success(pagedFeed(3..<6, next: nil))))
        #expect(effects == [])
        #expect(state.feed?.posts.map(\.id) == (0..<6).map { .number(Int64($0)) })
        #expect(state.feed?.nextPage == nil)
        #expect(state.page == .idle)
        #expect(state.selected == 1, "the selection did not move")
    }

    @Test func aFailedPageShowsAnErrorRowAndRReloadsFromTheFirstPage() {
        var (state, _) = loaded(pagedFeed(0..<3, next: "https://e.org/2"))
        _ = state.apply(
            .pageLoaded(
                generation: 1, result: .failure(Failure.httpStatus(code: 500, reason: "", url: "https://e.org/2"))))
        #expect(state.page == .failed(Failure.httpStatus(code: 500, reason: "", url: "https://e.org/2")))
        let frame = FeedRenderer.render(state, size: state.size, at: .zero)
        #expect(frame.lines.contains { $0.contains("Could not load more: HTTP 500 from https://e.org/2 · r to retry") })
        #expect(state.apply(.key(.character("r"))) == [.startLoad(generation: 2)])
        #expect(state.page == .idle)
    }

    @Test func aPageOfAnOlderLoadIsDropped() {
        var (state, _) = loaded(pagedFeed(0..<3, next: "https://e.org/2"))
        _ = state.apply(.key(.character("r")))  // load 2 replaces load 1
        _ = state.apply(
            .loaded(
                generation: 2, result: .success(pagedFeed(0..<3, next: nil)), duration: .zero,
                at: Fixtures.referenceDate))
        _ = state.apply(.pageLoaded(generation: 1, result: .success(pagedFeed(3..<6, next: nil))))
        #expect(state.feed?.posts.count == 3)
    }

    @Test func anOlderLoadsPageIsDroppedWhileTheCurrentLoadsPageLoads() {
        var (state, _) = loaded(pagedFeed(0..<3, next: "https://e.org/2"))
        #expect(state.page == .loading)  // load 1's page, asked for at once
        _ = state.apply(.key(.character("r")))  // load 2 replaces load 1
        let effects = state.apply(
            .loaded(
                generation: 2, result: .success(pagedFeed(0..<3, next: "https://e.org/2b")), duration: .zero,
                at: Fixtures.referenceDate))
        #expect(effects.contains(.loadPage(url: "https://e.org/2b", generation: 2)))
        #expect(state.page == .loading)
        // Load 1's page comes late, while load 2's is loading: it is not load 2's page.
        _ = state.apply(.pageLoaded(generation: 1, result: .success(pagedFeed(100..<103, next: nil))))
        #expect(state.feed?.posts.count == 3)
        #expect(state.page == .loading)
        _ = state.apply(.pageLoaded(generation: 2, result: .success(pagedFeed(3..<6, next: nil))))
        #expect(state.feed?.posts.count == 6)
    }

    @Test func skeletonRowsShimmerBelowTheLastPostWhileAPageLoads() {
        var (state, _) = loaded(pagedFeed(0..<3, next: "https://e.org/2"))
        _ = state.apply(.key(.character("j")))
        let frame = FeedRenderer.render(state, size: state.size, at: .milliseconds(300))
        // Three posts of three lines, then skeleton rows.
        let skeletonRows = frame.styleMask.enumerated().filter { $0.element.contains { ("a"..."m").contains($0) } }.map(
            \.offset)
        #expect(skeletonRows.first == 9)
        #expect(skeletonRows.count >= 4)
        #expect(frame.lines.last?.contains("loading more…") == true)
    }

    @Test func aLargeFeedShowsItsFirstPostsWhileTheRestDecode() {
        var state = AppState(source: "t", animation: .slide, size: TerminalSize(width: 80, height: 24))
        _ = state.apply(.start)
        let first = pagedFeed(0..<100, next: nil)
        _ = state.apply(.progress(generation: 1, feed: first, decoded: 100, total: 100_000, at: Fixtures.referenceDate))
        #expect(!state.isLoading)
        #expect(state.feed?.posts.count == 100)
        let frame = FeedRenderer.render(state, size: state.size, at: .zero)
        #expect(frame.lines.last?.contains("decoding 100 / 100,000") == true)
        #expect(frame.lines.first?.contains("Author 0") == true)
        _ = state.apply(.key(.character("j")))
        _ = state.apply(
            .progress(
                generation: 1, feed: pagedFeed(0..<5_100, next: nil), decoded: 5_100, total: 100_000,
                at: Fixtures.referenceDate))
        #expect(state.selected == 1)
        _ = state.apply(
            .loaded(
                generation: 1, result: .success(pagedFeed(0..<6_000, next: nil)), duration: .seconds(1),
                at: Fixtures.referenceDate))
        #expect(state.decoding == nil)
        #expect(state.feed?.posts.count == 6_000)
        #expect(state.selected == 1)
    }

    @Test func rWhileALargeFeedDecodesStartsOver() {
        var state = AppState(source: "t", animation: .slide, size: TerminalSize(width: 80, height: 24))
        _ = state.apply(.start)
        _ = state.apply(
            .progress(
                generation: 1, feed: pagedFeed(0..<100, next: nil), decoded: 100, total: 1_000,
                at: Fixtures.referenceDate))
        #expect(state.apply(.key(.character("r"))) == [.startLoad(generation: 2)])
        _ = state.apply(
            .progress(
                generation: 1, feed: pagedFeed(0..<200, next: nil), decoded: 200, total: 1_000,
                at: Fixtures.referenceDate))
        #expect(state.isLoading, "the old decode's progress is stale")
    }
}

extension PagingStateTests {
    @Test func atTheEndTheSkeletonRowsOfTheNextPageComeIntoView() {
        var state = AppState(source: "t", animation: .slide, size: TerminalSize(width: 80, height: 24))
        _ = state.apply(.start)
        var feed = NavigationTests.shortFeed(count: 30)
        feed.nextPage = "https://e.org/2"
        _ = state.apply(.loaded(generation: 1, result: .success(feed), duration: .zero, at: Fixtures.referenceDate))
        #expect(state.apply(.key(.character("G"))) == [.loadPage(url: "https://e.org/2", generation: 1)])
        let frame = FeedRenderer.render(state, size: state.size, at: .milliseconds(300))
        let skeletonRows = frame.styleMask.filter { $0.contains { ("a"..."m").contains($0) } }
        #expect(skeletonRows.count >= 4)
        #expect(frame.lines.contains { $0.contains("Author 29") })
    }
}

/// `--dump` prints the first page as it is: no page load starts, no skeleton rows below.
@Suite struct DumpPagingTests {
    struct PagedLoader: FeedLoading {
        func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
            var feed = NavigationTests.shortFeed(count: 2)
            feed.nextPage = "https://e.org/2"
            return feed
        }
    }

    @Test func aDumpOfAFeedWithANextPageIsTheFinishedFirstPage() async {
        let (text, failed) = await FrameDump.render(
            loader: PagedLoader(), source: "t", size: TerminalSize(width: 80, height: 24), loadingAt: nil,
            animation: .slide)
        #expect(!failed)
        #expect(text.contains("Author 1"))
        #expect(!text.contains("loading more"))
        #expect(!text.contains("░") && !text.contains("▒") && !text.contains("▓"), "no skeleton rows")
        #expect(text.contains("2 posts"))
    }
}
