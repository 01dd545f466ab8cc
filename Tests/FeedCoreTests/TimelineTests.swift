import Foundation
import Testing

@testable import FeedCore

/// A timeline of several sources, driven event by event on exact instants: arrivals in
/// every order, a failing source, a refresh while a post in the middle is selected, the
/// same post through two sources, the "▲ new" marker.
@Suite struct TimelineTests {
    static let size = TerminalSize(width: 80, height: 24)
    static let now = Fixtures.referenceDate

    /// A post `minutesAgo` old, its title naming it.
    static func post(_ name: String, minutesAgo: Int, url: String? = nil) -> Post {
        Post(
            id: .string(name), author: Author(name: "Writer \(name)"), title: "Post \(name)",
            content: "Text of \(name).",
            likes: nil, createdAt: now - Double(minutesAgo * 60), url: url)
    }

    static func state(sources: Int, refresh: Duration? = nil) -> AppState {
        var options = ViewerOptions(source: "\(sources) sources", animation: .slide)
        options.timelineSources = (0..<sources).map { SourceStatus(name: "Source \($0)") }
        options.refreshInterval = refresh
        options.loadsMorePages = false
        var state = AppState(options: options, size: size)
        _ = state.apply(.start, at: .zero)
        return state
    }

    @discardableResult
    static func arrive(
        _ state: inout AppState, source: Int, _ posts: [Post], title: String? = nil, at instant: Duration
    ) -> [AppEffect] {
        let feed = Feed(title: title, posts: posts)
        return state.apply(
            .sourceLoaded(generation: state.generation, source: source, result: .success(feed), at: now), at: instant)
    }

    static func titles(_ state: AppState) -> [String] {
        state.feed?.posts.compactMap(\.title) ?? []
    }

    static func frame(_ state: AppState, at instant: Duration) -> [String] {
        FeedRenderer.render(state, size: size, at: instant).lines
    }

    static let feeds: [[Post]] = [
        [post("a1", minutesAgo: 5), post("a2", minutesAgo: 50)],
        [post("b1", minutesAgo: 20), post("b2", minutesAgo: 1)],
        [post("c1", minutesAgo: 30)],
    ]

