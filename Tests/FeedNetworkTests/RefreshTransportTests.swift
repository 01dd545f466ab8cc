import FeedNetwork
import Foundation
import Synchronization
import TestSupport
import Testing
import WebFeedNetwork

@testable import FeedCore
@testable import FeedTransport

/// What a timeline's refresh and private sources need of the transport: conditional
/// requests, Retry-After, a bearer token sent only where it belongs, and the posts of a
/// body shown while it arrives.
@Suite(.serialized) struct RefreshTransportTests {
    let server: FeedServer

    init() throws {
        server = try FeedServer(tls: true)
    }

    @Test func theSecondRequestIsConditionalAndAnUnchangedFeedIsA304() async throws {
        let loader = documentLoader(.url(server.url("/etag?key=conditional")))
        let first = try await loader.load { _, _, _ in }
        #expect(first.posts.count == 3)
        await #expect(throws: Failure.notModified) { try await loader.load { _, _, _ in } }
        #expect(try server.answers(countedAs: "conditional") == ["200": 1, "304": 1])
    }

    /// A server that sends only `Last-Modified` (no ETag) gets it back as
    /// `If-Modified-Since`, and answers 304.
    @Test func lastModifiedAloneMakesTheNextRequestConditional() async throws {
        let loader = documentLoader(.url(server.url("/last-modified?key=dated")))
        #expect(try await loader.load { _, _, _ in }.posts.count == 3)
        await #expect(throws: Failure.notModified) { try await loader.load { _, _, _ in } }
        #expect(try server.answers(countedAs: "dated") == ["200": 1, "304": 1])
    }

