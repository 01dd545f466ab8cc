import Foundation
import TestSupport
import Testing

@testable import FeedCore

/// Further pages, for one source and for a timeline of two: at the end of the list, the
/// next page of every source that links one loads, and its posts join the rest.
@Suite struct PagingStateTests {
    typealias V = Views

    /// Source `source`'s posts `range` of a view of `sources`: one-line posts (a row of
    /// three lines), dated so that the sources interleave, with a link to `next`.
    static func page(_ range: Range<Int>, source: Int = 0, of sources: Int = 1, next: String?) -> Feed {
        let posts = range.map { index in
            Post(
                id: .string("\(source)-\(index)"), author: Author(name: "Author \(source)-\(index)"),
                content: "Post number \(index)", likes: index,
                createdAt: V.now - Double((index * sources + source) * 60))
        }
        return Feed(posts: posts, nextPage: next)
    }

    static func next(_ source: Int, _ page: Int = 2) -> String { "https://e.org/\(source)/\(page)" }

    /// A view of `sources` whose every source answered with `perSource` posts and a next
    /// page; the effects of the answers.
    static func loaded(_ sources: Int, perSource: Int) -> (AppState, [AppEffect]) {
        var state = V.started(sources)
        var effects: [AppEffect] = []
        for source in 0..<sources {
            effects += state.apply(
                .loaded(page(0..<perSource, source: source, of: sources, next: next(source)), source: source),
                at: .milliseconds(100))
        }
        return (state, effects)
    }

    /// The next pages of `sources`, in a view of `count`.
    static func pages(_ sources: [Int], of count: Int) -> AppEffect {
        .load(sources.map { V.request($0, of: count, page: next($0)) }, generation: 1)
    }

    @Test(arguments: [1, 2])
    func theNextPageOfEverySourceLoadsWhenTheSelectionComesWithinAScreenOfTheEnd(sources: Int) {
        var (state, effects) = Self.loaded(sources, perSource: 30 / sources)
        #expect(effects == [], "far from the end, nothing loads")
        var asked: [AppEffect] = []
        for _ in 0..<30 where asked.isEmpty { asked = state.apply(.key(.character("j"))) }
        #expect(asked == [Self.pages(Array(0..<sources), of: sources)])
        #expect(state.selected >= 30 - 8)
        #expect(state.sources.allSatisfy { $0.page == .loading })
        #expect(V.status(state, at: .seconds(1)).contains("loading more…"))
        // While they load, more movement asks for nothing more.
        #expect(state.apply(.key(.character("j"))) == [])
    }

    @Test(arguments: [1, 2])
    func aShortFirstPageAsksForTheNextAtOnce(sources: Int) {
        let (state, effects) = Self.loaded(sources, perSource: 2)
        // Each source's page as soon as it has answered (the other may still be loading).
        let asked = effects.flatMap { effect -> [SourceRequest] in
            if case .load(let requests, _) = effect { return requests }
            return []
        }
        #expect(asked == (0..<sources).map { V.request($0, of: sources, page: Self.next($0)) })
        #expect(state.footerSkeletonRows == min(SourceFooter.maximumSkeletonRows, 2 * sources))
    }

    @Test func anEmptyFirstPageWithANextPageIsShownEmptyWithoutPaging() {
        var state = V.started(1)
        let effects = state.apply(.loaded(Self.page(0..<0, next: Self.next(0))), at: .milliseconds(100))
        #expect(effects == [])
        #expect(state.sources[0].page == .idle)
        #expect(V.frame(state, at: .zero).contains { $0.contains("No posts in this feed.") })
    }

    @Test func aPageThatBringsNothingAsksForNoMore() {
        var (state, _) = Self.loaded(1, perSource: 3)
        let empty = Self.page(0..<0, next: Self.next(0, 3))
        #expect(state.apply(.pageLoaded(empty, url: Self.next(0))) == [])
        #expect(state.sources[0].page == .idle && state.feed?.posts.count == 3)
    }

