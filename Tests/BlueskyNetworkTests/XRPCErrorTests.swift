import Foundation
import Testing

@testable import BlueskyNetwork
@testable import FeedCore
@testable import FeedTransport

/// An AT Protocol server's error answers: their words in the message, an expired token
/// known as such, and a rate limit's reset as Bluesky's servers send it.
@Suite struct XRPCErrorTests {
    private let url = "https://pds.example/xrpc/app.bsky.feed.getTimeline"

    @Test func theServersWordsJoinTheStatus() {
        let body = Array(#"{"error":"InvalidRequest","message":"Profile not found"}"#.utf8)
        let failure = XRPCError.explained(.httpStatus(code: 400, reason: "Bad Request", url: url), body: body)
        #expect(failure.message == "HTTP 400 (Profile not found) from \(url)")
        // Only a name: the name.
        let named = XRPCError.explained(
            .httpStatus(code: 401, reason: "Unauthorized", url: url), body: Array(#"{"error":"AuthMissing"}"#.utf8))
        #expect(named.message == "HTTP 401 (AuthMissing) from \(url)")
        // Only a message: the message.
        let told = XRPCError.explained(
            .httpStatus(code: 400, reason: "Bad Request", url: url),
            body: Array(#"{"message":"Malformed cursor"}"#.utf8))
        #expect(told.message == "HTTP 400 (Malformed cursor) from \(url)")
        // Not an error's body: the status alone.
        for other in ["", "<html>502</html>", #"{"message":""}"#, #"[1,2]"#] {
            let kept = XRPCError.explained(
                .httpStatus(code: 502, reason: "Bad Gateway", url: url), body: Array(other.utf8))
            #expect(kept.message == "HTTP 502 Bad Gateway from \(url)", "\(other)")
        }
        // The words are a line of safe text.
        let hostile = XRPCError.explained(
            .httpStatus(code: 400, reason: "", url: url), body: Array(#"{"message":"a\u001b[2J\nb"}"#.utf8))
        #expect(!hostile.message.contains("\u{1B}") && !hostile.message.contains("\n"))
    }

    @Test func anExpiredTokenIsKnownAsSuch() {
        // The reference PDS's two wordings (quoted by the atcute client).
        for body in [
            #"{"error":"ExpiredToken","message":"Token has expired"}"#,
            #"{"error":"ExpiredToken","message":"Token is expired"}"#,
        ] {
            let failure = XRPCError.explained(
                .httpStatus(code: 400, reason: "Bad Request", url: url), body: Array(body.utf8))
            #expect(failure == .expiredToken(host: "pds.example", signIn: "bsky.social"))
        }
        let other = XRPCError.explained(
            .httpStatus(code: 400, reason: "Bad Request", url: url), body: Array(#"{"error":"InvalidToken"}"#.utf8))
        #expect(other != .expiredToken(host: "pds.example", signIn: "bsky.social"))
        // At 401 too; at a server's error, the words are the server's trouble, not the token's.
        let expired = Array(#"{"error":"ExpiredToken","message":"Token has expired"}"#.utf8)
        #expect(
            XRPCError.explained(.httpStatus(code: 401, reason: "Unauthorized", url: url), body: expired)
                == .expiredToken(host: "pds.example", signIn: "bsky.social"))
        #expect(
            XRPCError.explained(.httpStatus(code: 502, reason: "Bad Gateway", url: url), body: expired)
                == .httpStatus(code: 502, reason: "(Token has expired)", url: url))
    }

    @Test func aRateLimitWaitsUntilItsReset() {
        let now = Date(timeIntervalSince1970: 1_747_676_484)
        var headers = ResponseHeaders()
        for line in [
            "HTTP/1.1 429 Too Many Requests\r\n", "RateLimit-Limit: 3000\r\n", "RateLimit-Remaining: 0\r\n",
            "RateLimit-Reset: 1747676784\r\n", "\r\n",
        ] {
            headers.consume(line)
        }
        #expect(
            headers.failure(url: url, now: now)
                == .retryLater(code: 429, reason: "Too Many Requests", url: url, seconds: 300))
        // A Retry-After wins; the draft's seconds from now are read as such; a reset past is now.
        #expect(ResponseHeaders.rateLimitReset("30", now: now) == 30)
        #expect(ResponseHeaders.rateLimitReset("1747676000", now: now) == 0)
        #expect(ResponseHeaders.rateLimitReset("soon", now: now) == nil)
        var retry = ResponseHeaders()
        for line in [
            "HTTP/1.1 429 Too Many Requests\r\n", "Retry-After: 7\r\n", "RateLimit-Reset: 1747676784\r\n", "\r\n",
        ] {
            retry.consume(line)
        }
        #expect(
            retry.failure(url: url, now: now)
                == .retryLater(code: 429, reason: "Too Many Requests", url: url, seconds: 7))
    }
}
