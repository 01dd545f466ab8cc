import Foundation
import TestSupport
import Testing

@testable import FeedCore

/// The sources view's rows: tags in the order they first appear, each with its sources
/// and then its nested tags, the untagged last under their heading.
@Suite struct SourcesListingTests {
    @Test func tagsNestAndTheUntaggedComeLast() {
        let rows = SourcesListing.rows(tags: [["swift", "linux"], [], ["tech/swift"], ["tech"], ["linux"], []])
        #expect(
            rows == [
                .tag("swift", depth: 0, sources: [0]), .source(0, depth: 1),
                .tag("linux", depth: 0, sources: [0, 4]), .source(0, depth: 1), .source(4, depth: 1),
                // `tech` carries its own and its nested tag's sources.
                .tag("tech", depth: 0, sources: [3, 2]), .source(3, depth: 1),
                .tag("tech/swift", depth: 1, sources: [2]), .source(2, depth: 2),
                .untagged(sources: [1, 5]), .source(1, depth: 1), .source(5, depth: 1),
            ])
        // No tag at all: one heading.
        #expect(
            SourcesListing.rows(tags: [[], []]) == [
                .untagged(sources: [0, 1]), .source(0, depth: 1), .source(1, depth: 1),
            ])
    }

    @Test func aFailureHasAWordForARow() {
        #expect(Failure.httpStatus(code: 404, reason: "Not Found", url: "u").word == "HTTP 404")
        #expect(Failure.timedOut(seconds: 15, url: "u").word == "timed out")
        #expect(Failure.notJSON("x").word == "not a feed")
        #expect(SourcesView.wait(.seconds(40)) == "40 s" && SourcesView.wait(.seconds(61)) == "2 min")
        #expect(SourcesView.wait(.seconds(3601)) == "2 h")
    }

    /// A wait is rounded up, never down (a source "again in 0 s" would be a lie), and each
    /// unit starts where the one below it would say 60.
    @Test func aWaitIsRoundedUpToItsUnit() {
        let said = [0.2, 59, 59.5, 60, 61, 119, 120, 121, 3540, 3541, 3599, 3600, 3601, 7200].map {
            SourcesView.wait(.milliseconds(Int($0 * 1000)))
        }
        #expect(
            said == [
                "1 s", "59 s", "1 min", "1 min", "2 min", "2 min", "2 min", "3 min", "59 min", "60 min", "60 min",
                "1 h",
                "2 h", "2 h",
            ])
    }
}

/// `s`, as a reader meets it: the view over the timeline, its counts from what the
/// timeline holds (the store's, at the start) shimmering while their sources load, Enter
/// on a tag or a source, Esc back with the selections where they were, `/` and `n`.
@Suite struct SourcesViewTests {
    typealias V = Views
    static let size = TerminalSize(width: 80, height: 16)

    /// Four sources: two tagged swift (one also linux), one linux, one with no tag.
    static func options() -> ViewerOptions {
        var options = V.options(4)
        options.sources[0].tags = ["swift", "linux"]
        options.sources[1].tags = ["swift"]
        options.sources[2].tags = ["linux"]
        options.sources[0].name = "Swift blog"
        options.sources[1].name = "Swift forums"
        options.sources[2].name = "LWN"
        options.sources[3].name = "Cats"
        options.tracksRead = true
        return options
    }

    static func posts(_ source: Int, _ count: Int) -> [Post] {
        (0..<count).map { V.post("s\(source)-\($0)", minutesAgo: 10 * $0 + source) }
    }

    /// Started; sources 0, 2 and 3 answered, source 1 still loading.
    static func started() -> AppState {
        var state = AppState(options: options(), size: size)
        _ = state.apply(.start, at: .zero)
        for (source, count) in [(0, 3), (2, 2), (3, 1)] {
            V.answer(&state, source: source, posts(source, count), at: .milliseconds(100))
        }
        return state
    }

    static func frame(_ state: AppState, at instant: Duration = .seconds(1)) -> ScreenBuffer {
        FeedRenderer.render(state.advanced(to: instant))
    }