    @Test(arguments: [1, 2])
    func theNewPostsJoinTheListInPlaceAndFadeIn(sources: Int) {
        var (state, _) = Self.loaded(sources, perSource: 2)
        _ = state.apply(.key(.character("j")), at: .seconds(1))
        for source in 0..<sources {
            let effects = state.apply(
                .pageLoaded(
                    Self.page(2..<4, source: source, of: sources, next: nil), url: Self.next(source), source: source),
                at: .seconds(2))
            #expect(effects == [])
        }
        #expect(
            state.feed?.posts.map(\.content)
                == (0..<4).flatMap { index in (0..<sources).map { _ in "Post number \(index)" } })
        #expect(state.sources.allSatisfy { $0.nextPage == nil && $0.page == .idle })
        #expect(state.selected == 1, "the selection did not move")
        #expect(state.fadeFirstRow == 2 * sources, "the page's posts fade in where its skeleton rows were")
    }

    @Test(arguments: [1, 2])
    func aFailedPageShowsAnErrorRowAndRReloads(sources: Int) {
        var (state, _) = Self.loaded(sources, perSource: 2)
        let failure = Failure.httpStatus(code: 500, reason: "", url: Self.next(sources - 1))
        _ = state.apply(.pageFailed(failure, url: Self.next(sources - 1), source: sources - 1))
        #expect(state.sources[sources - 1].page == .failed(failure))
        let expected =
            sources == 1
            ? "⚠ Could not load more, r to retry · HTTP 500 from https://e.org/0/2"
            : "⚠ Source 1: could not load more, r to retry · HTTP 500 from"
        // At the end of the list, past the rows of the other source's page.
        _ = state.apply(.key(.character("G")))
        _ = state.apply(.key(.pageDown))
        #expect(V.frame(state, at: .zero).contains { $0.contains(expected) })
        #expect(state.apply(.key(.character("r"))) == V.loadAll(sources, generation: 2))
        #expect(state.sources.allSatisfy { $0.page == .idle })
    }

    @Test func aPageOfAnOlderLoadIsDropped() {
        var (state, _) = Self.loaded(1, perSource: 3)
        _ = state.apply(.key(.character("r")))  // load 2 replaces load 1
        _ = state.apply(.loaded(Self.page(0..<3, next: nil), generation: 2))
        _ = state.apply(.pageLoaded(Self.page(3..<6, next: nil), url: Self.next(0), generation: 1))
        #expect(state.feed?.posts.count == 3)
    }

    @Test func anOlderLoadsPageIsDroppedWhileTheCurrentLoadsPageLoads() {
        var (state, _) = Self.loaded(1, perSource: 3)
        #expect(state.sources[0].page == .loading)  // load 1's page, asked for at once
        _ = state.apply(.key(.character("r")))  // load 2 replaces load 1
        let effects = state.apply(.loaded(Self.page(0..<3, next: "https://e.org/2b"), generation: 2))
        #expect(effects.contains(.load([SourceRequest(source: 0, page: "https://e.org/2b")], generation: 2)))
        // Load 1's page comes late, while load 2's is loading: it is not load 2's page.
        _ = state.apply(.pageLoaded(Self.page(100..<103, next: nil), url: Self.next(0), generation: 1))
        #expect(state.feed?.posts.count == 3 && state.sources[0].page == .loading)
        _ = state.apply(.pageLoaded(Self.page(3..<6, next: nil), url: "https://e.org/2b", generation: 2))
        #expect(state.feed?.posts.count == 6)
    }

    @Test(arguments: [1, 2])
    func skeletonRowsShimmerBelowTheLastPostWhileAPageLoads(sources: Int) throws {
        let (state, _) = Self.loaded(sources, perSource: 2)
        let frame = FeedRenderer.render(state.advanced(to: .milliseconds(300)))
        // The posts (scrolled to the end), then skeleton rows after the last one's line.
        let skeletonRows = frame.styleMask.enumerated().filter { $0.element.contains { ("a"..."m").contains($0) } }
            .map(\.offset)
        let lastPost = try #require(frame.lines.lastIndex { $0.contains("Post number 1") })
        #expect(skeletonRows.first == lastPost + 2)
        #expect(skeletonRows.count >= 4)
        #expect(frame.lines.last?.contains("loading more…") == true)
        #expect(state.isAnimating)
    }

    @Test func aRefreshOfTheFirstPageKeepsThePostsOfFurtherPages() {
        var state = V.started(1, refresh: .seconds(60))
        _ = state.apply(.loaded(Self.page(0..<3, next: Self.next(0))), at: .milliseconds(100))
        _ = state.apply(.pageLoaded(Self.page(3..<6, next: Self.next(0, 3)), url: Self.next(0)), at: .seconds(1))
        #expect(state.feed?.posts.count == 6)
        _ = state.apply(.tick, at: .seconds(61))
        // A new post on top: the first page's last post went down to the second page, and
        // stays here.
        var fresh = Self.page(0..<2, next: Self.next(0))
        fresh.posts.insert(
            Post(id: .string("0-new"), author: Author(name: "N"), content: "new", likes: 0, createdAt: V.now), at: 0)
        _ = state.apply(.loaded(fresh), at: .seconds(62))
        #expect(state.feed?.posts.map(\.content) == ["new"] + (0..<6).map { "Post number \($0)" })
        #expect(state.sources[0].nextPage == Self.next(0, 3), "the deepest page's cursor is kept")
    }

    @Test func aLargeFeedShowsItsFirstPostsWhileTheRestDecode() {
        var state = V.started(1)
        _ = state.apply(.partial(Self.page(0..<100, next: nil), decoded: 100, total: 100_000), at: .milliseconds(50))
        #expect(!state.isLoading)
        #expect(state.feed?.posts.count == 100)
        let frame = FeedRenderer.render(state.advanced(to: .zero))
        #expect(frame.lines.last?.contains("decoding 100 / 100,000") == true)
        #expect(frame.lines.first?.contains("Author 0-0") == true)
        _ = state.apply(.key(.character("j")))
        _ = state.apply(.partial(Self.page(0..<5_100, next: nil), decoded: 5_100, total: 100_000))
        #expect(state.selected == 1)
        _ = state.apply(.loaded(Self.page(0..<6_000, next: nil)))
        #expect(state.sources[0].progress == nil && state.footerSkeletonRows == 0)
        #expect(state.feed?.posts.count == 6_000)
        #expect(state.selected == 1)
    }

    @Test func rWhileALargeFeedDecodesStartsOver() {
        var state = V.started(1)
        _ = state.apply(.partial(Self.page(0..<100, next: nil), decoded: 100, total: 1_000))
        #expect(state.apply(.key(.character("r"))) == V.loadAll(1, generation: 2))
        _ = state.apply(.partial(Self.page(0..<200, next: nil), decoded: 200, total: 1_000, generation: 1))
        #expect(state.isLoading, "the old decode's progress is stale")
    }

    @Test func atTheEndTheSkeletonRowsOfTheNextPageComeIntoView() {
        var state = V.started(1)
        _ = state.apply(.loaded(Self.page(0..<30, next: Self.next(0))))
        #expect(state.apply(.key(.character("G"))) == [Self.pages([0], of: 1)])
        let frame = FeedRenderer.render(state.advanced(to: .milliseconds(300)))
        let skeletonRows = frame.styleMask.filter { $0.contains { ("a"..."m").contains($0) } }
        #expect(skeletonRows.count >= 4)
        #expect(frame.lines.contains { $0.contains("Author 0-29") })
    }
}

