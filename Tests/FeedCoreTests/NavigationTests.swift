import Foundation
import TestSupport
import Testing

@testable import FeedCore

@Suite struct NavigationTests {
    /// Thirty one-line posts: each row is 2 lines plus a separator, 3 in all.
    static func shortFeed(count: Int = 30) -> Feed {
        Feed(
            posts: (0..<count).map {
                Post(
                    id: .number(Int64($0)), author: Author(name: "Author \($0)"), content: "Post number \($0)",
                    likes: $0,
                    createdAt: nil, url: $0 == 0 ? "https://example.org/0" : nil)
            })
    }

    static func loaded(_ feed: Feed = shortFeed(), size: TerminalSize = TerminalSize(width: 80, height: 24)) -> AppState
    {
        var state = AppState(source: "t", animation: .slide, size: size)
        _ = state.apply(.start)
        _ = state.apply(.loaded(feed, generation: 1, at: Fixtures.referenceDate))
        return state
    }

    private func press(_ state: inout AppState, _ keys: Key...) {
        for key in keys { _ = state.apply(.key(key)) }
    }

    /// Whether the selected row lies wholly inside the rows area.
    private func selectionIsVisible(_ state: AppState) -> Bool {
        let view = state.viewport
        let top = view.top(of: state.selected, from: state.scroll)
        return top >= 0 && top + view.layout(at: state.selected).height <= view.height
    }

    @Test func jAndKMoveByPostAndStopAtTheEnds() {
        var state = Self.loaded()
        press(&state, .character("k"))
        #expect(state.selected == 0)
        press(&state, .character("j"), .down, .character("j"))
        #expect(state.selected == 3)
        press(&state, .up)
        #expect(state.selected == 2)
    }

    @Test func theViewScrollsToKeepTheSelectionVisible() {
        var state = Self.loaded()
        for _ in 0..<10 { press(&state, .character("j")) }
        #expect(state.selected == 10)
        #expect(state.scroll > .start)
        #expect(selectionIsVisible(state))
        for _ in 0..<10 { press(&state, .character("k")) }
        #expect(state.selected == 0)
        #expect(state.scroll == .start)
    }

    @Test func pageKeysMoveAScreenAndHalfPageKeysHalf() {
        var state = Self.loaded()
        press(&state, .pageDown)
        let afterPage = state.selected
        #expect(afterPage >= 6 && afterPage <= 8, "a 23-line area holds about 7 rows of 3 lines")
        #expect(selectionIsVisible(state))
        press(&state, .pageUp)
        #expect(state.selected == 0)
        press(&state, .character("d"))
        #expect(state.selected >= 3 && state.selected <= 4)
        press(&state, .character("u"))
        #expect(state.selected == 0)
        press(&state, .character(" "))
        #expect(state.selected == afterPage)
        press(&state, .character("b"))
        #expect(state.selected == 0)
    }

    @Test func paging_pastTheEndSelectsTheLastPost() {
        var state = Self.loaded()
        for _ in 0..<20 { press(&state, .pageDown) }
        #expect(state.selected == 29)
        #expect(selectionIsVisible(state))
        #expect(state.scroll == state.viewport.lastPosition)
    }

    @Test func gAndGGoToTheEnds() {
        var state = Self.loaded()
        press(&state, .character("G"))
        #expect(state.selected == 29)
        #expect(selectionIsVisible(state))
        press(&state, .character("g"))
        #expect(state.selected == 0)
        #expect(state.scroll == .start)
        press(&state, .end)
        #expect(state.selected == 29)
        press(&state, .home)
        #expect(state.selected == 0)
    }

    @Test func enterExpandsAndCollapsesTheSelectedPost() throws {
        let long = Post(
            id: .string("long"), author: Author(name: "L"), content: String(repeating: "word ", count: 600), likes: 0,
            createdAt: nil)
        var feed = Self.shortFeed()
        feed.posts.insert(long, at: 1)
        var state = Self.loaded(feed)
        press(&state, .character("j"))
        let collapsed = state.viewport.layout(at: 1).height
        press(&state, .enter)
        #expect(state.expanded == [try #require(state.selectedPost?.id)])
        #expect(state.selectedPost?.content.hasPrefix("word word") == true)
        let expanded = state.viewport.layout(at: 1).height
        #expect(expanded > collapsed)
        #expect(expanded > state.viewport.height, "taller than the screen")
        // j scrolls through a post taller than the screen before moving on.
        let before = state.scroll
        press(&state, .character("j"))
        #expect(state.selected == 1)
        #expect(state.scroll > before)
        for _ in 0..<40 { press(&state, .character("j")) }
        #expect(state.selected > 1)
        press(&state, .character("k"))
        // k into the tall post shows its start again, eventually.
        for _ in 0..<40 { press(&state, .character("k")) }
        #expect(state.selected == 0)
        press(&state, .character("j"), .enter)
        #expect(state.expanded.isEmpty)
        #expect(state.viewport.layout(at: 1).height == collapsed)
    }