    @Test func theViewGroupsTheSourcesByTagAndCountsTheirUnreadPosts() throws {
        var state = Self.started()
        _ = state.apply(.key(.character("s")), at: .seconds(1))
        let frame = Self.frame(state)
        let lines = frame.lines
        // swift's count is still coming: one of its sources loads.
        #expect(lines[0].hasPrefix("▌ ▾ swift") && lines[0].hasSuffix("  "), "\(lines[0])")
        #expect(lines[1].contains("Swift blog") && lines[1].contains("feed") && lines[1].hasSuffix("3 "))
        #expect(lines[2].contains("Swift forums") && lines[2].contains("loading"))
        #expect(lines[3].contains("▾ linux") && lines[3].hasSuffix("5 "))
        #expect(lines[6].contains("▾ no tag") && lines[7].contains("Cats") && lines[7].hasSuffix("1 "))
        #expect(lines.last?.contains("Sources · 4 sources · 2 tags · Enter opens · Esc back") == true)
        // The loading source's count, and its tag's, are skeleton cells where the number goes.
        let skeleton = { (row: Int) in (0..<frame.width).filter { frame[row, $0].style.ink.isSkeleton } }
        #expect(skeleton(2) == [77, 78] && skeleton(0) == [77, 78], "two cells: a count of 0, at least")
        #expect(skeleton(1).isEmpty && skeleton(3).isEmpty)
        #expect(state.isAnimating, "a skeleton shimmers")
        try Snapshot.assertMatches(frame, named: "sources-loading-80x16")
        // The load answers: the number takes the skeleton's place.
        V.answer(&state, source: 1, Self.posts(1, 12), at: .seconds(2))
        let loaded = Self.frame(state, at: .seconds(2))
        #expect(loaded.lines[2].hasSuffix("12 ") && loaded.lines[0].hasSuffix("15 "))
        #expect(!loaded.lines[2].contains("loading"))
        #expect(!(0..<loaded.width).contains { loaded[2, $0].style.ink.isSkeleton })
        try Snapshot.assertMatches(loaded, named: "sources-loaded-80x16")
    }

    @Test func enterOnATagOpensItsSourcesAndEscComesBackAsItWas() throws {
        var state = Self.started()
        V.answer(&state, source: 1, Self.posts(1, 2), at: .milliseconds(200))
        _ = state.apply(.key(.character("j")), at: .seconds(1))
        let reading = try #require(state.selectedPost)
        _ = state.apply(.key(.character("s")), at: .seconds(1))
        for _ in 0..<3 { _ = state.apply(.key(.character("j")), at: .seconds(1)) }
        #expect((state.views.top as? SourcesView)?.selectedRow == .tag("linux", depth: 0, sources: [0, 2]))
        _ = state.apply(.key(.enter), at: .seconds(2))
        #expect(state.views.top == nil && state.scope?.title == "linux")
        #expect(Set(state.shownPosts.compactMap { $0.source?.index }) == [0, 2])
        #expect(state.shownPosts.count == 5 && state.selected == 0)
        let status = V.status(state, at: .seconds(2))
        #expect(status.contains("linux · 5 posts from 2 sources · 5 unread · Esc back"), "\(status)")
        // A move in the tag's timeline, then Esc: the sources view, on the tag.
        _ = state.apply(.key(.character("j")), at: .seconds(3))
        _ = state.apply(.key(.escape), at: .seconds(3))
        #expect((state.views.top as? SourcesView)?.selectedRow == .tag("linux", depth: 0, sources: [0, 2]))
        #expect(state.scope == nil)
        // Esc again: the whole timeline, on the post the reader left.
        _ = state.apply(.key(.escape), at: .seconds(4))
        #expect(state.views.top == nil && state.selectedPost?.id == reading.id && state.shownPosts.count == 8)
        #expect(state.unreadCount == 8 && V.status(state, at: .seconds(4)).contains("8 unread"), "counted again")
        // The posts on the screen are the whole timeline's again, for the read marks of the next key.
        #expect(!state.timeline.onScreen.isEmpty)
        #expect(state.timeline.onScreen == state.timeline.visiblePosts(in: state.frame).map(\.index))
        // Esc on the timeline quits, as ever.
        #expect(state.apply(.key(.escape), at: .seconds(5)).contains(.quit(exitCode: 0)))
    }

    @Test func enterOnASourceOpensItAloneAndItsPagesOnly() throws {
        var state = Self.started()
        _ = state.apply(.key(.character("s")), at: .seconds(1))
        _ = state.apply(.key(.character("G")), at: .seconds(1))
        #expect((state.views.top as? SourcesView)?.selectedRow == .source(3, depth: 1))
        _ = state.apply(.key(.enter), at: .seconds(1))
        #expect(state.shownPosts.map(\.title) == ["Post s3-0"])
        #expect(V.status(state, at: .seconds(1)).hasPrefix(" Cats · 1 post · 1 unread · Esc back"))
    }