/// `--dump` prints the first pages as they are: no page load starts, no skeleton rows below.
@MainActor
@Suite struct DumpPagingTests {
    struct PagedLoader: FeedLoading {
        func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
            PagingStateTests.page(0..<2, next: "https://e.org/2")
        }
    }

    /// The simulated latency sleeps on the loop's clock, in --dump as in the viewer: the
    /// dump says the load took it, and takes none of it in real time.
    @Test func aDumpSleepsItsLatencyOnTheManualClock() {
        let clock = ManualClock()
        let loader = DelayedFeedLoader(PagedLoader(), delay: .milliseconds(1500), clock: clock)
        let started = ContinuousClock.now
        let (frames, _) = FrameDump.frames(
            options: Views.options(1), services: LoopServices(loaders: [loader]), clock: clock,
            size: TerminalSize(width: 80, height: 24), at: nil)
        #expect(FrameDump.text(of: frames[0]).contains("2 posts · loaded in 1.50 s"))
        #expect(ContinuousClock.now - started < .milliseconds(1000), "no real time slept")
        #expect(clock.now >= .milliseconds(1500))
    }

    @Test(arguments: [1, 2])
    func aDumpOfFeedsWithNextPagesIsTheFinishedFirstPages(sources: Int) {
        let (frames, failed) = FrameDump.frames(
            options: Views.options(sources),
            services: LoopServices(loaders: Array(repeating: PagedLoader(), count: sources)),
            clock: ManualClock(), size: TerminalSize(width: 80, height: 24), at: nil)
        let text = FrameDump.text(of: frames[0])
        #expect(!failed)
        #expect(text.contains("Author 0-1"))
        #expect(!text.contains("loading more"))
        #expect(!text.contains("░") && !text.contains("▒") && !text.contains("▓"), "no skeleton rows")
        #expect(text.contains(sources == 1 ? "2 posts" : "4 posts from 2 sources"))
    }
}
