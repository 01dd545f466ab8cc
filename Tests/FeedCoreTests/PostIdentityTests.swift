import Foundation
import TestSupport
import Testing

@testable import FeedCore

private typealias V = Views

/// A post's identity within its source is its id; a shared web address joins posts of
/// different sources only. A podcast whose episodes all link to the show's page shows
/// every episode, and two people's boosts of one status are two rows.
@Suite struct PostIdentityTests {
    static let show = "https://nightshift.example/"

    /// Three episodes, each with its own id, all linking to the show's page.
    static func episodes(_ source: Int = 0, paged: Bool = false) -> [Post] {
        var posts = (1...3).map { (number: Int) in V.post("episode-\(number)", minutesAgo: number * 60, url: show) }
        posts.tag(with: PostSource(index: source, name: "S\(source)", paged: paged))
        return posts
    }

    @Test func postsOfOneSourceThatShareALinkAreEachAPost() {
        var owners: [String: Int] = [:]
        let timeline = TimelineMerge.replacing(source: 0, in: [], with: Self.episodes(), owners: &owners)
        #expect(timeline.map(\.title) == ["Post episode-1", "Post episode-2", "Post episode-3"])
        // Listed again (a refresh): still three, not six, not one.
        let again = TimelineMerge.replacing(source: 0, in: timeline, with: Self.episodes(), owners: &owners)
        #expect(again.map(\.id) == timeline.map(\.id))
        #expect(owners == [Self.show: 0])
    }

    @Test func theSameIdTwiceInOneSourceIsOnePost() {
        var posts = [V.post("a", minutesAgo: 1, url: Self.show), V.post("a", minutesAgo: 1, url: Self.show)]
        posts.tag(with: PostSource(index: 0, name: "S0"))
        #expect(TimelineMerge.replacing(source: 0, in: [], with: posts).count == 1)
        // Without an address too: the id is the key.
        var bare = [V.post("b", minutesAgo: 1), V.post("b", minutesAgo: 1)]
        bare.tag(with: PostSource(index: 0, name: "S0"))
        #expect(TimelineMerge.replacing(source: 0, in: [], with: bare).count == 1)
    }

    @Test func aLaterPageListingAnEpisodeAgainAddsOnlyTheNewOnes() {
        var owners: [String: Int] = [:]
        let first = Array(Self.episodes().prefix(2))
        let timeline = TimelineMerge.replacing(source: 0, in: [], with: first, owners: &owners)
        // The next page starts with the second episode again (a newer one pushed it on).
        let page = Array(Self.episodes(paged: true).suffix(2))
        let paged = TimelineMerge.adding(page, in: timeline, owners: &owners)
        #expect(paged.map(\.title) == ["Post episode-1", "Post episode-2", "Post episode-3"])
    }

    @Test func anotherSourcesPostAtTheSameAddressIsStillTheSamePost() {
        for order in [[0, 1], [1, 0]] {
            var owners: [String: Int] = [:]
            var timeline: [Post] = []
            for source in order {
                timeline = TimelineMerge.replacing(
                    source: source, in: timeline, with: Self.episodes(source), owners: &owners)
            }
            #expect(timeline.count == 3, "source 0's three, in the order \(order)")
            #expect(timeline.allSatisfy { $0.source?.index == 0 })
        }
    }

    @Test func aStartFromTheStoreKeepsEveryEpisode() {
        let kept = [0: Self.episodes(0), 1: Self.episodes(1)].mapValues { posts in
            StoredPosts(
                feed: Feed(
                    posts: posts.map { post in
                        var post = post
                        post.source = nil  // as the store keeps them
                        post.id = .string(String(post.id.description.split(separator: "/").last ?? ""))
                        return post
                    }), savedAt: V.now - 60)
        }
        let (both, _) = V.startedFromStore(V.options(2), kept: kept)
        #expect(both.feed?.posts.count == 3 && both.feed?.posts.allSatisfy { $0.source?.index == 0 } == true)
        let (alone, _) = V.startedFromStore(V.options(1), kept: [0: kept[0]!])
        #expect(alone.feed?.posts.count == 3)
    }

    @Test func aPodcastShowsEveryEpisodeAndTheStatusLineCountsThem() throws {
        var state = V.started(1)
        let posts = (1...3).map { (number: Int) in V.post("episode-\(number)", minutesAgo: number, url: Self.show) }
        V.answer(&state, source: 0, posts, at: .zero)
        #expect(V.titles(state) == ["Post episode-1", "Post episode-2", "Post episode-3"])
        #expect(V.status(state, at: .seconds(1)).contains("3 posts"))
    }

}
