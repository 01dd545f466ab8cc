import Foundation
import TestSupport
import Testing

@testable import FeedCore
@testable import MastodonNetwork

/// Boosts as a timeline keeps them: each its own post, beside the status boosted.
@Suite struct BoostIdentityTests {
    typealias V = Views

    /// Real statuses, recorded from fosstodon.org (see Fixtures/SOURCES.md): a boost, a
    /// second person's boost of the same status, and the status itself.
    @Test func twoPeoplesBoostsOfOneStatusAndTheStatusAreThreeRows() throws {
        let posts = try FeedDocumentDecoder.decode(Fixtures.data("mastodon-boosts.json")).posts
        #expect(
            posts.map(\.id) == [
                .string("112526410012345678"), .string("112526202686547299"), .string("112525606646148711"),
            ])
        #expect(Set(posts.map(\.url)) == ["https://fosstodon.org/@termehs/112525606646148711"])
        #expect(posts.map(\.boostedBy) == ["Jürgen Kneidinger", "David Schoch", nil])
        #expect(posts.allSatisfy { $0.author.handle == "termehs" }, "a boost shows the boosted status's author")
        var state = V.started(1)
        V.answer(&state, source: 0, posts, at: .zero)
        #expect(state.feed?.posts.count == 3)
        // Through a second source, the same status is the first source's: still three.
        var two = V.started(2)
        V.answer(&two, source: 1, posts, at: .zero)
        V.answer(&two, source: 0, [posts[2]], at: .zero)
        #expect(two.feed?.posts.count == 1, "source 0's copy of the status joins source 1's by its address")
    }
}
