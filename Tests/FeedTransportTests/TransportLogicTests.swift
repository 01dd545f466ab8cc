import Foundation
import Testing

@testable import FeedCore
@testable import FeedTransport

/// The transport's logic without libcurl: headers, the size limit, and the messages.
@Suite struct TransportLogicTests {
    @Test func theLastResponsesHeadersWinOverARedirects() {
        var headers = ResponseHeaders()
        for line in [
            "HTTP/1.1 301 Moved Permanently\r\n", "Location: /feed.json\r\n", "Link: <https://a/old>; rel=\"next\"\r\n",
            "\r\n", "HTTP/2 200\r\n", "content-type: application/json\r\n",
            "link: <https://a/b?max_id=1>; rel=\"next\"\r\n",
            "X-Many: one\r\n", "x-many: two\r\n", "\r\n",
        ] {
            headers.consume(line)
        }
        #expect(headers.status == 200)
        #expect(headers.reason == "")
        #expect(headers["Content-Type"] == "application/json")
        #expect(headers["location"] == nil)
        #expect(headers["x-many"] == "one, two")
        #expect(headers.nextPage == "https://a/b?max_id=1")
        #expect(headers.isSuccess)
    }

    /// The rate limit an answer states, as Bluesky's PDS states it (bskyr's recordings:
    /// `RateLimit-Reset` a moment in seconds since 1970), or the IETF draft's seconds from
    /// now; nothing unless all three are there; a count below zero read as none left.
    @Test func aRateLimitIsReadFromItsThreeHeaders() {
        func limit(_ lines: [String]) -> RateLimit? {
            var headers = ResponseHeaders()
            for line in ["HTTP/1.1 200 OK\r\n"] + lines + ["\r\n"] { headers.consume(line) }
            return headers.rateLimit(now: Date(timeIntervalSince1970: 1_747_925_000))
        }
        let recorded = [
            "RateLimit-Limit: 3000\r\n", "RateLimit-Remaining: 2989\r\n", "RateLimit-Reset: 1747925095\r\n",
        ]
        #expect(limit(recorded) == RateLimit(limit: 3000, remaining: 2989, resetsIn: 95))
        #expect(
            limit(["ratelimit-limit: 10\r\n", "ratelimit-remaining: 2\r\n", "ratelimit-reset: 30\r\n"])
                == RateLimit(limit: 10, remaining: 2, resetsIn: 30))
        #expect(limit(Array(recorded.prefix(2))) == nil)
        #expect(
            limit(["RateLimit-Limit: -1\r\n", "RateLimit-Remaining: -3\r\n", "RateLimit-Reset: 5\r\n"])
                == RateLimit(limit: 0, remaining: 0, resetsIn: 5))
    }

    @Test func aStatusLineGivesItsCodeAndASanitizedReason() {
        var headers = ResponseHeaders()
        headers.consume("HTTP/1.1 418 I'm a \u{1B}[31mteapot\r\n")
        #expect(headers.status == 418)
        #expect(headers.reason == "I'm a teapot")
        #expect(!headers.isSuccess)
        #expect(
            headers.failure(url: "http://x/")
                == .httpStatus(code: 418, reason: "I'm a teapot", url: "http://x/"))
        #expect(headers.failure(url: "http://x/")?.message == "HTTP 418 I'm a teapot from http://x/")
    }

    @Test func linkHeadersAreParsed() {
        #expect(
            ResponseHeaders.nextLink(#"<https://a/b?max_id=1>; rel="next", <https://a/b?min_id=9>; rel="prev""#)
                == "https://a/b?max_id=1")
        #expect(ResponseHeaders.nextLink(#"<https://a/b?min_id=9>; rel="prev""#) == nil)
        #expect(ResponseHeaders.nextLink(#"<https://a/c>; rel="prev next""#) == "https://a/c")
        #expect(ResponseHeaders.nextLink(#"<https://a/d>; REL=NEXT"#) == "https://a/d")
        #expect(ResponseHeaders.nextLink("https://a/e; rel=next") == nil)
    }

    @Test func aRelativeNextLinkIsResolvedAgainstTheURLThatAnswered() {
        var headers = ResponseHeaders()
        headers.consume("HTTP/1.1 200 OK")
        headers.consume("Link: </api/v1/timelines/public?max_id=7>; rel=\"next\"")
        let response = HTTPResponse(body: .init(), headers: headers, effectiveURL: "https://social.example/api/v1/x")
        #expect(response.nextPage == "https://social.example/api/v1/timelines/public?max_id=7")
    }

    @Test func theBodyBufferRefusesTheChunkThatPassesTheLimitAndKeepsWhatItHad() {
        var body = BodyBuffer(limit: 10)
        let six: [UInt8] = [1, 2, 3, 4, 5, 6]
        #expect(six.withUnsafeBytes { body.append($0) })
        #expect(body.count == 6)
        #expect(!six.withUnsafeBytes { body.append($0) })
        #expect(body.count == 6)
        #expect([UInt8](repeating: 9, count: 4).withUnsafeBytes { body.append($0) })
        #expect(body.count == 10)
        #expect(![UInt8(0)].withUnsafeBytes { body.append($0) })
        #expect(Array(body.data) == six + [9, 9, 9, 9])
    }

    @Test(arguments: [
        (Failure.timedOut(seconds: 15, url: "http://a/f"), "timed out after 15 s waiting for http://a/f"),
        (.connectTimedOut(seconds: 0.5, host: "a"), "timed out after 0.5 s connecting to a"),
        (.stalled(seconds: 15, url: "http://a/f"), "stalled: no data for 15 s from http://a/f"),
        (.tooLarge(limit: 256 << 20, what: "the response"), "the response is larger than 256 MiB (--max-size)"),
        (.httpStatus(code: 404, reason: "Not Found", url: "http://a/f"), "HTTP 404 Not Found from http://a/f"),
        (.httpStatus(code: 599, reason: "", url: "http://a/f"), "HTTP 599 from http://a/f"),
        (.refused(host: "127.0.0.1", port: 1), "connection refused by 127.0.0.1:1"),
        (.refused(host: "a", port: nil), "connection refused by a"),
        (.unresolvedHost("no-such-host.invalid"), "could not resolve host no-such-host.invalid"),
        (.connectionLost(host: "a"), "the connection to a was lost"),
        (.secureConnection(host: "a", detail: ""), "the secure connection to a failed"),
        (.tooManyRedirects(limit: 5, url: "http://a/f"), "more than 5 redirects from http://a/f"),
        (
            .refusedRedirect(from: "https://a/f", to: "http://a/f"),
            "refused a redirect from https://a/f to http://a/f: it would leave https"
        ),
        (.undecodable(host: "a"), "the response from a could not be decompressed"),
    ])
    func eachFailureHasItsSentence(failure: Failure, message: String) {
        #expect(failure.message == message)
    }

    @Test func reasonPhrasesComeFromTheTableBeforeTheServer() {
        #expect(ResponseHeaders.reasonPhrase(for: 404, serverSaid: "Nope") == "Not Found")
        #expect(
            ResponseHeaders.reasonPhrase(for: 451, serverSaid: "Unavailable For Legal Reasons")
                == "Unavailable For Legal Reasons")
        #expect(ResponseHeaders.reasonPhrase(for: 299, serverSaid: "") == "")
    }

    /// HTTP/2 sends no reason phrase: the common statuses are named as RFC 9110 names them.
    @Test(arguments: [
        (400, "Bad Request"), (401, "Unauthorized"), (403, "Forbidden"), (404, "Not Found"),
        (405, "Method Not Allowed"), (406, "Not Acceptable"), (408, "Request Timeout"), (410, "Gone"),
        (429, "Too Many Requests"), (500, "Internal Server Error"), (501, "Not Implemented"), (502, "Bad Gateway"),
        (503, "Service Unavailable"), (504, "Gateway Timeout"),
    ])
    func aStatusWithoutAPhraseIsNamed(_ status: Int, _ phrase: String) {
        #expect(ResponseHeaders.reasonPhrase(for: status, serverSaid: "") == phrase)
    }
}

extension TransportLogicTests {
    /// A query's fields: a name alone has an empty value; an `=` in a value stays in it.
    @Test func aQueryDecodesToItsFieldsInOrder() {
        let fields = FormEncoding.decode("code=a%20b&state&x=1=2")
        #expect(fields.map(\.name) == ["code", "state", "x"])
        #expect(fields.map(\.value) == ["a b", "", "1=2"])
    }
}