    @Test(arguments: [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]])
    func arrivalsInAnyOrderMergeNewestFirst(order: [Int]) {
        var state = Self.state(sources: 3)
        #expect(state.isLoading && state.sourcesAwaited == 3)
        for (step, source) in order.enumerated() {
            Self.arrive(&state, source: source, Self.feeds[source], at: .milliseconds(100 * (step + 1)))
            let status = Self.frame(state, at: .milliseconds(100 * (step + 1))).last ?? ""
            if step < 2 { #expect(status.contains("\(2 - step) of 3 sources loading"), "\(status)") }
        }
        #expect(Self.titles(state) == ["Post b2", "Post a1", "Post b1", "Post c1", "Post a2"])
        let status = Self.frame(state, at: .milliseconds(400)).last ?? ""
        #expect(status.contains("5 posts from 3 sources · loaded in 300 ms"), "\(status)")
        // Each row names its source.
        #expect(Self.frame(state, at: .seconds(1)).contains { $0.contains("Writer b2") && $0.contains("Source 1") })
    }

    @Test func theFirstRowsReplaceTheSkeletonAndSkeletonRowsStandForTheRest() {
        var state = Self.state(sources: 3)
        // The skeleton, past its show delay.
        #expect(
            FeedRenderer.render(state, size: Self.size, at: .milliseconds(200)).cells.contains {
                $0.style.ink.isSkeleton
            })
        Self.arrive(&state, source: 2, Self.feeds[2], at: .milliseconds(700))
        #expect(!state.isLoading)
        let frame = FeedRenderer.render(state, size: Self.size, at: .seconds(2))
        #expect(frame.lines.contains { $0.contains("Post c1") })
        // Below it, a skeleton row for each source still loading.
        let skeletonRows = Set(
            frame.cells.indices.filter { frame.cells[$0].style.ink.isSkeleton }.map { $0 / Self.size.width })
        #expect(skeletonRows.min().map { $0 > 2 } == true && skeletonRows.count >= 4)
        #expect(state.footerHeight == SourceFooter.height(of: state.sources, width: Self.size.width))
    }

    @Test func untilTheReaderMovesTheNewestStayInView() {
        var state = Self.state(sources: 2)
        Self.arrive(&state, source: 0, [Self.post("old", minutesAgo: 60)], at: .milliseconds(100))
        Self.arrive(&state, source: 1, [Self.post("new", minutesAgo: 1)], at: .milliseconds(200))
        #expect(state.selectedPost?.title == "Post new" && state.scroll == .start && state.newAbove == 0)
        // Once the reader has moved, what arrives goes above without moving them.
        _ = state.apply(.key(.character("j")), at: .seconds(1))
        _ = state.apply(.key(.character("r")), at: .seconds(2))
        Self.arrive(
            &state, source: 0, [Self.post("old", minutesAgo: 60), Self.post("newer", minutesAgo: 0)], at: .seconds(3))
        #expect(state.selectedPost?.title == "Post old")
        // All of it fits on the screen: the new post is in view, no marker is needed.
        #expect(state.newAbove == 0 && Self.frame(state, at: .seconds(3)).contains { $0.contains("Post newer") })
    }

    @Test func aFailingSourceShowsItsErrorAndTheOthersStay() {
        var state = Self.state(sources: 2)
        Self.arrive(&state, source: 0, Self.feeds[0], at: .milliseconds(100))
        _ = state.apply(
            .sourceLoaded(
                generation: state.generation, source: 1, result: .failure(.notFound(path: "b.json")), at: Self.now),
            at: .milliseconds(200))
        #expect(Self.titles(state) == ["Post a1", "Post a2"])
        let lines = Self.frame(state, at: .seconds(1))
        #expect(lines.contains { $0.contains("⚠ Source 1 failed, r to retry · no such file: b.json") })
        #expect(lines.last?.contains("2 posts from 2 sources · loaded in 200 ms · 1 failed") == true)
        // r retries every source; the rows stay meanwhile, with no skeleton over them.
        let effects = state.apply(.key(.character("r")), at: .seconds(2))
        #expect(effects.contains(.loadSources([0, 1], generation: state.generation)))
        #expect(!state.isLoading && Self.titles(state).count == 2)
    }

    @Test func everySourceFailingIsAnError() {
        var state = Self.state(sources: 2)
        for source in 0..<2 {
            _ = state.apply(
                .sourceLoaded(
                    generation: state.generation, source: source, result: .failure(.refused(host: "h", port: 1)),
                    at: Self.now), at: .milliseconds(100))
        }
        #expect(!state.isLoading)
        #expect(Self.frame(state, at: .seconds(1)).contains { $0.contains("connection refused by h:1") })
    }

    @Test func aPostReachedThroughTwoSourcesShowsOnce() {
        var state = Self.state(sources: 2)
        let shared = "https://example.org/post/1"
        Self.arrive(
            &state, source: 0, [Self.post("x", minutesAgo: 3, url: shared), Self.post("a", minutesAgo: 4)], at: .zero)
        Self.arrive(&state, source: 1, [Self.post("x again", minutesAgo: 3, url: shared)], at: .zero)
        #expect(Self.titles(state) == ["Post x", "Post a"])
        // Two feeds may both have a post "1": they are two posts.
        var other = Self.state(sources: 2)
        Self.arrive(&other, source: 0, [Self.post("1", minutesAgo: 3)], at: .zero)
        Self.arrive(&other, source: 1, [Self.post("1", minutesAgo: 4)], at: .zero)
        #expect(other.feed?.posts.count == 2)
    }

    /// The screen line of the selection bar's first line.
    static func selectionLine(_ state: AppState, at instant: Duration) -> Int? {
        Self.frame(state, at: instant).firstIndex { $0.hasPrefix("▌") }
    }

    @Test func aRefreshWithNewPostsKeepsTheSelectedPostOnItsLine() throws {
        var state = Self.state(sources: 2, refresh: .seconds(60))
        let older = (1...8).map { Self.post("old\($0)", minutesAgo: 10 * $0) }
        Self.arrive(&state, source: 0, older, at: .milliseconds(100))
        Self.arrive(&state, source: 1, [], at: .milliseconds(100))
        for _ in 0..<3 { _ = state.apply(.key(.character("j")), at: .seconds(1)) }
        let selectedTitle = state.selectedPost?.title
        let line = try #require(Self.selectionLine(state, at: .seconds(1)))
        #expect(selectedTitle == "Post old4" && line > 0)
        // The refresh comes due on its own and asks both sources again.
        _ = state.apply(.frameDrawn, at: .seconds(1))
        #expect(state.nextWake(after: .seconds(1)) == .milliseconds(60_100))
        let effects = state.apply(.tick, at: .seconds(61))
        #expect(effects == [.loadSources([0, 1], generation: state.generation)])
        #expect(!state.isLoading, "a refresh shows no skeleton over the rows")
        Self.arrive(
            &state, source: 1, [Self.post("new1", minutesAgo: 0), Self.post("new2", minutesAgo: 1)], at: .seconds(62))
        #expect(state.selectedPost?.title == selectedTitle)
        #expect(Self.selectionLine(state, at: .seconds(62)) == line)
        #expect(state.newAbove == 2)
        #expect(Self.frame(state, at: .seconds(62))[0].contains("▲ 2 new · g goes to the newest"))
        // g: the newest, and the marker goes.
        _ = state.apply(.key(.character("g")), at: .seconds(63))
        #expect(state.selectedPost?.title == "Post new1" && state.newAbove == 0)
        #expect(!Self.frame(state, at: .seconds(63))[0].contains("new ·"))
    }

    @Test func anUnchangedSourceDrawsNothing() {
        var state = Self.state(sources: 2, refresh: .seconds(30))
        Self.arrive(&state, source: 0, Self.feeds[0], at: .zero)
        Self.arrive(&state, source: 1, Self.feeds[1], at: .zero)
        let before = FeedRenderer.render(state, size: Self.size, at: .seconds(31))
        _ = state.apply(.tick, at: .seconds(31))
        for source in 0..<2 {
            _ = state.apply(
                .sourceLoaded(
                    generation: state.generation, source: source, result: .failure(.notModified), at: Self.now),
                at: .seconds(31))
        }
        let after = FeedRenderer.render(state, size: Self.size, at: .seconds(31))
        #expect(FrameDiff.runs(from: before, to: after).isEmpty)
        #expect(state.sources.allSatisfy { $0.phase == .loaded })
    }

    @Test func aSourceFailingDuringARefreshKeepsItsPostsAndBacksOff() {
        var state = Self.state(sources: 2, refresh: .seconds(60))
        Self.arrive(&state, source: 0, Self.feeds[0], at: .zero)
        Self.arrive(&state, source: 1, Self.feeds[1], at: .zero)
        _ = state.apply(.tick, at: .seconds(60))
        let tooMany = Failure.retryLater(code: 429, reason: "Too Many Requests", url: "u", seconds: 600)
        _ = state.apply(
            .sourceLoaded(generation: state.generation, source: 1, result: .failure(tooMany), at: Self.now),
            at: .seconds(61))
        Self.arrive(&state, source: 0, Self.feeds[0], at: .seconds(61))
        #expect(Self.titles(state).count == 4, "its posts stay")
        #expect(
            Self.frame(state, at: .seconds(61)).contains {
                $0.contains("⚠ Source 1 failed, r to retry · last loaded just now · HTTP 429")
            })
        // Retry-After (600 s) is longer than the back-off (60 s): the next refresh skips it.
        #expect(state.apply(.tick, at: .seconds(121)) == [.loadSources([0], generation: state.generation)])
        #expect(state.sources[1].notBefore == .seconds(661))
    }

    @Test func backOffDoublesToAnHourAndRetryAfterWins() {
        let minute = Duration.seconds(60)
        #expect(SourceStatus.backOff(interval: minute, failures: 1, retryAfter: nil) == minute)
        #expect(SourceStatus.backOff(interval: minute, failures: 3, retryAfter: nil) == .seconds(240))
        #expect(SourceStatus.backOff(interval: minute, failures: 30, retryAfter: nil) == .seconds(3600))
        #expect(SourceStatus.backOff(interval: minute, failures: 1, retryAfter: .seconds(7200)) == .seconds(7200))
    }

    @Test func aBodysPostsShowAsTheyArriveAndItsSkeletonRowStays() {
        var state = Self.state(sources: 2)
        Self.arrive(&state, source: 0, Self.feeds[0], at: .milliseconds(100))
        let partial = Feed(posts: [Self.post("b1", minutesAgo: 20)])
        _ = state.apply(.sourcePartial(generation: state.generation, source: 1, feed: partial), at: .milliseconds(200))
        #expect(Self.titles(state) == ["Post a1", "Post b1", "Post a2"])
        #expect(state.sources[1].isLoading && state.sourcesAwaited == 1, "still arriving: its skeleton row stays")
        Self.arrive(&state, source: 1, Self.feeds[1], at: .milliseconds(300))
        #expect(Self.titles(state) == ["Post b2", "Post a1", "Post b1", "Post a2"])
        #expect(state.sourcesAwaited == 0)
    }

    @Test func dumpingSeveralSourcesWaitsForAllOfThem() async {
        let loaders: [any FeedLoading] = Self.feeds.map { feed in
            DelayedFeedLoader(StaticLoader(feed: Feed(title: nil, posts: feed)), delay: .milliseconds(20))
        }
        let (text, failed) = await FrameDump.render(
            loader: loaders[0], source: "3 sources", size: Self.size, loadingAt: nil, animation: .slide,
            timeline: (0..<3).map { SourceStatus(name: "Source \($0)") }, sources: loaders)
        #expect(!failed)
        #expect(text.contains("5 posts from 3 sources"))
        #expect(text.split(separator: "\n").first?.contains("Writer b2") == true, "from the newest")
    }

    @Test func theMergeIsOneWalkOfSortedLists() {
        let a = [Self.post("a", minutesAgo: 1), Self.post("c", minutesAgo: 3)]
        let b = [Self.post("d", minutesAgo: 4), Self.post("b", minutesAgo: 2)]
        let undated = Post(id: .string("u"), author: Author(name: "U"), content: "", likes: nil, createdAt: nil)
        var tagged = a
        for index in tagged.indices { tagged[index].source = PostSource(index: 0, name: "A") }
        let merged = TimelineMerge.replacing(source: 1, in: tagged, with: b + [undated])
        #expect(merged.map(\.id.description) == ["a", "b", "c", "d", "u"])
        // Source 0 again: its old posts go, its new ones come in.
        let replaced = TimelineMerge.replacing(source: 0, in: merged, with: [Self.post("e", minutesAgo: 0)])
        #expect(replaced.map(\.id.description) == ["e", "b", "d", "u"])
    }
}

/// A loader that answers at once with its feed.
struct StaticLoader: FeedLoading {
    let feed: Feed

    func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed { feed }
}