    @Test func slashSearchesTheNamesAndNGoesToTheNextUnread() throws {
        var state = Self.started()
        _ = state.apply(.key(.character("s")), at: .seconds(1))
        // n: the next source with unread posts (Swift forums has none yet).
        _ = state.apply(.key(.character("n")), at: .seconds(1))
        #expect((state.views.top as? SourcesView)?.selectedRow == .source(0, depth: 1))
        _ = state.apply(.key(.character("n")), at: .seconds(1))
        #expect((state.views.top as? SourcesView)?.selectedRow == .source(0, depth: 1), "under linux too")
        #expect((state.views.top as? SourcesView)?.selected == 4)
        // `/`: every key is the search's, `j` and `q` too; the headings of the matches stay.
        for key in ["/", "l", "w", "n"] { _ = state.apply(.key(.character(Character(key))), at: .seconds(2)) }
        let view = try #require(state.views.top as? SourcesView)
        #expect(view.shown.map { view.rows[$0] } == [.tag("linux", depth: 0, sources: [0, 2]), .source(2, depth: 1)])
        #expect(view.selectedRow == .source(2, depth: 1))
        #expect(V.status(state, at: .seconds(2)).hasPrefix(" /lwn▏ 1 of 4 sources · Enter keeps · Esc clears"))
        // Esc while typing clears the search and stays in the view.
        _ = state.apply(.key(.escape), at: .seconds(2))
        #expect(state.views.top is SourcesView && (state.views.top as? SourcesView)?.query == nil)
        for key in ["/", "l", "w", "n"] { _ = state.apply(.key(.character(Character(key))), at: .seconds(2)) }
        _ = state.apply(.key(.enter), at: .seconds(2))
        _ = state.apply(.key(.escape), at: .seconds(2))
        #expect(state.views.top is SourcesView, "Esc clears the kept search first")
        #expect((state.views.top as? SourcesView)?.shown.count == 8)
        _ = state.apply(.key(.escape), at: .seconds(2))
        #expect(state.views.top == nil)
    }

