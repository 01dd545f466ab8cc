import Foundation
import TestSupport
import Testing

@testable import FeedCore

private typealias V = Views

/// Read and unread, with the store: a post becomes read when opened, expanded or scrolled
/// past above the screen; rows mark the unread; the status line counts them; and every
/// change is handed on to be kept.
@Suite struct ReadMarkTests {
    /// A view of `sources` sources with read marks kept, every source answered with 8 posts.
    private func loaded(_ sources: Int = 1, perSource: Int = 8, read: Set<PostID> = []) -> AppState {
        var options = V.options(sources)
        options.tracksRead = true
        var state = AppState(options: options, size: V.size)
        _ = state.apply(.start, at: .zero)
        state.read = read
        for (source, posts) in V.feeds(sources, perSource: perSource).enumerated() {
            V.answer(&state, source: source, posts, at: .milliseconds(100))
        }
        return state
    }

    /// Post `name` of source `source`, as the view knows it.
    private func id(_ name: String, source: Int = 0) -> PostID { PostID.string(name).tagged(by: source) }

    private func marks(_ effects: [AppEffect]) -> [PostMark] {
        effects.flatMap { effect -> [PostMark] in
            if case .keepMarks(let marks) = effect { return marks }
            return []
        }
    }

    @Test func unreadRowsCarryTheMarkAndTheStatusCountsThem() {
        var state = loaded(read: [id("0-1")])
        let frame = V.frame(state, at: .seconds(1))
        #expect(frame[0].hasPrefix("▌ W0 ● Writer 0-0"), "the mark beside the avatar: \(frame[0])")
        let rendered = FeedRenderer.render(state.advanced(to: .seconds(1)))
        #expect(rendered[0, RowGeometry.unreadColumn].style.ink == .unread)
        #expect(!frame.contains { $0.contains("Writer 0-1") && $0.contains("●") }, "a read post has none")
        #expect(V.status(state, at: .seconds(1)).contains("7 unread"))
        _ = state.apply(.key(.character("A")), at: .seconds(2))
        #expect(V.status(state, at: .seconds(2)).contains("all read"))
        #expect(!V.frame(state, at: .seconds(2)).contains { $0.contains("●") })
    }

    @Test func withoutTheStoreThereIsNoMarkAndNoCount() {
        var state = AppState(options: V.options(1), size: V.size)
        _ = state.apply(.start, at: .zero)
        V.answer(&state, source: 0, V.feeds(1, perSource: 3)[0], at: .milliseconds(100))
        #expect(!V.frame(state, at: .seconds(1)).contains { $0.contains("●") })
        #expect(!V.status(state, at: .seconds(1)).contains("unread"))
        #expect(marks(state.apply(.key(.enter), at: .seconds(1))).isEmpty, "nothing to keep")
    }

    @Test func openingAndExpandingMarkAPostRead() {
        var state = loaded()
        let expanded = state.apply(.key(.enter), at: .seconds(1))
        #expect(marks(expanded) == [.read(id("0-0"), source: 0, true)])
        _ = state.apply(.key(.character("j")), at: .seconds(2))
        let opened = state.apply(.key(.character("o")), at: .seconds(3))
        #expect(marks(opened) == [.read(id("0-1"), source: 0, true)])
        #expect(state.read == [id("0-0"), id("0-1")])
        #expect(state.unreadCount == 6)
        // Collapsing marks nothing, and a post read stays read.
        _ = state.apply(.key(.character("k")), at: .seconds(4))
        #expect(marks(state.apply(.key(.enter), at: .seconds(5))).isEmpty)
    }

    @Test(arguments: [1, 2])
    func postsScrolledPastAboveTheScreenAreRead(sources: Int) throws {
        var state = loaded(sources, perSource: 30)
        let shown = state.viewport.placements(from: state.scroll).map(\.index)
        let effects = state.apply(.key(.pageDown), at: .seconds(1))
        let first = try #require(state.viewport.placements(from: state.scroll).first?.index)
        let posts = try #require(state.feed?.posts)
        let passed = shown.filter { $0 < first }
        #expect(!passed.isEmpty)
        #expect(
            Set(marks(effects))
                == Set(passed.map { PostMark.read(posts[$0].id, source: posts[$0].source?.index ?? 0, true) }))
        // Going back up reads nothing more; G reads only what was on the screen, not every
        // post it jumps over.
        #expect(marks(state.apply(.key(.character("g")), at: .seconds(2))).isEmpty)
        let before = state.read
        let top = state.viewport.placements(from: state.scroll).map(\.index)
        _ = state.apply(.key(.character("G")), at: .seconds(3))
        let newly = state.read.subtracting(before)
        #expect(newly == Set(top.map { posts[$0].id }).subtracting(before))
        #expect(state.unreadCount == posts.count - state.read.count)
    }

    @Test func nextUnreadSkipsTheReadAndWraps() {
        var state = loaded(read: [id("0-1"), id("0-2")])
        _ = state.apply(.key(.character("n")), at: .seconds(1))
        #expect(state.selectedPost?.id == id("0-3"))
        _ = state.apply(.key(.character("N")), at: .seconds(2))
        #expect(state.read.contains(id("0-3")))
        let unread = state.apply(.key(.character("N")), at: .seconds(3))
        #expect(marks(unread) == [.read(id("0-3"), source: 0, false)], "unread again")
        _ = state.apply(.key(.character("A")), at: .seconds(4))
        _ = state.apply(.key(.character("n")), at: .seconds(5))
        #expect(state.notice == "No unread post.")
    }

    @Test func likesAreKeptToo() {
        var state = loaded(2)
        let liked = marks(state.apply(.key(.character("l")), at: .seconds(1)))
        let post = state.selectedPost
        #expect(liked == [.liked(post!.id, source: post!.source!.index, true)])
        #expect(
            marks(state.apply(.key(.character("l")), at: .seconds(2))) == [
                .liked(post!.id, source: post!.source!.index, false)
            ])
    }

    @Test func theSkeletonHasTheMarkWhereThePostsWillHaveIt() {
        var options = V.options(1)
        options.tracksRead = true
        var state = AppState(options: options, size: V.size)
        _ = state.apply(.start, at: .zero)
        let skeleton = FeedRenderer.render(state.advanced(to: .seconds(1)))
        #expect(skeleton[0, RowGeometry.unreadColumn].style.ink.isSkeleton, "the mark's cell is grey while loading")
        #expect(state.layouts.placeholder(0, width: 80, unread: true).spans.contains { $0.role == .unread })
    }
}
