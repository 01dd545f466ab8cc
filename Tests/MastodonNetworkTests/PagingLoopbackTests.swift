import FeedNetwork
import Foundation
import TestSupport
import Testing

@testable import FeedCore
@testable import FeedTransport
@testable import MastodonNetwork

/// A Mastodon timeline's pages, as its module reads them: the next one from the Link header.
@Suite struct PagingLoopbackTests {
    let server: FeedServer

    init() throws {
        server = try FeedServer()
    }

    private func load(_ path: String) async throws -> Feed {
        let loader = DocumentLoader(source: .url(server.url(path)), client: HTTPClient(), formats: Mastodon().formats)
        return try await loader.load { _, _, _ in }
    }

    @Test func mastodonPagingComesFromTheLinkHeader() async throws {
        let feed = try await load("/mastodon")
        #expect(feed.posts.count == 3)
        #expect(feed.nextPage == server.url("/mastodon-2").absoluteString)
    }
}