    /// At the start, before any source answers, the view's counts are the store's: each a
    /// skeleton of the stored count's width while its source loads; offline, the numbers.
    @Test func theFirstFrameCountsWhatTheStoreKept() throws {
        for offline in [false, true] {
            var options = Self.options()
            options.offline = offline
            let stored = StoredPosts(
                feed: Feed(posts: Self.posts(0, 150)), savedAt: V.now,
                read: Set(Self.posts(0, 30).map(\.id)))
            var (state, _) = V.startedFromStore(
                options, kept: [0: stored, 2: StoredPosts(feed: Feed(posts: Self.posts(2, 4)), savedAt: V.now)],
                size: Self.size)
            _ = state.apply(.key(.character("s")), at: .milliseconds(10))
            let frame = Self.frame(state, at: .milliseconds(10))
            let skeleton = { (row: Int) in (0..<frame.width).filter { frame[row, $0].style.ink.isSkeleton } }
            if offline {
                #expect(
                    frame.lines[1].hasSuffix("120 ") && frame.lines[1].contains("from the store"), "\(frame.lines[1])")
                #expect(frame.lines[3].hasSuffix("124 ") && skeleton(1).isEmpty)
            } else {
                #expect(skeleton(1) == [76, 77, 78], "120 unread kept: three cells")
                #expect(skeleton(5) == [77, 78] && frame.lines[5].contains("LWN"))
                #expect(frame.lines[1].contains("loading"))
            }
        }
    }

    /// The status line counts the sources and the tags, in the singular where there is one.
    @Test func theStatusCountsSourcesAndTags() {
        func status(_ tags: [[String]]) -> String {
            let sources = tags.enumerated().map { index, tags in
                var source = SourceStatus(name: "S\(index)")
                source.tags = tags
                return source
            }
            return SourcesView(live: SourcesView.Live(sources: sources, unread: [], now: .zero, height: 10)).status
        }
        #expect(status([[]]) == "Sources · 1 source · Enter opens · Esc back")
        #expect(status([["a"], []]) == "Sources · 2 sources · 1 tag · Enter opens · Esc back")
        #expect(status([["a"], ["b/c"]]) == "Sources · 2 sources · 3 tags · Enter opens · Esc back")
    }

    /// `view` drawn alone, still, on `width` columns and 10 rows (and a status line left blank).
    static func drawn(_ view: SourcesView, width: Int = 80) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: 11)
        view.draw(
            into: &buffer, height: 10,
            context: DrawContext(
                elapsed: .zero, shimmer: Shimmer(style: .none, screenWidth: width, screenHeight: 10),
                paletteSkeleton: false, actions: ServerActions()))
        return buffer
    }

    /// A nested tag is indented under its parent, and its sources under it.
    @Test func aNestedTagIsIndentedUnderItsParent() {
        var sources = [SourceStatus(name: "Kernel"), SourceStatus(name: "Tech news")]
        sources[0].tags = ["tech/kernel"]
        sources[1].tags = ["tech"]
        let view = SourcesView(live: SourcesView.Live(sources: sources, unread: [3, 4], now: .zero, height: 10))
        let buffer = Self.drawn(view)
        #expect(buffer.lines[0].hasPrefix("▌ ▾ tech ") && buffer.lines[0].hasSuffix(" 7 "))
        #expect(buffer.lines[1].hasPrefix("    Tech news "))
        #expect(buffer.lines[2].hasPrefix("    ▾ kernel ") && buffer.lines[2].hasSuffix(" 3 "))
        #expect(buffer.lines[3].hasPrefix("      Kernel "))
    }

    /// A name too long for its column ends in "…" one blank cell before the network's
    /// column (80 columns: it starts at 35), or, below 60 columns, before the count's.
    @Test func aLongNameEndsOneCellBeforeTheNextColumn() {
        let name = String(repeating: "Very long name ", count: 8)
        let view = SourcesView(
            live: SourcesView.Live(sources: [SourceStatus(name: name)], unread: [5], now: .zero, height: 10))
        let wide = Array(Self.drawn(view).lines[1])
        #expect(wide[33] == "…" && wide[34] == " " && wide[35] != " ", "\(String(wide))")
        let narrow = Array(Self.drawn(view, width: 50).lines[1])
        // The count's column starts at 50 - 1 - 6 = 43: "     5" right-aligned in it.
        #expect(narrow[41] == "…" && narrow[42] == " ", "\(String(narrow))")
        #expect(String(narrow[43...]).hasSuffix("5 "))
    }

    /// Over a timeline, the view's page is the terminal's rows but the status line.
    @Test func aPageOfTheViewIsTheScreensRowsButTheStatusLine() {
        var state = V.started(40, size: TerminalSize(width: 80, height: 24))
        _ = state.apply(.key(.character("s")), at: .seconds(1))
        _ = state.apply(.key(.pageDown), at: .seconds(1))
        // 41 rows: the "no tag" heading, then the sources; a page of 23 lands on the 23rd.
        #expect((state.views.top as? SourcesView)?.selected == 22)
        _ = state.apply(.resize(TerminalSize(width: 80, height: 12)), at: .seconds(2))
        _ = state.apply(.key(.pageDown), at: .seconds(2))
        #expect((state.views.top as? SourcesView)?.selected == 32, "a page of 11 rows moves 10")
    }

    /// Keys move a screen of rows, or half; the view scrolls to keep the selection in
    /// sight; a search that finds nothing says so.
    @Test func movingThroughManySourcesAndASearchOfNone() {
        let sources = (0..<40).map { SourceStatus(name: "Source \($0)") }
        var view = SourcesView(live: SourcesView.Live(sources: sources, unread: [], now: .zero, height: 10))
        // 41 rows: the heading, then the sources.
        _ = view.handle(.pageDown)
        #expect(view.selected == 9 && view.top == 0)
        _ = view.handle(.halfPageDown)
        #expect(view.selected == 13 && view.top == 4)
        _ = view.handle(.halfPageUp)
        #expect(view.selected == 9 && view.top == 4)
        _ = view.handle(.last)
        #expect(view.selected == 40 && view.top == 31)
        let buffer = Self.drawn(view)
        #expect(buffer.lines[9].hasPrefix("▌   Source 39"))
        _ = view.handle(.first)
        #expect(view.selected == 0 && view.top == 0)
        _ = view.handle(.search)
        for key in "zz" { _ = view.handle(unbound: .character(key)) }
        let empty = Self.drawn(view)
        #expect(empty.lines[1].contains("No source's name holds “zz”."))
    }

    /// A failure in a word, and how long until the source is asked again.
    @Test func aFailedSourceSaysWhyAndWhenItIsAskedAgain() throws {
        var options = Self.options()
        options.refreshInterval = .seconds(60)
        var state = AppState(options: options, size: Self.size)
        _ = state.apply(.start, at: .zero)
        V.fail(&state, source: 2, .httpStatus(code: 503, reason: "", url: "u"), at: .seconds(1))
        V.fail(&state, source: 3, .timedOut(seconds: 15, url: "u"), at: .seconds(1))
        _ = state.apply(.key(.character("s")), at: .seconds(31))
        let lines = Self.frame(state, at: .seconds(31)).lines
        #expect(lines[5].contains("LWN") && lines[5].contains("HTTP 503, again in 30 s"), "\(lines[5])")
        _ = state.apply(.tick, at: .seconds(50))
        #expect(Self.frame(state, at: .seconds(50)).lines[7].contains("timed out, again in 11 s"))
    }

    /// In words (`--accessible`) a count still to come is no skeleton: the state says it.
    @Test func inWordsALoadingCountIsLeftBlank() {
        var options = Self.options()
        options.accessible = true
        var state = AppState(options: options, size: Self.size)
        _ = state.apply(.start, at: .zero)
        _ = state.apply(.key(.character("s")), at: .seconds(1))
        let frame = Self.frame(state)
        #expect(frame.lines[1].contains("loading") && frame.lines[1].hasSuffix("       "))
        #expect(!frame.cells.contains { $0.style.ink.isSkeleton })
    }
}

