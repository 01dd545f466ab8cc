import Foundation
import TestSupport
import Testing

@testable import FeedCore

/// A view's sources, driven answer by answer on exact instants. Each behaviour runs for one
/// source and for several: one source is a timeline of one, on the same path.
@Suite struct TimelineTests {
    typealias V = Views

    // MARK: starting

    @Test(arguments: [1, 3])
    func everySourceLoadsAtStartBehindTheSkeleton(sources: Int) {
        var state = AppState(options: V.options(sources), size: V.size)
        #expect(state.apply(.start, at: .zero) == V.loadAll(sources, generation: 1))
        #expect(state.isLoading && state.sourcesAwaited == sources)
        #expect(V.showsSkeleton(state, at: .milliseconds(200)))
        let status = V.status(state, at: .milliseconds(200))
        #expect(status.contains(sources == 1 ? "Loading… · source-0.json" : "3 of 3 sources loading"), "\(status)")
    }

    @Test(arguments: [1, 3])
    func theFirstPostsReplaceTheSkeletonAndSkeletonRowsStandForTheRest(sources: Int) {
        var state = V.started(sources)
        _ = state.apply(.tick, at: .milliseconds(200))
        V.answer(&state, source: sources - 1, V.feeds(sources, perSource: 1)[sources - 1], at: .milliseconds(700))
        #expect(!state.isLoading)
        #expect(state.fadeStart != nil, "the rows fade in over the skeleton")
        let frame = FeedRenderer.render(state.advanced(to: .seconds(2)))
        #expect(frame.lines.contains { $0.contains("Post \(sources - 1)-0") })
        // Below it, skeleton rows for each source still loading; none for one source.
        let skeletonRows = Set(
            frame.cells.indices.filter { frame.cells[$0].style.ink.isSkeleton }.map { $0 / V.size.width })
        #expect(skeletonRows.isEmpty == (sources == 1))
        #expect(state.footerSkeletonRows == min(SourceFooter.maximumSkeletonRows, 2 * (sources - 1)))
    }

