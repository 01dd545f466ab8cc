import Foundation
import TestSupport
import Testing

@testable import FeedCore
@testable import MastodonNetwork

/// The reader's own filters on their Mastodon server, as its statuses carry them.
@Suite struct ServerFilterTests {
    /// Two of the reader's filters match one status, one warns and one hides: it is hidden.
    @Test func aFilterThatHidesWinsOverOneThatWarns() throws {
        let data = try Fixtures.data("mastodon-filtered.json")
        var statuses = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        var results = try #require(statuses[2]["filtered"] as? [[String: Any]])
        var hiding = results[0]
        hiding["filter"] = ["id": "9", "title": "no anime", "context": ["home"], "filter_action": "hide"]
        results.append(hiding)
        statuses[2]["filtered"] = results
        let feed = try FeedDocumentDecoder.decode(try JSONSerialization.data(withJSONObject: statuses))
        #expect(feed.posts[2].serverFilter == ServerFilter(title: "no anime", hides: true))
    }

    /// A real status from mastodon.social with a filter that warns, and one that hides.
    @Test func mastodonFiltersHideOrWarn() throws {
        let feed = try FeedDocumentDecoder.decode(try Fixtures.data("mastodon-filtered.json"))
        #expect(feed.posts.map { $0.serverFilter?.title } == [nil, "spoilers", "animes"])
        #expect(feed.posts[1].serverFilter?.hides == true && feed.posts[2].serverFilter?.hides == false)
        var state = AppState(source: "home", animation: .slide, size: Views.size)
        _ = state.apply(.start)
        _ = state.apply(.loaded(feed, generation: 1, at: Fixtures.referenceDate))
        #expect(state.feed?.posts.count == 2, "the hidden one is gone")
        let lines = FeedRenderer.render(state.advanced(to: .seconds(1))).lines
        let text = lines.joined(separator: "\n")
        #expect(!text.contains("ghost"), "nothing of the hidden post")
        #expect(text.contains("Filtered: animes · Enter shows it"))
        #expect(!text.contains("animes\n") && !lines.contains { $0.contains("│") })
        #expect(lines.last?.contains("1 muted (M)") == true)
        _ = state.apply(.key(.character("j")))
        _ = state.apply(.key(.enter))
        let expanded = FeedRenderer.render(state.advanced(to: .seconds(2))).lines.joined(separator: "\n")
        #expect(expanded.contains("animes") && !expanded.contains("Filtered:"), "Enter shows it")
    }
}
