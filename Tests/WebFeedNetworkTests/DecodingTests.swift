import Foundation
import SampleFeed
import TestSupport
import Testing

@testable import FeedCore

@Suite struct DecodingTests {
    private func decode(_ json: String) throws(Failure) -> Feed {
        try FeedDocumentDecoder.decode(Data(json.utf8))
    }

    @Test func decodesTheObjectShapeWithAllFields() throws {
        let feed = try FeedDocumentDecoder.decode(Fixtures.data("small-feed.json"))
        #expect(feed.posts.count == 3)
        let first = try #require(feed.posts.first)
        #expect(first.id == .number(1))
        #expect(first.author == Author(name: "Ada Park", handle: "ada"))
        #expect(first.title == "Shipping the feed viewer")
        #expect(first.likes == 128)
        #expect(first.createdAt == FeedDate.parse("2026-11-29T21:00:00Z"))
    }

    @Test func decodesATopLevelArrayOfPosts() throws {
        let feed = try decode(
            #"[{"id":7,"author":{"name":"A"},"content":"x","likes":1,"created_at":"2026-01-01T00:00:00Z"}]"#)
        #expect(feed.posts.map(\.id) == [.number(7)])
    }

    @Test func idsMayBeNumbersOrStringsAndStringsStayStrings() throws {
        let feed = try decode(
            #"[{"id":"109876543210987654321","author":{"name":"A"},"content":"x","likes":1,"created_at":"2026-01-01T00:00:00Z"},"#
                + #"{"id":42,"author":{"name":"B"},"content":"y","likes":2,"created_at":"2026-01-01T00:00:00Z"}]"#)
        #expect(feed.posts.map(\.id) == [.string("109876543210987654321"), .number(42)])
    }

    @Test func titleHandleAndAvatarAreOptional() throws {
        let feed = try decode(
            #"{"posts":[{"id":1,"author":{"name":"A"},"content":"x","likes":0,"created_at":"2026-01-01T00:00:00Z"}]}"#)
        let post = try #require(feed.posts.first)
        #expect(post.title == nil)
        #expect(post.author.handle == nil)
        #expect(post.author.avatarURL == nil)
    }

    @Test func aPostWithAWrongTypeIsSkippedAndCountedWithItsReason() throws {
        let feed = try decode(
            #"{"posts":[{"id":1,"author":{"name":"A"},"content":"x","likes":"many","created_at":"2026-01-01T00:00:00Z"},"#
                + #"{"id":2,"author":{"name":"B"},"content":"y","likes":3,"created_at":"2026-01-01T00:00:00Z"}]}"#)
        #expect(feed.posts.map(\.id) == [.number(2)])
        #expect(feed.skipped == 1)
        #expect(feed.firstSkipReason == "post 1: likes: expected a number")
    }

    @Test func aMissingNestedFieldNamesItsPath() throws {
        let feed = try decode(
            #"[{"id":1,"author":{},"content":"x","likes":1,"created_at":"2026-01-01T00:00:00Z"},"#
                + #"{"id":2,"author":{"name":"B"},"content":"y","likes":3,"created_at":"2026-01-01T00:00:00Z"}]"#)
        #expect(feed.firstSkipReason == "post 1: author.name is missing")
    }

    @Test func whenNoPostCanBeReadTheErrorSaysWhy() {
        #expect(throws: Failure.noPostReadable(reason: "post 1: created_at is missing")) {
            try decode(#"[{"id":1,"author":{"name":"A"},"content":"x","likes":1}]"#)
        }
    }

    @Test func invalidJSONNamesTheLineAndColumn() {
        #expect(throws: Failure.notJSON("line 2, column 13: expected \"true\", found \"}\"")) {
            try decode("{\"posts\":[{\"id\":1,\n\"likes\": tru}]}")
        }
    }

    @Test func anHTMLPageIsRecognised() {
        #expect(
            throws: Failure.notJSON("line 1, column 1: expected a value, found \"<\" (the document looks like HTML)")
        ) {
            try decode("<!doctype html><html><body>502 Bad Gateway</body></html>")
        }
    }

    @Test func emptyAndWrongShapedDocumentsSayWhatWasExpected() {
        #expect(throws: Failure.empty) { try decode("  \n") }
        #expect(throws: Failure.unexpectedShape("expected an object with \"posts\" or an array of posts, found null")) {
            try decode("null")
        }
        #expect(
            throws: Failure.unexpectedShape("expected an object with \"posts\" or an array of posts, found a string")
        ) {
            try decode("\"posts\"")
        }
        #expect(
            throws: Failure.unexpectedShape(
                "JSON of no known shape: expected a JSON Feed (an object with \"items\"), or an object with \"posts\" or an array of posts"
            )
        ) { try decode("{\"other\":[]}") }
        #expect(throws: Failure.unexpectedShape("\"posts\" should be an array")) { try decode("{\"posts\":{}}") }
    }