    @Test func likeTogglesAndCountsOneMore() throws {
        var state = Self.loaded()
        press(&state, .character("j"), .character("l"))
        #expect(state.liked == [try #require(state.selectedPost?.id)] && state.selectedPost?.likes == 1)
        let layout = state.viewport.layout(at: 1)
        let likes = try #require(layout.spans.first { $0.role == .count(own: true, pending: false) })
        #expect(likes.text == "♥ 2")
        press(&state, .character("l"))
        #expect(state.liked.isEmpty)
    }

    @Test func likesAndExpansionsSurviveAReloadOfTheSamePosts() throws {
        var state = Self.loaded()
        press(&state, .character("j"), .character("l"), .enter)
        let id = try #require(state.selectedPost?.id)
        _ = state.apply(.key(.character("r")))
        _ = state.apply(
            .loaded(Self.shortFeed(), generation: 2, at: Fixtures.referenceDate))
        #expect(state.liked == [id] && state.expanded == [id])
        #expect(state.selected == 1, "the selection stays on the same post")
        #expect(state.selectedPost?.id == id && state.selectedPost?.likes == 1)
    }

    @Test func oShowsTheLinkAndAsksToOpenIt() {
        var state = Self.loaded()
        #expect(state.apply(.key(.character("o"))) == [.openLink("https://example.org/0")])
        #expect(state.notice == "Link: https://example.org/0")
        _ = state.apply(.notice("Opened https://example.org/0"))
        #expect(state.notice == "Opened https://example.org/0")
        press(&state, .character("j"))
        #expect(state.notice == nil, "a notice lasts until the next key")
        #expect(state.apply(.key(.character("o"))) == [])
        #expect(state.notice == "This post has no link.")
    }

    @Test func onlyWebLinksAreOpened() {
        var feed = Self.shortFeed(count: 1)
        feed.posts[0].url = "file:///etc/passwd"
        var state = Self.loaded(feed)
        #expect(state.apply(.key(.character("o"))) == [])
        #expect(state.notice == "Link: file:///etc/passwd")
    }

    @Test func helpOpensWithQuestionMarkAndAnyKeyClosesIt() {
        var state = Self.loaded()
        press(&state, .character("?"))
        #expect(state.showingHelp)
        #expect(state.apply(.key(.character("j"))) == [])
        #expect(!state.showingHelp)
        #expect(state.selected == 0, "the closing key does nothing else")
    }

    @Test func aClickSelectsThePostUnderItAndTheWheelScrolls() {
        var state = Self.loaded()
        press(&state, .click(row: 7, column: 20))  // rows are 3 lines: line 7 is the third row
        #expect(state.selected == 2)
        press(&state, .click(row: 23, column: 5))  // the status line selects nothing
        #expect(state.selected == 2)
        press(&state, .wheelDown, .wheelDown, .wheelDown)
        #expect(state.scroll == ScrollPosition(row: 3))
        #expect(state.selected == 3, "the selection follows when it scrolls off")
        press(&state, .wheelUp)
        #expect(state.scroll == ScrollPosition(row: 2))
        #expect(state.selected == 3)
    }

    @Test func navigationWaitsWhileLoading() {
        var state = Self.loaded()
        press(&state, .character("r"), .character("j"), .character("l"))
        #expect(state.selected == 0)
        #expect(state.liked.isEmpty)
    }

    @Test func aResizeKeepsTheSelectedPostInViewAtAboutTheSameLine() {
        let feed = Self.shortFeed()
        var state = Self.loaded(feed, size: TerminalSize(width: 80, height: 40))
        for _ in 0..<20 { press(&state, .character("j")) }
        for _ in 0..<12 { press(&state, .character("k")) }  // post 8, in mid-screen, the view scrolled
        #expect(state.scroll > .start)
        let line = state.viewport.top(of: state.selected, from: state.scroll)
        #expect(selectionIsVisible(state))
        _ = state.apply(.resize(TerminalSize(width: 40, height: 30)))
        #expect(state.selected == 8)
        #expect(selectionIsVisible(state))
        #expect(state.viewport.top(of: state.selected, from: state.scroll) == line)
        // A screen too short for that line still shows the post.
        _ = state.apply(.resize(TerminalSize(width: 120, height: 8)))
        #expect(selectionIsVisible(state))
    }

    @Test func aTooSmallTerminalKeepsThePlaceForWhenItGrows() {
        var state = Self.loaded()
        for _ in 0..<5 { press(&state, .character("j")) }
        _ = state.apply(.resize(TerminalSize(width: 10, height: 3)))
        #expect(state.isTooSmall)
        // Keys that act on the rows wait for rows to be seen.
        press(&state, .character("j"), .enter, .character("l"))
        #expect(state.selected == 5 && state.expanded.isEmpty && state.liked.isEmpty)
        _ = state.apply(.resize(TerminalSize(width: 80, height: 24)))
        #expect(state.selected == 5)
        #expect(selectionIsVisible(state))
    }
}