    /// A 503 with `Retry-After` is a request to wait, as a 429 is: the source is not asked
    /// again before then.
    @Test(arguments: [(503, "Service Unavailable"), (429, "Too Many Requests")])
    func aBusyServersRetryAfterIsKept(code: Int, reason: String) async throws {
        let url = server.url("/busy?code=\(code)&after=120")
        await #expect(throws: Failure.retryLater(code: code, reason: reason, url: url.absoluteString, seconds: 120)) {
            try await documentLoader(.url(url)).load { _, _, _ in }
        }
        var plain = ResponseHeaders()
        plain.consume("HTTP/1.1 503 Service Unavailable")
        plain.consume("Retry-After: Mon, 30 Nov 2026 00:55:20 GMT")
        #expect(
            plain.failure(url: "u", now: Date(timeIntervalSince1970: 1_796_000_000))
                == .retryLater(code: 503, reason: "Service Unavailable", url: "u", seconds: 120))
    }

    @Test func retryAfterInSecondsOrAsADate() {
        var headers = ResponseHeaders()
        headers.consume("HTTP/1.1 429 Too Many Requests")
        headers.consume("Retry-After: 120")
        #expect(
            headers.failure(url: "u")
                == .retryLater(code: 429, reason: "Too Many Requests", url: "u", seconds: 120))
        let now = Date(timeIntervalSince1970: 1_796_000_000)
        #expect(ResponseHeaders.retryAfter("Mon, 30 Nov 2026 00:55:20 GMT", now: now) == 120)
        var plain = ResponseHeaders()
        plain.consume("HTTP/1.1 503 Service Unavailable")
        #expect(plain.failure(url: "u") == .httpStatus(code: 503, reason: "Service Unavailable", url: "u"))
    }

    @Test func cacheControlAndExpiresSetTheFloor() {
        func floor(_ lines: String...) -> Duration? {
            var headers = ResponseHeaders()
            headers.consume("HTTP/1.1 200 OK")
            for line in lines { headers.consume(line) }
            return headers.refreshFloor(now: Date(timeIntervalSince1970: 1_796_000_000))
        }
        #expect(floor("Cache-Control: public, max-age=900") == .seconds(900))
        #expect(floor("Cache-Control: max-age=\"60\"") == .seconds(60))
        #expect(floor("Cache-Control: no-cache, max-age=900") == nil)
        #expect(floor("Cache-Control: no-store") == nil)
        #expect(floor("Cache-Control: max-age=0") == nil)
        #expect(floor("Expires: Mon, 30 Nov 2026 00:55:20 GMT") == .seconds(120))
        #expect(
            floor("Cache-Control: max-age=30", "Expires: Mon, 30 Nov 2026 00:55:20 GMT") == .seconds(30), "max-age wins"
        )
        #expect(floor("Expires: Mon, 30 Nov 2026 00:50:00 GMT") == nil, "in the past")
        #expect(floor() == nil)
    }

    /// The feed's own floor (RSS `<ttl>`) and its server's (`Cache-Control`): the later of
    /// the two holds, whichever it is.
    @Test func theLaterOfTheFeedsAndItsServersFloorHolds() async throws {
        let feedLater = documentLoader(.url(server.url("/cached-rss?ttl=60&max_age=600")))
        #expect(try await feedLater.load { _, _, _ in }.refreshFloor == .seconds(3600))
        let serverLater = documentLoader(.url(server.url("/cached-rss?ttl=5&max_age=3600")))
        #expect(try await serverLater.load { _, _, _ in }.refreshFloor == .seconds(3600))
    }

    private func tokenLoader(_ url: URL) -> DocumentLoader {
        var loader = documentLoader(.url(url), trusting: server)
        loader.credential = .token("test-token-123")
        return loader
    }

    @Test func theTokenGoesToItsHostAndNotAfterARedirectToAnother() async throws {
        _ = try await tokenLoader(server.secureURL("/auth-echo?direct")).load { _, _, _ in }
        _ = try await tokenLoader(server.secureURL("/to-localhost")).load { _, _, _ in }
        let log = try AuthorizationLog.entries(server)
        let direct = try #require(log.first { $0.path == "/auth-echo?direct" })
        #expect(direct.token)
        let moved = try #require(log.first { $0.path == "/auth-echo?moved" })
        #expect(moved.host.hasPrefix("localhost"))
        #expect(!moved.any, "no Authorization at all after the redirect")
    }

    /// A signed-in session's token goes to its own server only: not to another whose
    /// address starts with the same characters (port 4432 is not port 443).
    @Test func aSessionsTokenGoesToItsOwnServerOnly() async throws {
        let port = String(server.tlsPort ?? 0)
        for (server, path) in [
            ("https://127.0.0.1:\(port)", "/auth-echo?own"),
            ("https://127.0.0.1:\(port.dropLast())", "/auth-echo?other"),
        ] {
            var loader = documentLoader(
                .url(self.server.secureURL(path)), trusting: self.server)
            loader.credential = .session(FixedSession(server: server))
            _ = try await loader.load { _, _, _ in }
        }
        let log = try AuthorizationLog.entries(server)
        #expect(log.first { $0.path == "/auth-echo?own" }?.token == true)
        let other = try #require(log.first { $0.path == "/auth-echo?other" })
        #expect(!other.any, "no Authorization to a server that only starts the same")
    }

    /// A session of `server` whose token is the one the loopback server knows.
    private struct FixedSession: SessionTokens {
        let server: String
        func accessToken() -> String { "test-token-123" }
        func refreshed(replacing token: String) async throws -> String { token }
    }

    @Test func aTokenIsNeverSentOverPlainHTTPNorShownInAnError() async throws {
        let failure = Failure.tokenOverPlainHTTP(host: "127.0.0.1")
        await #expect(throws: failure) { try await tokenLoader(server.url("/auth-echo?plain")).load { _, _, _ in } }
        #expect(try AuthorizationLog.entries(server).allSatisfy { $0.path != "/auth-echo?plain" }, "no request at all")
        // A failing private source: its message names the URL, never the token.
        do {
            _ = try await tokenLoader(server.secureURL("/404")).load { _, _, _ in }
            Issue.record("a 404 loaded")
        } catch {
            #expect(!Failure(error).message.contains("test-token-123"))
        }
        // `token=$SERVER_TOKEN` with the variable unset: every load fails saying so.
        var unset = documentLoader(.url(server.secureURL("/auth-echo")))
        let context = NetworkContext(client: HTTPClient(), environment: [:], formats: WebFeeds().formats)
        var entry = SourceEntry(source: unset.source)
        entry.tokenVariable = "SERVER_TOKEN"
        guard case .failure(let failure)? = context.token(of: entry) else {
            Issue.record("an unset variable gave a token")
            return
        }
        unset.credential = .failing(failure)
        await #expect(throws: Failure.tokenUnset(variable: "SERVER_TOKEN")) { try await unset.load { _, _, _ in } }
        #expect(try AuthorizationLog.entries(server).allSatisfy { $0.path != "/auth-echo" }, "no request at all")
    }

    /// Chunks rarely end where posts do: cut every 7 bytes, or every byte (through each
    /// UTF-8 character and escape), the posts still come as each completes, whole.
    @Test(arguments: [("json", 7), ("json", 1), ("rss", 7), ("rss", 1)])
    func postsCutAnywhereStillArriveWhole(kind: String, chunk: Int) async throws {
        let partials = Mutex<[[String?]]>([])
        let loader = documentLoader(
            .url(server.url("/drip-posts?count=3&interval=0.001&kind=\(kind)&chunk=\(chunk)")))
        let feed = try await loader.load { partial, _, total in
            guard total == 0 else { return }
            partials.withLock { $0.append(partial.posts.map(\.title)) }
        }
        let titles = (1...3).map { "Post drip\($0) é😀 \"q\"" }
        #expect(feed.posts.map(\.title) == titles)
        // Posts as they complete, in order: each hand-over a longer start of the list, and
        // every post in it whole, never a cut character or escape.
        let seen = partials.withLock { $0 }
        #expect(!seen.isEmpty, "posts before the body ended")
        #expect(seen.allSatisfy { $0 == Array(titles.prefix($0.count)) }, "\(seen)")
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.count < $1.count }, "\(seen.map(\.count))")
    }

    @Test(arguments: ["json", "rss"])
    func thePostsOfABodyArriveOneByOneBeforeItsEnd(kind: String) async throws {
        let counts = Mutex<[Int]>([])
        let clock = ContinuousClock()
        let start = clock.now
        let firstAt = Mutex<Duration?>(nil)
        let loader = documentLoader(.url(server.url("/drip-posts?count=5&interval=0.15&kind=\(kind)")))
        let feed = try await loader.load { partial, _, total in
            guard total == 0 else { return }
            counts.withLock { $0.append(partial.posts.count) }
            firstAt.withLock { $0 = $0 ?? clock.now - start }
        }
        let end = clock.now - start
        #expect(feed.posts.count == 5)
        #expect(counts.withLock { $0 } == [1, 2, 3, 4, 5], "each post as it completes, before the body ends")
        // The first post long before the body's end (five posts, 0.15 s apart).
        let first = try #require(firstAt.withLock { $0 })
        #expect(first < end - .milliseconds(400), "first \(first), end \(end)")
    }

    /// A body whose last byte came with the rest (its Content-Length reached) is decoded
    /// once, at its end: its posts are not shown from a prefix first, decoded twice.
    @Test(arguments: ["/many-feed?source=1&items=20", "/feed.json"])
    func aBodyThatCameWholeIsDecodedOnce(path: String) async throws {
        let partials = Mutex(0)
        let feed = try await documentLoader(.url(server.url(path))).load { _, _, total in
            if total == 0 { partials.withLock { $0 += 1 } }
        }
        #expect(!feed.posts.isEmpty)
        #expect(partials.withLock { $0 } == 0)
    }

    /// Posts that came in a burst wait for the interval, then show although the body has
    /// stalled: three posts 10 ms apart, then a second of nothing before the end.
    @Test func postsWaitingInAStalledBodyShowAfterTheInterval() async throws {
        let counts = Mutex<[(posts: Int, at: Duration)]>([])
        let clock = ContinuousClock()
        let start = clock.now
        let loader = documentLoader(
            .url(server.url("/drip-posts?count=3&interval=0.01&kind=rss&stall=1")))
        let feed = try await loader.load { partial, _, total in
            guard total == 0 else { return }
            counts.withLock { $0.append((partial.posts.count, clock.now - start)) }
        }
        let end = clock.now - start
        #expect(feed.posts.count == 3)
        let seen = counts.withLock { $0 }
        #expect(seen.map(\.posts) == [1, 3], "the first at once, the other two after the interval")
        if let last = seen.last { #expect(last.at < end - .milliseconds(600), "at \(last.at), end \(end)") }
    }
}
