import FeedNetwork
import Foundation
import TestSupport
import Testing

@testable import FeedCore
@testable import FeedTransport

/// The URL source through libcurl, against the loopback server the tests start.
@Suite(.serialized) struct HTTPTests {
    let server: FeedServer

    init() throws {
        server = try FeedServer()
    }

    private func loader(_ url: URL, timeout: Duration = .seconds(5), maxSize: Int = ByteCount.defaultLimit)
        -> DocumentLoader
    {
        documentLoader(.url(url), timeout: timeout, maxSize: maxSize)
    }

    private func load(_ path: String, timeout: Duration = .seconds(5)) async throws -> Feed {
        try await loader(server.url(path), timeout: timeout).load { _, _, _ in }
    }

    private func error(
        _ url: URL, timeout: Duration = .seconds(5), maxSize: Int = ByteCount.defaultLimit
    ) async -> String? {
        do {
            _ = try await loader(url, timeout: timeout, maxSize: maxSize).load { _, _, _ in }
            return nil
        } catch let error as Failure {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    private func error(_ path: String, timeout: Duration = .seconds(5)) async -> String? {
        await error(server.url(path), timeout: timeout)
    }

    @Test func loadsAFeed() async throws {
        let feed = try await load("/feed.json")
        #expect(feed.posts.count == 3)
    }

    @Test func aGzipBodyIsDecoded() async throws {
        let feed = try await load("/gzip")
        #expect(feed.posts.map(\.author.name).first == "Ada Park")
    }

    @Test func theRequestNamesShimmerfeedAndTheEncodingsItReads() async throws {
        let answer = try server.get("/user-agent")
        // The server's own view through a plain socket says what a request without us
        // looks like; ask through the transport to see ours.
        #expect(!answer.contains("shimmerfeed"))
        let response = try await HTTPClient(timeout: .seconds(5)).document(server.url("/user-agent").absoluteString)
        let body = String(decoding: response.body, as: UTF8.self)
        #expect(body.contains(#""user_agent": "shimmerfeed/\#(Version.current)""#), "\(body)")
        #expect(body.contains("gzip") && body.contains("br"), "\(body)")
    }

    @Test func aJSONFeedPageNamesTheNextOne() async throws {
        let feed = try await load("/jsonfeed/1")
        #expect(feed.posts.count == 30)
        #expect(feed.title == "Paged Feed")
        #expect(feed.nextPage == server.url("/jsonfeed/2").absoluteString)
        let next = try await loader(server.url("/jsonfeed/1")).loadPage(try #require(feed.nextPage))
        #expect(next.posts.count == 10)
        #expect(next.nextPage == nil)
    }

    @Test func httpErrorsSayTheStatusAndTheURL() async {
        #expect(await error("/404") == "HTTP 404 Not Found from \(server.url("/404").absoluteString)")
        #expect(await error("/500") == "HTTP 500 Internal Server Error from \(server.url("/500").absoluteString)")
    }

    @Test func anHTMLBodyIsNotJSON() async {
        let message = await error("/html")
        #expect(message == "not a feed: the server sent a web page, which starts with <!doctype html><html><b…")
    }

    @Test func aRedirectToAnotherPathIsFollowed() async throws {
        let feed = try await load("/moved")
        #expect(feed.posts.count == 3)
    }

    @Test func aRedirectLoopEndsAfterFiveRedirects() async {
        let url = server.url("/redirect-loop").absoluteString
        #expect(await error("/redirect-loop") == "more than 5 redirects from \(url)")
    }

    @Test func aSlowResponseTimesOut() async {
        let clock = ContinuousClock()
        let start = clock.now
        let message = await error("/slow", timeout: .milliseconds(500))
        #expect(message == "timed out after 0.5 s waiting for \(server.url("/slow").absoluteString)")
        // Connected at once, so the limit is the limit: the second of grace a connect
        // gets (libcurl's own timeout names that failure) would make it 1.5 s.
        #expect(clock.now - start < .milliseconds(1300))
    }

    @Test func aBodyThatStallsAfterAKilobyteEndsWithStalled() async {
        let message = await error("/stall", timeout: .milliseconds(500))
        #expect(message == "stalled: no data for 0.5 s from \(server.url("/stall").absoluteString)")
    }

    @Test func anEndlessBodyEndsAtTheLimit() async {
        let message = await error(server.url("/endless"), maxSize: 4 << 20)
        #expect(message == "the response is larger than 4 MiB (--max-size)")
    }

    @Test func aGzipBombEndsAtTheLimitOfDecodedBytes() async {
        // About a megabyte on the wire that decodes to a gigabyte: the limit counts what
        // it decodes to, so it ends after 8 MiB, long before the gigabyte.
        let clock = ContinuousClock()
        let start = clock.now
        let message = await error(server.url("/gzip-bomb"), maxSize: 8 << 20)
        #expect(message == "the response is larger than 8 MiB (--max-size)")
        #expect(clock.now - start < .seconds(5))
    }

    @Test func aRefusedConnectionSaysSo() async throws {
        let message = await error(URL(string: "http://127.0.0.1:1/feed.json")!)
        #expect(message == "connection refused by 127.0.0.1:1")
    }

    @Test func aConnectThatNeverCompletesTimesOut() async {
        let message = await error(server.hangingURL, timeout: .milliseconds(400))
        #expect(message == "timed out after 0.4 s connecting to 127.0.0.1", "\(message ?? "no error")")
    }
}
