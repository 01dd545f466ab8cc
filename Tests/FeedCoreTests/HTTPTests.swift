import Foundation
import TestSupport
import Testing

@testable import FeedCore

/// The URL source through the real URLSession path, against a server on 127.0.0.1.
@Suite(.serialized) struct HTTPTests {
    let server: FeedServer

    init() throws {
        server = try FeedServer()
    }

    private func load(_ path: String, timeout: Duration = .seconds(5)) async throws -> Feed {
        try await SourceFeedLoader(source: .url(server.url(path)), timeout: timeout).load { _, _, _ in }
    }

    private func error(_ path: String, timeout: Duration = .seconds(5)) async -> String? {
        do {
            _ = try await load(path, timeout: timeout)
            return nil
        } catch let error as FeedError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func loadsAFeed() async throws {
        let feed = try await load("/feed.json")
        #expect(feed.posts.count == 3)
    }

    @Test func aJSONFeedPageNamesTheNextOne() async throws {
        let feed = try await load("/jsonfeed/1")
        #expect(feed.posts.count == 30)
        #expect(feed.title == "Paged Feed")
        #expect(feed.nextPage == server.url("/jsonfeed/2").absoluteString)
        let next = try await SourceFeedLoader(source: .url(server.url("/jsonfeed/1"))).loadPage(feed.nextPage!)
        #expect(next.posts.count == 10)
        #expect(next.nextPage == nil)
    }

    @Test func mastodonPagingComesFromTheLinkHeader() async throws {
        let feed = try await load("/mastodon")
        #expect(feed.posts.count == 3)
        #expect(feed.nextPage == server.url("/mastodon-2").absoluteString)
    }

    @Test func httpErrorsSayTheStatusAndTheURL() async {
        #expect(await error("/404") == "HTTP 404 Not Found from \(server.url("/404").absoluteString)")
        #expect(await error("/500") == "HTTP 500 Internal Server Error from \(server.url("/500").absoluteString)")
    }

    @Test func anHTMLBodyIsNotJSON() async {
        let message = await error("/html")
        #expect(message == "not JSON: the body starts with <!doctype html><html><b…")
    }

    @Test func aSlowResponseTimesOut() async {
        let clock = ContinuousClock()
        let start = clock.now
        let message = await error("/slow", timeout: .milliseconds(500))
        #expect(message?.hasPrefix("timed out after 0.5 s") == true, "\(message ?? "no error")")
        #expect(clock.now - start < .seconds(3))
    }

    @Test func aRefusedConnectionSaysSo() async throws {
        let message = await errorFrom(URL(string: "http://127.0.0.1:1/feed.json")!)
        #expect(message == "connection refused by 127.0.0.1:1")
    }

    @Test func cancellingStopsTheRequest() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let url = server.url("/slow")
        let task = Task { try await SourceFeedLoader(source: .url(url), timeout: .seconds(10)).load { _, _, _ in } }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        let result = await task.result
        #expect(clock.now - start < .seconds(2), "the request did not wait for the slow server")
        #expect(throws: CancellationError.self) { try result.get() }
    }

    private func errorFrom(_ url: URL) async -> String? {
        do {
            _ = try await SourceFeedLoader(source: .url(url), timeout: .seconds(5)).load { _, _, _ in }
            return nil
        } catch let error as FeedError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func dnsFailuresAreDescribed() {
        let url = URL(string: "https://no-such-host.invalid/feed")!
        #expect(
            HTTPFetcher.describe(URLError(.cannotFindHost), url: url, timeout: 15).message
                == "could not resolve host no-such-host.invalid")
    }

    @Test func linkHeadersAreParsed() {
        #expect(
            HTTPFetcher.nextLink(#"<https://a/b?max_id=1>; rel="next", <https://a/b?min_id=9>; rel="prev""#)
                == "https://a/b?max_id=1")
        #expect(HTTPFetcher.nextLink(#"<https://a/b?min_id=9>; rel="prev""#) == nil)
    }
}
