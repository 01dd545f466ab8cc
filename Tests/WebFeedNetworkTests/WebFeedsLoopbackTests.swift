import FeedCore
import FeedNetwork
import FeedTransport
import Foundation
import TestSupport
import Testing

@testable import WebFeedNetwork

/// The web's feeds as their module opens and reads them, against the loopback feed server
/// (Tests/servers/feed_server.py, serving the recorded feeds of FeedCoreTests/Fixtures):
/// any address is a web feed, read with its validators, acted on nowhere; a private feed's
/// token from the environment goes with it over https only, and not past a redirect to
/// another host; the bundled sample is read from its bytes, its newest post minutes old.
@Suite(.serialized) struct WebFeedsLoopbackTests {
    let server: FeedServer

    init() throws {
        server = try FeedServer(tls: true)
    }

    private func reader(environment: [String: String] = [:]) -> any NetworkReader {
        WebFeeds().reader(
            NetworkContext(
                client: server.client, environment: environment,
                formats: WebFeeds().formats))
    }

    @Test func anyAddressIsAWebFeedReadWithItsValidatorsAndActedOnNowhere() async throws {
        let source = try #require(reader().open(SourceEntry(source: .url(server.url("/rss")))))
        let feed = try await source.loader.load { _, _, _ in }
        #expect(!feed.posts.isEmpty && feed.posts.allSatisfy { $0.network == nil })
        #expect(source.validators != nil, "asked conditionally next time")
        #expect(source.capabilities.isEmpty && source.actor == nil && source.threads == nil && source.live == nil)
        #expect(source.signInHost == nil, "nowhere to sign in")
        #expect(source.name == "127.0.0.1")
    }

    @Test func aPrivateFeedsTokenGoesOverHTTPSOnlyAndNotToAnotherHost() async throws {
        let reader = reader(environment: ["FEED_TOKEN": "test-token-123"])
        var entry = SourceEntry(source: .url(server.secureURL("/auth-echo")))
        entry.tokenVariable = "FEED_TOKEN"
        _ = try await #require(reader.open(entry)).loader.load { _, _, _ in }
        var moved = SourceEntry(source: .url(server.secureURL("/to-localhost")))
        moved.tokenVariable = "FEED_TOKEN"
        _ = try await #require(reader.open(moved)).loader.load { _, _, _ in }
        var plain = SourceEntry(source: .url(server.url("/auth-echo")))
        plain.tokenVariable = "FEED_TOKEN"
        await #expect(throws: Failure.tokenOverPlainHTTP(host: "127.0.0.1")) {
            try await #require(reader.open(plain)).loader.load { _, _, _ in }
        }
        let echoed = try AuthorizationLog.entries(server)
        #expect(echoed.map(\.token) == [true, false], "its own host with the token, the other without")
        #expect(echoed.last?.any == false && echoed.last?.host.hasPrefix("localhost") == true)
    }

    @Test func theSampleIsReadFromItsBytesItsNewestPostMinutesOld() async throws {
        let sample = try Data(contentsOf: Fixtures.url("small-feed.json"))
        let source = try #require(
            WebFeeds(sampleData: sample).reader(
                NetworkContext(client: HTTPClient(offline: true), formats: WebFeeds().formats)
            ).open(SourceEntry(source: .sample)))
        let feed = try await source.loader.load { _, _, _ in }
        #expect(feed.posts.count == 3)
        let newest = try #require(feed.posts.compactMap(\.createdAt).max())
        #expect(abs(newest.timeIntervalSinceNow + 240) < 60, "four minutes old: \(newest)")
    }
}