    /// Objects with an account but neither a type nor text of their own (Mastodon's admin
    /// reports) are no notifications: read as statuses, each says what it lacks.
    @Test func accountsWithoutATypeOrTextAreNotNotifications() {
        let reports = #"[{"id":"1","category":"spam","account":{"username":"a","acct":"a"}}]"#
        do {
            _ = try decode(reports)
            Issue.record("reports read as a feed")
        } catch {
            #expect(error.message.hasPrefix("no post could be read; post 1: "), "\(error.message)")
        }
    }

    @Test func anUnparseableDateShowsNoTimeButKeepsThePost() throws {
        let feed = try decode(#"[{"id":1,"author":{"name":"A"},"content":"x","likes":1,"created_at":"yesterday"}]"#)
        #expect(feed.posts.count == 1)
        #expect(feed.posts[0].createdAt == nil)
    }

    @Test func datesParseWithAndWithoutFractionsAndWithOffsets() {
        let whole = FeedDate.parse("2026-11-01T10:00:00Z")
        #expect(whole == Date(timeIntervalSince1970: 1_793_527_200))
        #expect(FeedDate.parse("2026-11-01T10:00:00.500Z") == whole?.addingTimeInterval(0.5))
        #expect(FeedDate.parse("2026-11-01T11:00:00+01:00") == whole)
        #expect(FeedDate.parse("not a date") == nil)
    }

    @Test func textIsSanitizedAtTheModelBoundary() throws {
        let feed = try decode(
            #"[{"id":1,"author":{"name":"Eve\u001b]0;pwned\u0007 \u202eKing"},"title":"a\nb","content":"x\u001b[2Jy","likes":1,"created_at":"2026-01-01T00:00:00Z"}]"#
        )
        let post = try #require(feed.posts.first)
        #expect(post.author.name == "Eve King")
        #expect(post.title == "a b")
        #expect(post.content == "xy")
    }

    @Test func invalidUTF8IsRepairedNotFatal() throws {
        var bytes = Array(#"[{"id":1,"author":{"name":"A"},"content":"ok "#.utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array(#"","likes":1,"created_at":"2026-01-01T00:00:00Z"}]"#.utf8)
        let feed = try FeedDocumentDecoder.decode(Data(bytes))
        #expect(feed.posts.first?.content == "ok \u{FFFD}\u{FFFD}")
    }

    @Test func theBundledSampleFeedHasFortyPostsInSeveralScripts() throws {
        let feed = try FeedDocumentDecoder.decode(SampleFeed.data)
        #expect(feed.posts.count == 40)
        #expect(feed.skipped == 0)
        let text = feed.posts.map(\.content).joined()
        #expect(text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) })  // Hangul
        #expect(text.unicodeScalars.contains { (0x3041...0x30FF).contains($0.value) })  // kana
        #expect(text.unicodeScalars.contains { $0.properties.isEmojiPresentation })
        #expect(feed.posts.contains { CellWidth.of($0.content) > 600 })  // one very long
    }
}
