import Foundation
import TestSupport
import Testing

@testable import FeedCore

private typealias V = Views

/// A view started from what the store held: its posts in the first frame with no skeleton
/// over them, then every source refreshing in place. For one source as for several.
@Suite struct RestoreTests {
    private let stored = (1...8).map { V.post("old\($0)", minutesAgo: 30 + 10 * $0) }

    /// A view of `count` sources whose sources `kept` the store held (each the same posts,
    /// told apart by source), kept 12 minutes before the start.
    private func started(_ count: Int, kept: Set<Int>? = nil, offline: Bool = false) -> (AppState, [AppEffect]) {
        var options = V.options(count)
        options.offline = offline
        let keptSources = kept ?? Set(0..<count)
        let kept = Dictionary(
            uniqueKeysWithValues: keptSources.map { index in
                let posts = stored.map { post -> Post in
                    var post = post
                    post.id = .string("\(index)-\(post.id)")
                    return post
                }
                return (
                    index,
                    StoredPosts(feed: Feed(title: "Kept \(index)", posts: posts), savedAt: V.now - 720)
                )
            })
        return V.startedFromStore(options, kept: kept)
    }

    @Test(arguments: [1, 2])
    func theStoredPostsAreOnTheFirstFrameWithNoSkeleton(sources: Int) {
        let (state, effects) = started(sources)
        // Every source refreshes; its rows are named by its stored title.
        #expect(effects == V.loadAll(sources, generation: 1))
        #expect(state.feed?.posts.count == 8 * sources)
        if sources > 1 { #expect(state.feed?.posts.allSatisfy { $0.source?.name?.hasPrefix("Kept") == true } == true) }
        #expect(!state.isLoading)
        for instant in [Duration.zero, .seconds(1)] {
            #expect(!V.showsSkeleton(state, at: instant))
        }
        #expect(V.frame(state, at: .zero)[0].contains("Writer old1"))
        #expect(V.status(state, at: .zero).contains("from 12 min ago"))
        if sources == 1 { #expect(V.status(state, at: .zero).contains("Kept 0"), "the stored title") }
    }

    @Test(arguments: [1, 2])
    func theRefreshBringsNewPostsAboveWithTheSelectionOnItsLine(sources: Int) throws {
        var (state, _) = started(sources)
        for _ in 0..<3 { _ = state.apply(.key(.character("j")), at: .seconds(1)) }
        let selected = try #require(state.selectedPost)
        let line = try #require(V.selectionLine(state, at: .seconds(1)))
        let new = (1...2).map { (age: Int) in V.post("new\(age)", minutesAgo: age) }
        for source in 0..<sources {
            let kept = stored.map { post -> Post in
                var post = post
                post.id = .string("\(source)-\(post.id)")
                return post
            }
            V.answer(&state, source: source, source == 0 ? new + kept : kept, at: .seconds(2))
        }
        #expect(state.selectedPost?.id == selected.id)
        #expect(V.selectionLine(state, at: .seconds(2)) == line)
        #expect(state.newAbove == 2)
        #expect(V.frame(state, at: .seconds(2))[0].contains("▲ 2 new"))
        #expect(!V.status(state, at: .seconds(2)).contains(" ago"), "the sources have answered for themselves")
    }

    @Test func aNotModifiedAnswerKeepsTheStoredPosts() {
        var (state, _) = started(1)
        _ = V.fail(&state, source: 0, .notModified, at: .milliseconds(50))
        #expect(state.feed?.posts.count == 8)
        #expect(!V.status(state, at: .milliseconds(50)).contains(" ago"))
        #expect(state.sources[0].failure == nil)
    }

    @Test func onlySourcesWithNothingStoredStandAsSkeletonRows() {
        let (state, effects) = started(2, kept: [1])
        #expect(effects == V.loadAll(2, generation: 1))
        #expect(state.feed?.posts.count == 8)
        #expect(state.footerSkeletonRows > 0, "a skeleton row for the source with nothing stored")
        #expect(V.frame(state, at: .seconds(1))[0].contains("Writer old1"), "the stored rows, not a skeleton")
    }

    @Test func withNothingStoredTheStartIsAFirstStart() {
        let (state, effects) = started(2, kept: [])
        #expect(effects == V.loadAll(2, generation: 1))
        #expect(state.isLoading)
    }

    @Test func offlineShowsTheStoreAndAsksNoSource() {
        var (state, effects) = started(2, kept: [0], offline: true)
        #expect(effects.isEmpty)
        #expect(state.feed?.posts.count == 8)
        #expect(state.sources[1].failure == .nothingStored)
        #expect(state.apply(.key(.character("r")), at: .seconds(1)).isEmpty)
        #expect(V.status(state, at: .seconds(1)).contains("offline: no reload"))
        let (empty, none) = started(1, kept: [], offline: true)
        #expect(none.isEmpty)
        if case .failure(.nothingStored) = empty.content {} else { Issue.record("expected the offline failure") }
    }

    /// The loop gives the store's answers all at once: the view is the one that taking
    /// them one by one makes, posts, owners, marks and all; offline too, with a source
    /// the store kept nothing of.
    @Test(arguments: [false, true])
    func theStoresAnswersTakenTogetherAreTheAnswersTakenOneByOne(offline: Bool) {
        var options = V.options(4)
        options.offline = offline
        var pages = V.feeds(4, perSource: 6)
        pages[2] += [V.post("undated-2", minutesAgo: nil), V.post("undated-2b", minutesAgo: nil)]
        pages[0] += [V.post("undated-0", minutesAgo: nil), V.post("undated-0b", minutesAgo: nil)]
        // Source 3 brings a post that source 1 brings too (the same link): source 1's.
        pages[1][2].url = "https://same.example/p"
        pages[3][4].url = "https://same.example/p"
        // Source 2 kept nothing; the others were kept at different times, with marks.
        var kept: [Int: StoredPosts] = [:]
        for index in [0, 1, 3] {
            kept[index] = StoredPosts(
                feed: Feed(title: "Kept \(index)", posts: pages[index]), savedAt: V.now - Double(60 * (index + 1)),
                read: [pages[index][0].id], liked: [pages[index][1].id])
        }
        let (together, effects) = V.startedFromStore(options, kept: kept)
        let (oneByOne, effectsOneByOne) = V.startedFromStore(options, kept: kept, oneByOne: true)
        #expect(together.feed?.posts.map(\.id) == oneByOne.feed?.posts.map(\.id))
        #expect(together.feed?.posts.map(\.source) == oneByOne.feed?.posts.map(\.source))
        #expect(together.timeline.owners == oneByOne.timeline.owners)
        #expect(together.timeline.read == oneByOne.timeline.read)
        #expect(together.timeline.liked == oneByOne.timeline.liked)
        #expect(together.timeline.unreadCount == oneByOne.timeline.unreadCount)
        let oldest: Date = V.now - 240
        #expect(together.timeline.restoredFrom == oldest)
        #expect(together.timeline.restoredFrom == oneByOne.timeline.restoredFrom)
        #expect(together.sources == oneByOne.sources)
        #expect(together.isLoading == oneByOne.isLoading)
        #expect(effects == effectsOneByOne)
        let count = together.feed?.posts.count
        #expect(count == 19, "source 3's copy of the shared post is source 1's")
        let last = together.feed?.posts.suffix(2).map(\.id.description)
        #expect(last == ["0/undated-0", "0/undated-0b"], "as old as each other: in the feed's order")
        let (screen, screenOneByOne) = (FeedRenderer.render(together).lines, FeedRenderer.render(oneByOne).lines)
        #expect(screen == screenOneByOne)
        // And they were taken together, in one merge.
        var state = AppState(options: options, size: V.size)
        _ = state.apply(.start, at: .zero)
        let answers = SourceAnswer.stored(
            kept, sources: 4, offline: offline, generation: state.generation, date: V.now)
        let takenTogether = state.takeStoredTogether(answers, at: .zero)
        #expect(takenTogether)
    }
}
