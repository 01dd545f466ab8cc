import Foundation
import TestSupport
import Testing

@testable import FeedCore

/// Whatever brings posts (a refresh, a stream, a page of another source), on one screen or
/// many, scrolled or not: the selected post keeps its screen line, the new posts come in
/// above it out of sight, and "▲ N new" counts them exactly until the reader goes up.
@Suite struct SelectionKeepsItsLineTests {
    typealias V = Views
    static let tall = TerminalSize(width: 80, height: 40)

    /// `count` posts "old0"… an hour apart, the newest first.
    static func older(_ count: Int) -> [Post] {
        (0..<count).map { V.post("old\($0)", minutesAgo: 60 * ($0 + 1)) }
    }

    /// `count` posts newer than every old one, the newest first.
    static func newer(_ count: Int, from first: Int = 0) -> [Post] {
        (first..<first + count).map { V.post("new\($0)", minutesAgo: 10 + $0) }
    }

    /// A view of one source of `posts` at `size`, refreshing every minute, the reader on the
    /// `moves + 1`th post.
    static func reading(_ posts: [Post], moves: Int, size: TerminalSize) -> AppState {
        var state = V.started(1, refresh: .seconds(60), size: size)
        V.answer(&state, source: 0, posts, at: .milliseconds(100))
        for _ in 0..<moves { _ = state.apply(.key(.character("j")), at: .seconds(1)) }
        return state
    }

    /// The lines of the selected post's row in `frame` (the bar's lines).
    static func selectedRow(_ frame: [String]) -> [String] {
        frame.filter { $0.hasPrefix("▌") }
    }

    /// Every post on one screen: the view cannot scroll past its last post, so it shows
    /// blank lines below it rather than move the selection.
    @Test func onOneScreenARefreshLeavesBlankLinesBelowRatherThanMoveTheSelection() throws {
        var state = Self.reading(Self.older(6), moves: 3, size: Self.tall)
        let before = V.frame(state, at: .seconds(1))
        let line = try #require(V.selectionLine(state, at: .seconds(1)))
        #expect(state.selectedPost?.title == "Post old3" && line == 12)
        _ = state.apply(.tick, at: .seconds(61))
        V.answer(&state, source: 0, Self.newer(4) + Self.older(6), at: .seconds(62))
        let after = V.frame(state, at: .seconds(62))
        #expect(state.selectedPost?.title == "Post old3")
        #expect(V.selectionLine(state, at: .seconds(62)) == line, "\(after.joined(separator: "\n"))")
        // The rows from the selection down are as they were, and below them the same blank lines.
        #expect(Array(after[line..<39]) == Array(before[line..<39]))
        #expect(after[0].contains("▲ 4 new · g goes to the newest"), "\(after[0])")
        #expect(!after.contains { $0.contains("Post new") }, "the new posts are out of sight")
        // Up within the screen: the marker stays; up past its top: the newest come into view.
        _ = state.apply(.key(.character("k")), at: .seconds(63))
        #expect(state.selectedPost?.title == "Post old2" && state.newAbove == 4)
        for _ in 0..<3 { _ = state.apply(.key(.character("k")), at: .seconds(64)) }
        #expect(state.selectedPost?.title == "Post new3")
        // The newest post's first line is all that is above the screen: nothing new is out of sight.
        #expect(state.newAbove == 0 && V.frame(state, at: .seconds(64))[0].contains("Post new0"))
        #expect(!V.frame(state, at: .seconds(64))[0].contains("▲"))
    }

    /// A list of many screens, scrolled: the same rule, and the count is every new post.
    @Test func scrolledInALongListARefreshCountsEveryNewPost() throws {
        var state = Self.reading(Self.older(30), moves: 9, size: V.size)
        let line = try #require(V.selectionLine(state, at: .seconds(1)))
        #expect(state.scroll != .start)
        let row = Self.selectedRow(V.frame(state, at: .seconds(1)))
        _ = state.apply(.tick, at: .seconds(61))
        V.answer(&state, source: 0, Self.newer(1) + Self.older(30), at: .seconds(62))
        _ = state.apply(.tick, at: .seconds(121))
        V.answer(&state, source: 0, Self.newer(3, from: 1) + Self.newer(1) + Self.older(30), at: .seconds(122))
        #expect(V.selectionLine(state, at: .seconds(122)) == line)
        #expect(Self.selectedRow(V.frame(state, at: .seconds(122))) == row)
        #expect(state.newAbove == 4 && V.frame(state, at: .seconds(122))[0].contains("▲ 4 new"))
    }