/// `U`: unread only, in the whole timeline, a tag's, a search; what is read meanwhile stays
/// until the reader leaves or presses `U` again.
@Suite struct UnreadOnlyTests {
    typealias V = Views

    static func loaded(unreadOnly: Bool = false) -> AppState {
        var options = V.options(1)
        options.tracksRead = true
        options.unreadOnly = unreadOnly
        var state = AppState(options: options, size: TerminalSize(width: 80, height: 40))
        _ = state.apply(.start, at: .zero)
        V.answer(&state, source: 0, (0..<6).map { V.post("p\($0)", minutesAgo: $0 * 10) }, at: .milliseconds(100))
        return state
    }

    @Test func readPostsGoAndAPostReadMeanwhileStaysUntilUAgain() throws {
        var state = Self.loaded()
        // Read two: N marks the selected post read.
        _ = state.apply(.key(.character("N")), at: .seconds(1))
        _ = state.apply(.key(.character("j")), at: .seconds(1))
        _ = state.apply(.key(.character("N")), at: .seconds(1))
        _ = state.apply(.key(.character("j")), at: .seconds(1))
        #expect(state.selectedPost?.title == "Post p2")
        _ = state.apply(.key(.character("U")), at: .seconds(2))
        #expect(state.shownPosts.map(\.title) == ["Post p2", "Post p3", "Post p4", "Post p5"])
        #expect(state.selectedPost?.title == "Post p2", "the selection stays on its post")
        #expect(V.status(state, at: .seconds(2)).contains("4 unread · unread only"))
        // Read while it is on: the post keeps its place, and the selection its line.
        let line = V.selectionLine(state, at: .seconds(2))
        _ = state.apply(.key(.character("N")), at: .seconds(3))
        #expect(state.shownPosts.count == 4 && state.selectedPost?.title == "Post p2")
        #expect(V.selectionLine(state, at: .seconds(3)) == line)
        // U twice: the read post goes.
        _ = state.apply(.key(.character("U")), at: .seconds(4))
        #expect(state.shownPosts.count == 6 && state.selectedPost?.title == "Post p2")
        _ = state.apply(.key(.character("U")), at: .seconds(4))
        #expect(state.shownPosts.map(\.title) == ["Post p3", "Post p4", "Post p5"])
        #expect(state.selectedPost?.title == "Post p3", "the next one after it")
        // All read: the rows say so.
        _ = state.apply(.key(.character("A")), at: .seconds(5))
        _ = state.apply(.key(.character("U")), at: .seconds(5))
        _ = state.apply(.key(.character("U")), at: .seconds(5))
        #expect(V.frame(state, at: .seconds(5)).contains { $0.contains("No unread posts.") })
        #expect(V.frame(state, at: .seconds(5)).contains { $0.contains("U shows them all") })
    }

    @Test func theOptionStartsWithItOnAndASearchNarrowsWithinIt() throws {
        var state = Self.loaded(unreadOnly: true)
        #expect(state.unreadOnly && state.shownPosts.count == 6)
        _ = state.apply(.key(.character("A")), at: .seconds(1))
        #expect(state.shownPosts.count == 6, "read while on: they stay")
        _ = state.apply(.key(.character("/")), at: .seconds(1))
        for character in "p3" { _ = state.apply(.key(.character(character)), at: .seconds(1)) }
        #expect(state.shownPosts.map(\.title) == ["Post p3"])
        _ = state.apply(.key(.enter), at: .seconds(1))
        _ = state.apply(.key(.character("U")), at: .seconds(2))
        _ = state.apply(.key(.character("U")), at: .seconds(2))
        #expect(state.shownPosts.isEmpty, "the search narrows what unread only leaves: nothing")
    }
}