    @Test func arrivalsInAnyOrderMergeNewestFirst() {
        let feeds: [[Post]] = [
            [V.post("a1", minutesAgo: 5), V.post("a2", minutesAgo: 50)],
            [V.post("b1", minutesAgo: 20), V.post("b2", minutesAgo: 1)],
            [V.post("c1", minutesAgo: 30)],
        ]
        for order in [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
            var state = V.started(3)
            for (step, source) in order.enumerated() {
                V.answer(&state, source: source, feeds[source], at: .milliseconds(100 * (step + 1)))
                let status = V.status(state, at: .milliseconds(100 * (step + 1)))
                if step < 2 { #expect(status.contains("\(2 - step) of 3 sources loading"), "\(status)") }
            }
            #expect(V.titles(state) == ["Post b2", "Post a1", "Post b1", "Post c1", "Post a2"])
            let status = V.status(state, at: .milliseconds(400))
            #expect(status.contains("5 posts from 3 sources · loaded in 300 ms"), "\(status)")
            // Each row names its source.
            #expect(V.frame(state, at: .seconds(1)).contains { $0.contains("Writer b2") && $0.contains("Source 1") })
        }
    }

    @Test func aSingleSourcesRowsNameNoSourceAndItsTitleStandsInTheStatusLine() {
        var state = V.started(1)
        V.answer(&state, source: 0, [V.post("a", minutesAgo: 5)], title: "The Blog", at: .milliseconds(100))
        let lines = V.frame(state, at: .seconds(1))
        #expect(lines.contains { $0.contains("Writer a") && !$0.contains("Source 0") && !$0.contains("The Blog") })
        #expect(lines.last?.hasPrefix(" The Blog · 1 post · loaded in 100 ms · source-0.js") == true)
    }

    /// The merge goes by the posts, never by who answered first: undated posts go below
    /// every dated one even when their source answers first.
    @Test func undatedPostsGoBelowTheDatedOnesWhicheverAnswersFirst() {
        var state = V.started(2)
        V.answer(&state, source: 1, [V.post("u1", minutesAgo: nil), V.post("u2", minutesAgo: nil)], at: .zero)
        V.answer(&state, source: 0, [V.post("d1", minutesAgo: 600), V.post("d2", minutesAgo: 5)], at: .zero)
        #expect(V.titles(state) == ["Post d2", "Post d1", "Post u1", "Post u2"])
    }

    @Test func aPostReachedThroughTwoSourcesShowsOnceWhicheverAnswersFirst() {
        let shared = "https://example.org/post/1"
        for order in [[0, 1], [1, 0]] {
            var state = V.started(2)
            let feeds = [
                [V.post("x", minutesAgo: 3, url: shared), V.post("a", minutesAgo: 4)],
                [V.post("x again", minutesAgo: 3, url: shared)],
            ]
            for source in order { V.answer(&state, source: source, feeds[source], at: .zero) }
            #expect(V.titles(state) == ["Post x", "Post a"], "the first source's copy, in the order \(order)")
        }
        // Two feeds may both have a post "1": they are two posts.
        var other = V.started(2)
        V.answer(&other, source: 0, [V.post("1", minutesAgo: 3)], at: .zero)
        V.answer(&other, source: 1, [V.post("1", minutesAgo: 4)], at: .zero)
        #expect(other.feed?.posts.count == 2)
    }

    // MARK: failing

    @Test(arguments: [1, 2])
    func aFirstLoadThatFailsEverywhereShowsTheErrorAndRRetries(sources: Int) {
        var state = V.started(sources)
        for source in 0..<sources {
            V.fail(&state, source: source, .refused(host: "h", port: 1), at: .milliseconds(100))
        }
        #expect(!state.isLoading)
        let lines = V.frame(state, at: .seconds(1))
        #expect(lines.contains { $0.contains("connection refused by h:1") })
        #expect(lines.contains { $0.contains(sources == 1 ? "Could not load source-0.json" : "any of 2 sources") })
        #expect(state.apply(.key(.character("r")), at: .seconds(2)) == V.loadAll(sources, generation: 2))
        #expect(state.isLoading)
    }

    @Test func aSourceThatFailsFirstHasItsRowAndTheOthersStay() {
        var state = V.started(2)
        V.answer(&state, source: 0, V.feeds(2, perSource: 2)[0], at: .milliseconds(100))
        V.fail(&state, source: 1, .notFound(path: "b.json"), at: .milliseconds(200))
        #expect(V.titles(state) == ["Post 0-0", "Post 0-1"])
        let lines = V.frame(state, at: .seconds(1))
        #expect(lines.contains { $0.contains("⚠ Source 1 failed, r to retry · no such file: b.json") })
        #expect(lines.last?.contains("2 posts from 2 sources · loaded in 200 ms · 1 failed") == true)
    }

    @Test(arguments: [1, 3])
    func aSourceFailingDuringARefreshKeepsItsPostsShowsItsErrorAndBacksOff(sources: Int) {
        var state = V.loaded(sources, perSource: 1, refresh: .seconds(60))
        let failing = sources - 1
        // The first refresh is due a minute after every source answered (at 0.1 s).
        #expect(
            state.apply(.tick, at: .seconds(61)) == [
                .load(V.requests(0..<sources, of: sources), generation: 1)
            ])
        let tooMany = Failure.retryLater(code: 429, reason: "Too Many Requests", url: "u", seconds: 600)
        V.fail(&state, source: failing, tooMany, at: .seconds(62))
        for source in 0..<failing {
            V.answer(&state, source: source, V.feeds(sources, perSource: 1)[source], at: .seconds(62))
        }
        #expect(V.titles(state).count == sources, "its posts stay")
        let name = sources == 1 ? "Reload" : "Source \(failing)"
        // Last loaded a minute ago, where no source answered since (the fixtures' answers
        // all carry one date: where others answered, "now" is that date again).
        let ago = sources == 1 ? "1m ago" : "just now"
        #expect(
            V.frame(state, at: .seconds(62)).contains {
                $0.contains("⚠ \(name) failed, r to retry · last loaded \(ago) · HTTP 429")
            })
        #expect(V.status(state, at: .seconds(62)).contains(sources == 1 ? "reload failed" : "1 failed"))
        // Retry-After (600 s) is longer than the back-off (60 s): the next refresh skips it.
        let next = state.apply(.tick, at: .seconds(121))
        #expect(next == (sources == 1 ? [] : [.load(V.requests(0..<failing, of: sources), generation: 1)]))
        #expect(state.sources[failing].notBefore == .seconds(662))
        #expect(state.apply(.tick, at: .seconds(662)).contains(.load([V.request(failing, of: sources)], generation: 1)))
    }

    /// Skeleton rows stand for sources that have shown nothing yet: one that failed keeps
    /// its error row while it is asked again, and gets no skeleton rows.
    @Test func aFailedSourceAskedAgainKeepsItsErrorRowAndNoSkeletonRows() {
        var state = V.started(2, refresh: .seconds(60))
        V.answer(&state, source: 0, V.feeds(2, perSource: 1)[0], at: .milliseconds(100))
        V.fail(&state, source: 1, .notFound(path: "b.json"), at: .milliseconds(100))
        _ = state.apply(.tick, at: .seconds(61))
        #expect(state.sources[1].isLoading && state.sourcesAwaited == 0 && state.footerSkeletonRows == 0)
        #expect(V.frame(state, at: .seconds(61)).contains { $0.contains("⚠ Source 1 failed, r to retry") })
        #expect(!V.showsSkeleton(state, at: .seconds(61)))
    }

    @Test func aSourcesShortNameAndLabel() {
        let url = FeedSource.url(URL(string: "https://blog.example/feed.xml")!)
        #expect(url.shortName == "blog.example" && url.label == "https://blog.example/feed.xml")
        #expect(FeedSource.file("/home/ada/feeds/news.json").shortName == "news.json")
        #expect(FeedSource.file("/home/ada/feeds/news.json").label == "/home/ada/feeds/news.json")
        #expect(FeedSource.standardInput.shortName == "standard input" && FeedSource.sample.label == "sample feed")
    }

    @Test func backOffDoublesToAnHourAndRetryAfterWins() {
        let minute = Duration.seconds(60)
        #expect(SourceStatus.backOff(interval: minute, failures: 1, retryAfter: nil) == minute)
        #expect(SourceStatus.backOff(interval: minute, failures: 3, retryAfter: nil) == .seconds(240))
        #expect(SourceStatus.backOff(interval: minute, failures: 30, retryAfter: nil) == .seconds(3600))
        #expect(SourceStatus.backOff(interval: minute, failures: 1, retryAfter: .seconds(7200)) == .seconds(7200))
    }

    // MARK: r

    @Test(arguments: [1, 3])
    func rReloadsEverySourceBehindTheSkeletonUntilAllHaveAnswered(sources: Int) {
        var state = V.loaded(sources)
        #expect(state.apply(.key(.character("r")), at: .seconds(1)) == V.loadAll(sources, generation: 2))
        #expect(state.isLoading && state.feed != nil, "the rows it had stay known, to shape the skeleton")
        #expect(V.showsSkeleton(state, at: .milliseconds(1200)))
        #expect(!V.frame(state, at: .milliseconds(1200)).contains { $0.contains("Post 0-0") })
        let status = V.status(state, at: .milliseconds(1200))
        #expect(status.contains(sources == 1 ? "Loading…" : "3 of 3 sources loading"), "\(status)")
        let fresh = (0..<sources).map { [V.post("new\($0)", minutesAgo: 0)] + V.feeds(sources, perSource: 3)[$0] }
        for source in 0..<(sources - 1) {
            V.answer(&state, source: source, fresh[source], at: .milliseconds(1300))
            #expect(state.isLoading, "the skeleton stands until every source has answered")
            #expect(V.status(state, at: .milliseconds(1300)).contains("\(sources - 1 - source) of 3 sources loading"))
        }
        V.answer(&state, source: sources - 1, fresh[sources - 1], at: .milliseconds(1600))
        #expect(!state.isLoading && state.fadeStart != nil, "the new rows fade in")
        #expect(V.titles(state).filter { $0.hasPrefix("Post new") }.count == sources)
    }

    @Test(arguments: [1, 3])
    func rAgainCancelsAndTheRowsComeBackWithWhateverHadAnswered(sources: Int) {
        var state = V.loaded(sources)
        let before = V.titles(state)
        _ = state.apply(.key(.character("r")), at: .seconds(1))
        if sources > 1 { V.answer(&state, source: 0, [V.post("new", minutesAgo: 0)], at: .milliseconds(1100)) }
        #expect(state.apply(.key(.character("r")), at: .milliseconds(1200)) == [.cancelLoads])
        #expect(!state.isLoading && state.sourcesLoading == 0)
        // Source 0's new post came; its older posts stay.
        #expect(V.titles(state) == (sources == 1 ? before : ["Post new"] + before))
        // A late answer of the cancelled load (2) is never shown.
        let late = Feed(posts: [V.post("late", minutesAgo: 0)])
        _ = state.apply(.loaded(late, source: sources - 1, generation: 2), at: .milliseconds(1300))
        #expect(!V.titles(state).contains("Post late"))
        #expect(!state.isLoading)
    }

    @Test(arguments: [1, 3])
    func rDuringTheFirstLoadKeepsLoading(sources: Int) {
        var state = V.started(sources)
        #expect(state.apply(.key(.character("r")), at: .milliseconds(100)) == [])
        #expect(state.isLoading)
        V.answer(&state, source: 0, [V.post("a", minutesAgo: 1)], at: .milliseconds(120))
        #expect(V.titles(state) == ["Post a"])
    }

    @Test func aBurstOfRsDropsEveryAnswerButTheLastLoads() {
        var state = V.loaded(1)
        _ = state.apply(.key(.character("r")), at: .seconds(1))  // load 2
        _ = state.apply(.key(.character("r")), at: .seconds(1))  // cancelled: 3
        _ = state.apply(.key(.character("r")), at: .seconds(1))  // load 4
        _ = state.apply(.loaded(Feed(posts: [V.post("stale", minutesAgo: 0)]), generation: 2), at: .seconds(2))
        #expect(state.isLoading, "load 2's answer is stale while load 4 runs")
        _ = state.apply(.loaded(Feed(posts: [V.post("fresh", minutesAgo: 0)]), generation: 4), at: .seconds(2))
        #expect(!state.isLoading && V.titles(state).first == "Post fresh" && !V.titles(state).contains("Post stale"))
    }

    // MARK: refreshing

    @Test(arguments: [1, 2])
    func aRefreshKeepsTheSelectedPostOnItsLineAndCountsEveryNewPost(sources: Int) throws {
        var state = V.started(sources, refresh: .seconds(60))
        let older = (1...8).map { V.post("old\($0)", minutesAgo: 10 * $0) }
        V.answer(&state, source: 0, older, at: .milliseconds(100))
        if sources == 2 { V.answer(&state, source: 1, [], at: .milliseconds(100)) }
        for _ in 0..<3 { _ = state.apply(.key(.character("j")), at: .seconds(1)) }
        let line = try #require(V.selectionLine(state, at: .seconds(1)))
        #expect(state.selectedPost?.title == "Post old4" && line > 0)
        // The refresh comes due on its own and asks every source again, quietly.
        _ = state.apply(.frameDrawn, at: .seconds(1))
        #expect(state.nextWake(after: .seconds(1)) == .milliseconds(60_100))
        let effects = state.apply(.tick, at: .seconds(61))
        #expect(effects == [.load(V.requests(0..<sources, of: sources), generation: 1)])
        #expect(!state.isLoading && !V.showsSkeleton(state, at: .seconds(61)), "no skeleton over the rows")
        // Each source brings new posts: the marker counts them all.
        let new = (1...3).map { V.post("new\($0)", minutesAgo: $0 - 1) }
        if sources == 1 {
            V.answer(&state, source: 0, new + older, at: .seconds(62))
        } else {
            V.answer(&state, source: 0, [new[0]] + older, at: .seconds(62))
            V.answer(&state, source: 1, Array(new[1...]), at: .seconds(62))
        }
        #expect(state.selectedPost?.title == "Post old4")
        #expect(V.selectionLine(state, at: .seconds(62)) == line)
        #expect(state.newAbove == 3)
        #expect(V.frame(state, at: .seconds(62))[0].contains("▲ 3 new · g goes to the newest"))
        // g: the newest, and the marker goes.
        _ = state.apply(.key(.character("g")), at: .seconds(63))
        #expect(state.selectedPost?.title == "Post new1" && state.newAbove == 0)
        #expect(!V.frame(state, at: .seconds(63))[0].contains("new ·"))
    }

    @Test func untilTheReaderMovesTheNewestStayInView() {
        var state = V.started(2)
        V.answer(&state, source: 0, [V.post("old", minutesAgo: 60)], at: .milliseconds(100))
        V.answer(&state, source: 1, [V.post("new", minutesAgo: 1)], at: .milliseconds(200))
        #expect(state.selectedPost?.title == "Post new" && state.scroll == .start && state.newAbove == 0)
    }

    @Test(arguments: [1, 2])
    func anUnchangedSourceDrawsNothing(sources: Int) {
        var state = V.loaded(sources, refresh: .seconds(30))
        let before = FeedRenderer.render(state.advanced(to: .seconds(31)))
        _ = state.apply(.tick, at: .seconds(31))
        for source in 0..<sources {
            _ = state.apply(.failed(.notModified, source: source, generation: state.generation), at: .seconds(31))
        }
        let after = FeedRenderer.render(state.advanced(to: .seconds(31)))
        #expect(FrameDiff.runs(from: before, to: after).isEmpty)
        #expect(state.sources.allSatisfy { $0.outcome == .loaded && !$0.isLoading })
    }

    // MARK: bodies in parts

    @Test(arguments: [1, 2])
    func aBodysPostsShowAsTheyArriveAndSkeletonRowsStandForTheRest(sources: Int) {
        var state = V.started(sources)
        _ = state.apply(.tick, at: .milliseconds(160))
        let receiving = sources - 1
        let first = Feed(posts: [V.post("one", minutesAgo: 1)])
        _ = state.apply(
            .partial(first, decoded: 0, total: 0, source: receiving, generation: state.generation),
            at: .milliseconds(200))
        #expect(
            !state.isLoading && state.timing.timers[.heldAnswers] == nil,
            "taken at once: skeleton rows stay for the rest")
        let frame = FeedRenderer.render(state.advanced(to: .milliseconds(200)))
        #expect(frame.lines.contains { $0.contains("Post one") })
        let status = frame.lines.last ?? ""
        #expect(status.contains(sources == 1 ? "1 post · receiving…" : "1 post · 2 of 2 sources loading"), "\(status)")
        #expect(state.footerSkeletonRows > 0 && frame.cells.contains { $0.style.ink.isSkeleton })
        let whole = Feed(posts: first.posts + [V.post("two", minutesAgo: 2)])
        _ = state.apply(.loaded(whole, source: receiving, generation: state.generation), at: .milliseconds(400))
        for source in 0..<receiving { V.answer(&state, source: source, [], at: .milliseconds(400)) }
        #expect(state.footerSkeletonRows == 0 && V.titles(state) == ["Post one", "Post two"])
    }

    @Test(arguments: [1, 3])
    func onlyTheAnswerThatEndsTheSkeletonWaitsForItsMinimumTime(sources: Int) {
        var state = V.started(sources)
        _ = state.apply(.tick, at: .milliseconds(160))
        // All but the last fail: the skeleton stays for the last, taken as they come.
        for source in 0..<(sources - 1) { V.fail(&state, source: source, .empty, at: .milliseconds(180)) }
        #expect(state.isLoading && state.timing.timers[.heldAnswers] == nil)
        V.answer(&state, source: sources - 1, [V.post("a", minutesAgo: 1)], at: .milliseconds(200))
        let reveal = SkeletonTiming.reveal(arrivedAt: .milliseconds(200))
        #expect(state.isLoading && state.timing.timers[.heldAnswers] == reveal)
        _ = state.apply(.tick, at: reveal)
        #expect(!state.isLoading && V.titles(state) == ["Post a"])
        #expect(state.lastLoadDuration == .milliseconds(200), "the figure is when it came, not when it showed")
    }

    // MARK: the merge itself

    @Test func theMergeIsOneWalkOfSortedLists() {
        func tagged(_ posts: [Post], _ source: Int) -> [Post] {
            posts.map {
                var post = $0
                post.source = PostSource(index: source, name: "S\(source)")
                return post
            }
        }
        let a = tagged([V.post("a", minutesAgo: 1), V.post("c", minutesAgo: 3)], 0)
        let b = tagged([V.post("d", minutesAgo: 4), V.post("b", minutesAgo: 2), V.post("u", minutesAgo: nil)], 1)
        let merged = TimelineMerge.replacing(source: 1, in: a, with: b)
        #expect(merged.map(\.id.description) == ["a", "b", "c", "d", "u"])
        // Source 0 again: what it brings again and what is gone from its span go; its
        // posts older than all it brings stay (pushed down the feed by newer ones).
        let again = tagged([V.post("e", minutesAgo: 0), V.post("a", minutesAgo: 1)], 0)
        let replaced = TimelineMerge.replacing(source: 0, in: merged, with: again)
        #expect(replaced.map(\.id.description) == ["e", "a", "b", "c", "d", "u"])
        let later = tagged([V.post("f", minutesAgo: 0), V.post("g", minutesAgo: 3)], 0)
        #expect(
            TimelineMerge.replacing(source: 0, in: replaced, with: later).map(\.id.description)
                == ["f", "b", "g", "d", "u"])
    }

    // MARK: what a big feed costs

    /// The address of an array's elements: the same address is the same list, not a copy.
    private func storage(_ posts: [Post]) -> UnsafeRawPointer? {
        posts.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    /// Giving authorless posts the feed's name writes nothing when every post has one: a
    /// big feed's list, shared with its decoder, is not copied for it (it was, on every
    /// batch, which cost 100,000 posts a second and 30 MB).
    @Test func postsThatHaveAnAuthorAreNotCopiedToGiveThemOne() {
        let posts = (0..<50).map { (age: Int) in V.post("p\(age)", minutesAgo: age) }
        var feed = Feed(posts: posts)
        feed.attributeAuthorless(to: Author(name: "The feed"))
        #expect(storage(feed.posts) == storage(posts), "the same list, not a copy")
        var unnamed = posts
        unnamed[7].author = Author(name: "")
        feed = Feed(posts: unnamed)
        feed.attributeAuthorless(to: Author(name: "The feed"))
        #expect(feed.posts[7].author.name == "The feed" && feed.posts[6].author.name == "Writer p6")
    }

    @Test func postsAreTaggedWithTheirSourceInPlaceAndOnce() {
        var posts = [V.post("a", minutesAgo: 1), V.post("b", minutesAgo: 2)]
        let before = storage(posts)
        let source = PostSource(index: 2, name: "Source 2")
        #expect(!posts.isTagged(with: source))
        posts.tag(with: source)
        #expect(storage(posts) == before, "a list of its own is tagged where it lies")
        #expect(posts.map(\.id.description) == ["2/a", "2/b"])
        #expect(posts.allSatisfy { $0.source == source })
        #expect(posts.isTagged(with: source))
        #expect(!posts.isTagged(with: PostSource(index: 2, name: "Source 2", paged: true)))
    }

    /// A source takes its feed's title when it first answers, after its load was tagged
    /// under the name it had: the ids keep one prefix, so a refresh knows the posts again
    /// (and the reader's likes and read marks with them).
    @Test func aSourceRenamedByItsFeedKeepsItsPostsIdsThroughARefresh() {
        var state = V.started(2, refresh: .seconds(60))
        var posts = [V.post("a", minutesAgo: 1)]
        posts.tag(with: V.request(1, of: 2).tag)
        V.answer(&state, source: 1, posts, title: "Feed Title", at: .milliseconds(100))
        V.answer(&state, source: 0, [], at: .milliseconds(100))
        #expect(state.feed?.posts.map(\.id.description) == ["1/a"], "one prefix, not two")
        #expect(state.feed?.posts.first?.source?.name == "Feed Title")
        _ = state.apply(.key(.character("l")), at: .seconds(1))
        _ = state.apply(.tick, at: .seconds(61))
        var again = [V.post("a", minutesAgo: 1)]
        again.tag(with: SourceRequest(source: 1, name: "Feed Title").tag)
        V.answer(&state, source: 1, again, title: "Feed Title", at: .seconds(62))
        #expect(state.feed?.posts.map(\.id.description) == ["1/a"])
        #expect(state.liked == [PostID.string("a").tagged(by: 1)], "the like still names the post")
    }

    @Test(arguments: [1, 2])
    func anAnswerTaggedOnItsWayIsTakenAsItCame(sources: Int) {
        // The loop's load tasks tag posts before they come; the state must not tag them again.
        var state = V.started(sources)
        var posts = [V.post("a", minutesAgo: 1)]
        posts.tag(with: V.request(0, of: sources).tag)
        V.answer(&state, source: 0, posts, at: .milliseconds(100))
        #expect(state.feed?.posts.map(\.id.description) == ["0/a"])
        // An answer made another way is tagged as it is taken.
        V.answer(&state, source: sources - 1, [V.post("b", minutesAgo: 2)], at: .milliseconds(110))
        #expect(state.feed?.posts.map(\.id.description) == (sources == 1 ? ["0/b"] : ["0/a", "1/b"]))
    }

    /// Each answer is merged into the timeline's own storage: taken out of the view, it is
    /// the only reference, and grows in place (a copy of it at each of 300 answers was the
    /// peak of a refresh storm, and most of its time).
    @Test func answersAreMergedIntoTheTimelinesOwnStorage() {
        var state = V.started(4)
        V.answer(&state, source: 0, (0..<50).map { V.post("a\($0)", minutesAgo: 2 * $0) }, at: .milliseconds(100))
        V.answer(&state, source: 1, (0..<50).map { V.post("b\($0)", minutesAgo: 2 * $0 + 1) }, at: .milliseconds(200))
        V.answer(&state, source: 2, (0..<10).map { V.post("c\($0)", minutesAgo: 7 * $0) }, at: .milliseconds(300))
        // 110 posts in room for twice the 100 before them: grown by doubling, not to the count.
        #expect(state.feed?.posts.capacity ?? 0 >= 200)
        let before = storage(state.feed?.posts ?? [])
        V.answer(&state, source: 3, (0..<10).map { V.post("d\($0)", minutesAgo: 9 * $0 + 3) }, at: .milliseconds(400))
        #expect(storage(state.feed?.posts ?? []) == before, "the merge copied the timeline")
        let titles = V.titles(state)
        #expect(titles.count == 120)
        // Newest first, and on a tie the source given first: the order made here by a sort.
        let ages = [
            (0..<50).map { ("a\($0)", 2 * $0, 0) }, (0..<50).map { ("b\($0)", 2 * $0 + 1, 1) },
            (0..<10).map { ("c\($0)", 7 * $0, 2) }, (0..<10).map { ("d\($0)", 9 * $0 + 3, 3) },
        ].joined()
        #expect(titles == ages.sorted { ($0.1, $0.2) < ($1.1, $1.2) }.map { "Post \($0.0)" })
    }

    @Test func aSourceAloneIsMergedWithoutACopyOfItsPosts() {
        // Tagged, as every answer is before it is merged.
        var posts = (0..<100).map { (age: Int) in V.post("p\(age)", minutesAgo: age) }
        posts.tag(with: PostSource(index: 0, name: nil))
        var owners: [String: Int] = [:]
        let merged = TimelineMerge.replacing(source: 0, in: [], with: posts, owners: &owners)
        #expect(storage(merged) == storage(posts), "nothing to sort out or drop: the list as it came")
        #expect(owners.count == 100)
        // A post brought twice is shown once, and then the list is made anew.
        let twice = posts + [posts[5]]
        let deduplicated = TimelineMerge.replacing(source: 0, in: merged, with: twice, owners: &owners)
        #expect(deduplicated.map(\.id) == posts.map(\.id))
        #expect(owners.count == 100)
    }

    /// Several sources' first pages taken at once (answers released together after `r`)
    /// give the timeline and the owners that taking them one by one in the sources' order
    /// gives: posts shared across sources (one address), older posts each source keeps,
    /// further pages' posts, undated posts, and posts as old as each other. (One by one in
    /// the order they came can differ: a post that moves from a source's feed to a later
    /// source's is skipped by the later one if it answers first.)
    @Test(arguments: 0..<40)
    func severalFirstPagesTakenTogetherAreThePagesTakenOneByOne(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let sources = Int.random(in: 2...6, using: &random)
        func page(_ source: Int, round: Int) -> [Post] {
            (0..<Int.random(in: 0...6, using: &random)).map { index in
                // Ages from a few values, so that ties happen; a shared address now and then.
                let age = [nil, 1, 5, 5, 9, 30, 60].randomElement(using: &random)!
                let shared = Int.random(in: 0..<5, using: &random) == 0
                var post = V.post(
                    "\(source)-\(round)-\(index % 4)", minutesAgo: age.map { $0 + 10 * round },
                    url: shared ? "https://shared.example/\(index % 3)" : nil)
                post.tag(with: PostSource(index: source, name: "Source \(source)", paged: false))
                return post
            }
        }
        var timeline: [Post] = []
        var owners: [String: Int] = [:]
        for source in 0..<sources {
            timeline = TimelineMerge.replacing(
                source: source, in: timeline, with: page(source, round: 1), owners: &owners)
        }
        // A further page of one source: its posts stay through a first page's replacing.
        var further = page(0, round: 3)
        further = further.map { post in
            var post = post
            post.source?.paged = true
            return post
        }
        timeline = TimelineMerge.adding(further, in: timeline, owners: &owners)
        let answering = (0..<sources).filter { _ in Bool.random(using: &random) } + [sources - 1]
        let pages = Array(Set(answering)).sorted().map { (source: $0, posts: page($0, round: 0)) }
        var oneByOneOwners = owners
        var oneByOne = timeline
        for page in pages {
            oneByOne = TimelineMerge.replacing(
                source: page.source, in: oneByOne, with: page.posts, owners: &oneByOneOwners)
        }
        let together = TimelineMerge.replacing(pages.shuffled(using: &random), in: timeline, owners: &owners)
        #expect(together == oneByOne, "seed \(seed)")
        #expect(owners == oneByOneOwners, "seed \(seed)")
        #expect(together == TimelineMerge.sorted(together), "in the timeline's order")
    }

    /// After `r`, the rows come back once every source has answered, and "loaded in" counts
    /// to the last of them (it counted to the first when they were taken one by one).
    @Test func rsLoadIsTimedToItsLastAnswer() {
        var state = V.loaded(3)
        _ = state.apply(.key(.character("r")), at: .seconds(1))
        let fresh = V.feeds(3, perSource: 4)
        V.answer(&state, source: 2, fresh[2], at: .milliseconds(1100))
        V.answer(&state, source: 0, fresh[0], at: .milliseconds(1200))
        #expect(state.isLoading)
        V.answer(&state, source: 1, fresh[1], at: .milliseconds(1700))
        #expect(!state.isLoading)
        #expect(state.lastLoadDuration == .milliseconds(700))
        #expect(V.status(state, at: .seconds(3)).contains("loaded in 700 ms"), "\(V.status(state, at: .seconds(3)))")
        #expect(V.titles(state) == V.titles(V.loaded(3, perSource: 4)))
    }

    /// The same when they are taken one by one (a failure among them): the load is timed
    /// to its last answer.
    @Test func rsLoadWithAFailureIsTimedToItsLastAnswer() {
        var state = V.loaded(3)
        _ = state.apply(.key(.character("r")), at: .seconds(1))
        let fresh = V.feeds(3, perSource: 4)
        V.answer(&state, source: 2, fresh[2], at: .milliseconds(1100))
        V.fail(&state, source: 0, .httpStatus(code: 503, reason: "", url: "http://a/"), at: .milliseconds(1200))
        V.answer(&state, source: 1, fresh[1], at: .milliseconds(1900))
        #expect(!state.isLoading)
        #expect(state.lastLoadDuration == .milliseconds(900))
    }
}
