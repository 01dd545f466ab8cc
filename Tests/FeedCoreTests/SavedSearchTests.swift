import Foundation
import TestSupport
import Testing

@testable import FeedCore

/// A saved search as a source (`search "swift ncurses" Swift`): its view, and its answers
/// following the other sources'.
@Suite struct SavedSearchTests {
    private typealias V = Views

    private func answer(_ state: inout AppState, _ source: Int, _ posts: [Post], at second: Int) {
        _ = state.apply(
            .loaded(Feed(posts: posts), source: source, generation: state.generation, at: V.now), at: .seconds(second))
    }

    /// The sources a tick at `second` asks.
    private func asked(_ state: inout AppState, at second: Int) -> [Int] {
        state.apply(.tick, at: .seconds(second)).flatMap { effect -> [Int] in
            if case .load(let requests, _) = effect { return requests.map(\.source) }
            return []
        }
    }

    /// The view of a feed and a saved search: the search's rows, a post the feed no longer
    /// lists among them, named by the search's title, merged by time with the feed's.
    @Test func aSavedSearchsView() {
        let sources = [
            SourceStatus(name: "Blog", named: true, label: "https://blog.example/feed.xml"),
            SourceStatus(name: "Swift", named: true, label: "search “swift ncurses”"),
        ]
        var options = ViewerOptions(sources: sources)
        options.sources[1].isSavedSearch = true
        var state = AppState(options: options, size: V.size)
        _ = state.apply(.start, at: .zero)
        // Feeds' posts have web addresses: that is what makes the store's copy the feed's post.
        var current = V.post("now", minutesAgo: 5, url: "https://blog.example/now")
        current.title = "Swift and ncurses, today"
        var gone = V.post("gone", minutesAgo: 600, url: "https://blog.example/gone")
        gone.title = "Swift and ncurses, last week"
        answer(&state, 0, [current, V.post("other", minutesAgo: 30)], at: 0)
        answer(&state, 1, [current, gone], at: 0)
        #expect(V.titles(state) == ["Swift and ncurses, today", "Post other", "Swift and ncurses, last week"])
        let frame = V.frame(state, at: .seconds(1)).joined(separator: "\n")
        #expect(frame.contains("Swift and ncurses, last week"))
        let goneLine = V.frame(state, at: .seconds(1)).first { $0.contains("Writer gone") } ?? ""
        #expect(goneLine.contains("Swift"), "named by the search: \(goneLine)")
        let nowLine = V.frame(state, at: .seconds(1)).first { $0.contains("Writer now") } ?? ""
        #expect(nowLine.contains("Blog"), "a post both bring is the feed's")
    }

    /// A saved search is asked again when another source brings posts, and never by the
    /// refresh itself.
    @Test func aSavedSearchFollowsTheOtherSources() {
        var options = V.options(2, refresh: .seconds(60))
        options.sources[1].isSavedSearch = true
        var state = AppState(options: options, size: V.size)
        _ = state.apply(.start, at: .zero)
        answer(&state, 1, [V.post("s0", minutesAgo: 9)], at: 0)
        let effects = state.apply(
            .loaded(Feed(posts: [V.post("new", minutesAgo: 1)]), source: 0, generation: state.generation, at: V.now),
            at: .seconds(1))
        #expect(effects.contains(.load([V.request(1, of: 2)], generation: state.generation)))
        answer(&state, 1, [V.post("s2", minutesAgo: 9)], at: 2)
        // The round ended with the search's answer, at 2 s: the refresh a minute after.
        let first = asked(&state, at: 62)
        #expect(first == [0], "the feed refreshes, the search does not by itself: \(first)")
    }

    /// `images=none` on one source: its rows draw no pictures, the other's do.
    @Test func aSourceWithoutPictures() throws {
        var options = V.options(2)
        options.pictures = true
        options.sourceImages = [1: ImageChoice.none]
        var state = AppState(options: options, size: V.size)
        _ = state.apply(.start, at: .zero)
        func withAvatar(_ name: String) -> Post {
            var post = V.post(name, minutesAgo: 1)
            post.author.avatarURL = "https://e.org/\(name).png"
            return post
        }
        answer(&state, 0, [withAvatar("a")], at: 0)
        answer(&state, 1, [withAvatar("b")], at: 0)
        let viewport = state.viewport
        let avatars = (0..<2).map { viewport.layout(at: $0).avatar?.picture.url }
        let bySource = Dictionary(uniqueKeysWithValues: zip(state.shownPosts.map { $0.source?.index ?? -1 }, avatars))
        #expect(bySource[0] == "https://e.org/a.png")
        #expect(bySource[1] == .some(nil), "no picture for the source with images=none")
    }

    /// Offline, the feeds have the store's answers alone; a saved search, the store's own,
    /// is still asked.
    @Test func offlineASavedSearchIsStillAsked() {
        var options = V.options(2)
        options.offline = true
        options.sources[1].isSavedSearch = true
        var state = AppState(options: options, size: V.size)
        let effects = state.apply(.start, at: .zero)
        #expect(effects.contains(.load([V.request(1, of: 2)], generation: state.generation)))
        _ = state.apply(
            .answers(SourceAnswer.stored([:], sources: 2, offline: true, generation: state.generation, date: V.now)),
            at: .zero)
        #expect(state.sources[0].failure == .nothingStored)
        #expect(state.sources[1].failure == nil && state.sources[1].isLoading, "the search's answer is coming")
    }
}
