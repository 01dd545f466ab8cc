import Foundation
import TestSupport
import Testing

@testable import FeedCore

private typealias V = Views

/// `/`: the rows narrow as the reader types, the matches marked; Enter keeps the search,
/// Esc clears it and the selection goes back where it was.
@Suite struct SearchTests {
    private func loaded(_ sources: Int = 1, tracksRead: Bool = false) -> AppState {
        var options = V.options(sources)
        options.tracksRead = tracksRead
        var state = AppState(options: options, size: V.size)
        _ = state.apply(.start, at: .zero)
        for (source, posts) in V.feeds(sources, perSource: 12).enumerated() {
            V.answer(&state, source: source, posts, at: .milliseconds(100))
        }
        return state
    }

    private func type(_ text: String, into state: inout AppState, at instant: Duration = .seconds(1)) -> [AppEffect] {
        text.flatMap { state.apply(.key(.character($0)), at: instant) }
    }

    @Test(arguments: [1, 2])
    func typingNarrowsTheRowsAndMarksTheMatches(sources: Int) {
        var state = loaded(sources)
        _ = state.apply(.key(.character("/")), at: .seconds(1))
        #expect(state.search?.typing == true)
        _ = type("post 0-1", into: &state)
        // "Post 0-1", "Post 0-10", "Post 0-11": every word, anywhere, case aside.
        #expect(state.shownPosts.compactMap(\.title) == ["Post 0-1", "Post 0-10", "Post 0-11"])
        let frame = FeedRenderer.render(state.advanced(to: .seconds(1)))
        let marked = (0..<frame.width).filter { frame[1, $0].style.ink == .match }
        #expect(marked.count == "Post 0-1".count - 1, "both words marked in the title: \(marked)")
        #expect(V.status(state, at: .seconds(1)).contains("/post 0-1▏ 3 of \(12 * sources) posts match"))
        // Backspace widens it again.
        _ = state.apply(.key(.backspace), at: .seconds(2))
        #expect(state.search?.query == "post 0-")
        #expect(state.shownPosts.count == 12)
    }

    @Test func enterKeepsTheSearchAndKeysMoveThroughTheResults() {
        var state = loaded()
        _ = state.apply(.key(.character("/")), at: .seconds(1))
        _ = type("0-1", into: &state)
        _ = state.apply(.key(.enter), at: .seconds(2))
        #expect(state.search?.typing == false)
        _ = state.apply(.key(.character("j")), at: .seconds(3))
        #expect(state.selectedPost?.title == "Post 0-10", "j moves, no longer types")
        #expect(V.status(state, at: .seconds(3)).contains("3 of 12 posts match “0-1” · / edits · Esc clears"))
    }

    @Test func escClearsTheSearchAndTheSelectionStaysOnItsPost() {
        var state = loaded()
        for _ in 0..<2 { _ = state.apply(.key(.character("j")), at: .seconds(1)) }
        #expect(state.selectedPost?.title == "Post 0-2")
        _ = state.apply(.key(.character("/")), at: .seconds(2))
        _ = type("nothing like it", into: &state)
        #expect(state.shownPosts.isEmpty)
        #expect(V.frame(state, at: .seconds(2)).joined().contains("No post matches “nothing like it”."))
        let effects = state.apply(.key(.escape), at: .seconds(3))
        #expect(!effects.contains(.quit(exitCode: 0)), "Esc clears the search before it quits")
        #expect(state.search == nil)
        #expect(state.selectedPost?.title == "Post 0-2")
        // With a result chosen, Esc leaves the selection on it.
        _ = state.apply(.key(.character("/")), at: .seconds(4))
        _ = type("0-7", into: &state)
        _ = state.apply(.key(.escape), at: .seconds(5))
        #expect(state.selectedPost?.title == "Post 0-7")
        // Kept with Enter, the search is cleared by Esc all the same, before Esc quits.
        _ = state.apply(.key(.character("/")), at: .seconds(6))
        _ = type("0-5", into: &state)
        _ = state.apply(.key(.enter), at: .seconds(6))
        #expect(state.search?.typing == false)
        #expect(!state.apply(.key(.escape), at: .seconds(7)).contains(.quit(exitCode: 0)))
        #expect(state.search == nil)
        #expect(state.apply(.key(.escape), at: .seconds(8)).contains(.quit(exitCode: 0)))
    }

    @Test func postsArrivingDuringASearchJoinTheResultsAndTheSelectionStays() throws {
        var state = loaded()
        _ = state.apply(.key(.character("/")), at: .seconds(1))
        _ = type("writer", into: &state)
        _ = state.apply(.key(.enter), at: .seconds(1))
        for _ in 0..<3 { _ = state.apply(.key(.character("j")), at: .seconds(1)) }
        let chosen = try #require(state.selectedPost)
        let posts = try #require(state.feed?.posts).map { post -> Post in
            var post = post
            post.id = .string(post.id.untagged(by: 0))
            post.source = nil
            return post
        }
        V.answer(&state, source: 0, [V.post("new", minutesAgo: 0)] + posts, at: .seconds(2))
        #expect(state.shownPosts.count == 13)
        #expect(state.selectedPost?.id == chosen.id)
    }

    @Test func theStoreIsAskedAndItsMatchesComeAfterTheViewsOwn() {
        var state = loaded(tracksRead: true)
        _ = state.apply(.key(.character("/")), at: .seconds(1))
        let effects = type("0-1", into: &state)
        #expect(effects.last == .searchStore("0-1"))
        // As the store gives them: the ids as the feed wrote them, by their source's index.
        var old = V.post("0-1 archived", minutesAgo: 60 * 24 * 30)
        old.source = PostSource(index: 0, name: nil)
        var listed = V.post("0-1", minutesAgo: 1)
        listed.source = PostSource(index: 0, name: nil)
        listed.content = "a stored copy"
        _ = state.apply(.storeMatches([listed, old], query: "0-1"), at: .seconds(2))
        #expect(state.shownPosts.map(\.title) == ["Post 0-1", "Post 0-10", "Post 0-11", "Post 0-1 archived"])
        // An answer for an older query is dropped.
        _ = state.apply(.key(.character("0")), at: .seconds(3))
        _ = state.apply(.storeMatches([old], query: "0-1"), at: .seconds(3))
        #expect(state.shownPosts.map(\.title) == ["Post 0-10"])
    }

    /// A stored match is named by its source as the view names its rows: by name among
    /// several sources, by none in a view of one.
    @Test(arguments: [1, 2])
    func storeMatchesAreNamedAsTheViewNamesItsSources(sources: Int) {
        var state = loaded(sources, tracksRead: true)
        _ = state.apply(.key(.character("/")), at: .seconds(1))
        _ = type("archived", into: &state)
        var old = V.post("archived", minutesAgo: 60 * 24 * 30)
        old.source = PostSource(index: sources - 1, name: nil)
        _ = state.apply(.storeMatches([old], query: "archived"), at: .seconds(2))
        #expect(state.shownPosts.map(\.source?.name) == [sources == 1 ? nil : "Source \(sources - 1)"])
    }

    @Test func markedCellsFollowWidthsAndCase() {
        #expect(SearchMarks.cells(in: "Ünïcode ÜBER über", words: ["über"]).map(\.column) == [8, 13])
        #expect(SearchMarks.cells(in: "한글 한글", words: ["글"]).map { [$0.column, $0.width] } == [[2, 2], [7, 2]])
        #expect(SearchMarks.cells(in: "abc", words: []).isEmpty)
        #expect(SearchMarks.cells(in: "Post 0-1", words: ["post", "0-1"]).map(\.column) == [0, 5])
    }
}
