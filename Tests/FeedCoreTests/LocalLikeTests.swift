import Foundation
import TestSupport
import Testing

@testable import FeedCore

/// `l` on a Mastodon timeline read without an account: the like is the reader's own mark,
/// and the status line says so once, with where to sign in.
@Suite struct LocalLikeTests {
    typealias V = Views

    /// Two sources, the first a Mastodon timeline without an account; both answered.
    private func loaded() -> AppState {
        var options = V.options(2, animation: .none)
        options.sources[0].signInHost = "mastodon.example"
        // Wide enough for the notice whole beside the counts (a narrow one cuts it, and the
        // help has it whole).
        var state = AppState(options: options, size: TerminalSize(width: 160, height: 24))
        _ = state.apply(.start, at: .zero)
        let feeds = V.feeds(2, perSource: 3)
        for source in 0..<2 { _ = V.answer(&state, source: source, feeds[source], at: .milliseconds(100)) }
        return state
    }

    private func like(_ state: inout AppState, at seconds: Int) -> String {
        _ = state.apply(.key(.character("l")), at: .seconds(seconds))
        return V.status(state, at: .seconds(seconds))
    }

    @Test func aMastodonLikeWithoutAnAccountSaysItStaysHereOnce() throws {
        var state = loaded()
        // The newest post is the first source's (the feeds interleave, source 0 first).
        #expect(state.selectedPost?.source?.index == 0)
        let said = like(&state, at: 1)
        #expect(said.contains("Liked here only: shimmerfeed login mastodon.example"), "\(said)")
        #expect(state.liked.count == 1, "liked all the same")
        // Unliked and liked again, and another post: not said again.
        _ = like(&state, at: 20)
        #expect(!like(&state, at: 40).contains("Liked here only"))
        _ = state.apply(.key(.character("j")), at: .seconds(41))
        _ = state.apply(.key(.character("j")), at: .seconds(42))
        #expect(!like(&state, at: 60).contains("Liked here only"))
    }

    @Test func aLikeOfAnotherSourceSaysNothing() throws {
        var state = loaded()
        _ = state.apply(.key(.character("j")), at: .seconds(1))
        #expect(state.selectedPost?.source?.index == 1)
        #expect(!like(&state, at: 2).contains("Liked here only"))
        #expect(state.liked.count == 1)
    }
}
