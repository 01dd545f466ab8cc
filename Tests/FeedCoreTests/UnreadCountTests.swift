import Foundation
import TestSupport
import Testing

@testable import FeedCore

private typealias V = Views

/// The status line's unread count, after every way a post becomes read or unread: `N` both
/// ways, `A`, scrolling past, expanding, opening, and the marks the store brings back. Each
/// figure is the one the reader can count on the screen, and it always agrees with the
/// posts not marked read.
@Suite struct UnreadCountTests {
    /// A view of one source with read marks kept, answered with `count` posts.
    private func loaded(_ count: Int = 8) -> AppState {
        var options = V.options(1)
        options.tracksRead = true
        var state = AppState(options: options, size: V.size)
        _ = state.apply(.start, at: .zero)
        V.answer(&state, source: 0, V.feeds(1, perSource: count)[0], at: .milliseconds(100))
        return state
    }

    /// The count the status line shows: 0 for "all read".
    private func shownUnread(_ state: AppState, sourceLocation: SourceLocation = #_sourceLocation) -> Int? {
        let status = V.status(state, at: .seconds(9))
        if status.contains("all read") { return 0 }
        guard let range = status.range(of: #"\d+ unread"#, options: .regularExpression) else {
            Issue.record("no unread count in \(status)", sourceLocation: sourceLocation)
            return nil
        }
        return Int(status[range].prefix { $0.isNumber })
    }

    /// The posts of the view that are not marked read, counted from the posts themselves.
    private func notRead(_ state: AppState) -> Int {
        (state.feed?.posts ?? []).filter { !state.read.contains($0.id) }.count
    }

    private func press(_ state: inout AppState, _ keys: Key...) {
        for (step, key) in keys.enumerated() {
            _ = state.apply(.key(key), at: .seconds(1) + .milliseconds(100 * step))
        }
    }

    @Test func readingOneWithNCountsOneLess() {
        var state = loaded()
        press(&state, .character("N"))
        #expect(shownUnread(state) == 7)
        #expect(notRead(state) == 7)
    }

    @Test func markingOneUnreadAgainCountsItAgain() {
        var state = loaded()
        press(&state, .character("A"))
        #expect(shownUnread(state) == 0)
        press(&state, .character("j"), .character("N"))
        #expect(shownUnread(state) == 1)
        press(&state, .character("j"), .character("N"), .character("k"), .character("N"))
        #expect(shownUnread(state) == 1, "one read again, one more unread")
        #expect(notRead(state) == 1)
    }

    @Test func markingAllReadLeavesNone() {
        var state = loaded()
        press(&state, .character("N"), .character("A"))
        #expect(shownUnread(state) == 0)
        #expect(notRead(state) == 0)
        press(&state, .character("A"))
        #expect(shownUnread(state) == 0, "twice is no less than none")
    }

    @Test func scrollingPastCountsEveryPostLeftAbove() throws {
        var state = loaded(30)
        press(&state, .pageDown)
        let read = state.read.count
        #expect(read > 0, "a page down leaves posts above the screen")
        #expect(shownUnread(state) == 30 - read)
        press(&state, .pageDown, .character("g"))
        #expect(shownUnread(state) == 30 - state.read.count)
        #expect(shownUnread(state) == notRead(state))
    }

    @Test func expandingCountsOnceAndCollapsingNothing() {
        var state = loaded()
        press(&state, .enter)
        #expect(shownUnread(state) == 7)
        press(&state, .enter, .enter)
        #expect(shownUnread(state) == 7, "expanding a read post again reads nothing more")
    }

    @Test func openingCountsOneLess() {
        var state = loaded()
        press(&state, .character("j"), .character("o"))
        #expect(shownUnread(state) == 7)
        press(&state, .character("o"))
        #expect(shownUnread(state) == 7, "opening it again reads nothing more")
    }

    /// The store brings back three of eight read: the first frame counts five; the refresh
    /// that brings one new post counts six; expanding a post kept as read counts nothing.
    @Test func marksFromTheStoreAreCountedFromTheFirstFrame() {
        let posts = (0..<8).map { V.post("kept-\($0)", minutesAgo: 30 + 10 * $0) }
        var options = V.options(1)
        options.tracksRead = true
        let kept = StoredPosts(
            feed: Feed(title: "Kept", posts: posts), savedAt: V.now - 720,
            // As the store gives them: the ids as the feed wrote them; the view tags them.
            read: Set([posts[0].id, posts[3].id, posts[5].id]))
        var (state, _) = V.startedFromStore(options, kept: [0: kept])
        #expect(shownUnread(state) == 5)
        V.answer(&state, source: 0, [V.post("new", minutesAgo: 1)] + posts, at: .seconds(1))
        #expect(shownUnread(state) == 6)
        #expect(state.read.contains(posts[3].id.tagged(by: 0)), "the refresh keeps the marks")
        // Expanding a post the store kept as read counts nothing; an unread one, one less.
        for post in [posts[3], posts[4]] {
            let before = shownUnread(state) ?? 0
            let index = state.shownPosts.firstIndex { $0.id == post.id.tagged(by: 0) } ?? 0
            state.selected = index
            press(&state, .enter)
            #expect(shownUnread(state) == before - (post == posts[3] ? 0 : 1))
        }
        #expect(shownUnread(state) == 5)
        #expect(notRead(state) == 5)
    }
}