    /// Posts streamed while every post is on one screen.
    @Test func onOneScreenStreamedPostsComeInAboveOutOfSight() throws {
        var state = Self.reading(Self.older(5), moves: 2, size: Self.tall)
        let line = try #require(V.selectionLine(state, at: .seconds(1)))
        for (n, post) in Self.newer(3).reversed().enumerated() {
            _ = state.apply(.streamed(source: 0, .update(post)), at: .seconds(2 + n))
        }
        #expect(state.selectedPost?.title == "Post old2")
        #expect(V.selectionLine(state, at: .seconds(5)) == line)
        #expect(state.newAbove == 3 && V.frame(state, at: .seconds(5))[0].contains("▲ 3 new"))
    }

    /// Another source's next page may hold posts newer than the one read: they come in
    /// above it, out of sight, and count as new.
    @Test func aPageOfAnotherSourceWithNewerPostsCountsThem() throws {
        var state = V.started(2, size: Self.tall)
        let first = (0..<4).map { V.post("a\($0)", minutesAgo: 60 * ($0 + 1)) }
        _ = state.apply(.loaded(Feed(posts: first), source: 0), at: .milliseconds(100))
        let page = "https://b.example/2"
        let effects = state.apply(
            .loaded(Feed(posts: [V.post("b0", minutesAgo: 500)], nextPage: page), source: 1), at: .milliseconds(100))
        #expect(effects == [.load([V.request(1, of: 2, page: page)], generation: 1)], "a short page asks for the next")
        for _ in 0..<2 { _ = state.apply(.key(.character("j")), at: .seconds(1)) }
        #expect(state.selectedPost?.title == "Post a2")
        let line = try #require(V.selectionLine(state, at: .seconds(1)))
        _ = state.apply(
            .pageLoaded(
                Feed(posts: [V.post("b1", minutesAgo: 30), V.post("b2", minutesAgo: 600)]), url: page, source: 1),
            at: .seconds(2))
        #expect(state.selectedPost?.title == "Post a2")
        #expect(V.selectionLine(state, at: .seconds(2)) == line)
        #expect(state.newAbove == 1 && V.frame(state, at: .seconds(2))[0].contains("▲ 1 new"))
    }

    /// The selected post deleted on the server (gone from a refresh's first page): the
    /// selection stays at its place in the list, on the post that took it, and the last
    /// post's place falls back to the new last post.
    @Test func aSelectedPostGoneFromARefreshLeavesTheSelectionAtItsPlace() throws {
        var state = Self.reading(Self.older(6), moves: 3, size: Self.tall)
        #expect(state.selectedPost?.title == "Post old3")
        _ = state.apply(.tick, at: .seconds(61))
        V.answer(&state, source: 0, Self.older(6).filter { $0.title != "Post old3" }, at: .seconds(62))
        #expect(state.selectedPost?.title == "Post old4")
        #expect(V.selectionLine(state, at: .seconds(62)) != nil)

        var last = Self.reading(Self.older(6), moves: 5, size: Self.tall)
        #expect(last.selectedPost?.title == "Post old5")
        _ = last.apply(.tick, at: .seconds(61))
        V.answer(
            &last, source: 0, Array(Self.older(6).prefix(5)) + [V.post("older", minutesAgo: 24 * 60)], at: .seconds(62))
        // old5 is newer than the page's oldest post, so it is gone, not kept as older.
        #expect(last.selectedPost?.title == "Post older")
        // Two deleted at the end: the list is shorter than the selection's place.
        var shorter = Self.reading(Self.older(6), moves: 5, size: Self.tall)
        _ = shorter.apply(.tick, at: .seconds(61))
        V.answer(
            &shorter, source: 0, Array(Self.older(6).prefix(4)) + [V.post("older", minutesAgo: 24 * 60)],
            at: .seconds(62))
        #expect(shorter.timeline.allPosts.count == 5)
        #expect(shorter.selectedPost?.title == "Post older", "the last place falls back to the new last post")
    }
}
