import Foundation
import TestSupport
import Testing

@testable import FeedCore

private typealias V = Views

/// The read state a reader server keeps (tt-rss's `unread`), taken into the view: read
/// elsewhere is read here, unread elsewhere unread here, nothing of it sent back, and a mark
/// made here while the answer was on its way is not undone by it.
@Suite struct ServerReadStateTests {
    /// Eight posts, the first `read` of them read on the server.
    private func posts(read: Int) -> [Post] {
        V.feeds(1, perSource: 8)[0].enumerated().map { index, post in
            var post = post
            post.readOnServer = index < read
            post.statusID = String(index)
            return post
        }
    }

    private func loaded(read: Int) -> (AppState, [AppEffect]) {
        var options = V.options(1)
        options.tracksRead = true
        var state = AppState(options: options, size: V.size)
        _ = state.apply(.start, at: .zero)
        let effects = V.answer(&state, source: 0, posts(read: read), at: .milliseconds(100))
        return (state, effects)
    }

    private func readIDs(_ state: AppState) -> [String] {
        (state.feed?.posts ?? []).filter { state.read.contains($0.id) }.compactMap(\.statusID).sorted()
    }

    @Test func theServersReadPostsAreReadHereAndNothingIsSentBack() {
        let (state, effects) = loaded(read: 3)
        #expect(readIDs(state) == ["0", "1", "2"])
        #expect(state.unreadCount == 5)
        #expect(V.status(state, at: .seconds(9)).contains("5 unread"))
        #expect(!effects.contains { if case .keepMarks = $0 { true } else { false } }, "the server has them")
    }

    @Test func readOrUnreadElsewhereShowsAtTheNextAnswer() {
        var (state, _) = loaded(read: 3)
        // Elsewhere: post 0 marked unread again, posts 5 and 6 read.
        var next = posts(read: 3)
        next[0].readOnServer = false
        next[5].readOnServer = true
        next[6].readOnServer = true
        _ = state.apply(.key(.character("r")), at: .seconds(1))
        _ = V.answer(&state, source: 0, next, at: .seconds(2))
        #expect(readIDs(state) == ["1", "2", "5", "6"])
        #expect(state.unreadCount == 4)
    }

    @Test func aMarkMadeWhileTheSourceLoadsWinsOverItsAnswer() {
        var options = V.options(1)
        options.tracksRead = true
        var state = AppState(options: options, size: V.size)
        _ = state.apply(.start, at: .zero)
        // The first posts, while the source still loads (a body arriving in parts).
        _ = state.apply(
            .partial(Feed(posts: posts(read: 0)), decoded: 4, total: 8, generation: state.generation),
            at: .milliseconds(100))
        #expect(state.timeline.sources[0].isLoading)
        let effects = state.apply(.key(.character("N")), at: .milliseconds(200))
        #expect(effects.contains { if case .keepMarks = $0 { true } else { false } }, "the reader's mark is sent")
        #expect(readIDs(state) == ["0"])
        // The answer, asked before the mark, says post 0 is unread: the mark stays.
        _ = V.answer(&state, source: 0, posts(read: 0), at: .milliseconds(300))
        #expect(readIDs(state) == ["0"])
        #expect(state.unreadCount == 7)
        // Once answered, the server's word counts again: read elsewhere after that.
        _ = state.apply(.key(.character("r")), at: .seconds(1))
        _ = V.answer(&state, source: 0, posts(read: 2), at: .seconds(2))
        #expect(readIDs(state) == ["0", "1"])
    }

    @Test func postsOfNoReaderServerKeepTheReadersMarksOnly() {
        var options = V.options(1)
        options.tracksRead = true
        var state = AppState(options: options, size: V.size)
        _ = state.apply(.start, at: .zero)
        _ = V.answer(&state, source: 0, V.feeds(1, perSource: 8)[0], at: .milliseconds(100))
        _ = state.apply(.key(.character("N")), at: .seconds(1))
        _ = state.apply(.key(.character("r")), at: .seconds(2))
        _ = V.answer(&state, source: 0, V.feeds(1, perSource: 8)[0], at: .seconds(3))
        #expect(state.read.count == 1, "an answer without the server's state leaves the reader's marks")
    }
}
