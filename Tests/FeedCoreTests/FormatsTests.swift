import Foundation
import Testing

@testable import FeedCore

@Suite struct JSONFeedTests {
    private func feed() throws -> Feed {
        try FeedDocumentDecoder.decode(Fixtures.data("jsonfeed.json"))
    }

    @Test func readsTheTitleItemsAndNextPage() throws {
        let feed = try feed()
        #expect(feed.title == "Example Blog")
        #expect(feed.nextPage == "https://example.org/feed-2.json")
        #expect(feed.posts.map(\.id) == [.string("1"), .string("2"), .string("3"), .number(4)])
    }

    @Test func itemsWithoutAnIdAreIgnoredAndBadOnesSkipped() throws {
        let feed = try feed()
        #expect(feed.skipped == 2)
        // The status line says why, for the id-less item too.
        #expect(feed.firstSkipReason == "post 4: an item with neither an id nor a url")
        #expect(!feed.posts.contains { $0.content.contains("should not see") })
    }

    @Test func contentComesFromTextOrHTMLOrSummary() throws {
        let posts = try feed().posts
        #expect(posts[0].content == "Hello from JSON Feed.")
        #expect(posts[0].title == "Plain text post")
        #expect(posts[0].url == "https://example.org/posts/1")
        #expect(posts[1].content == "First & bold paragraph.\n\nSecond\nline.")
        #expect(posts[2].content == "Only a summary here.")
    }

    @Test func authorsComeFromAuthorsOrTheOneZeroAuthor() throws {
        let posts = try feed().posts
        #expect(posts[0].author.name == "Ada Park")
        #expect(posts[0].author.avatarURL == "https://example.org/ada.png")
        #expect(posts[2].author.name == "Old Style Author")
        #expect(posts[0].likes == nil, "JSON Feed counts no likes")
    }

    private func decode(_ json: String) throws -> Feed {
        try FeedDocumentDecoder.decode(Data(json.utf8))
    }

    @Test func itemsWithoutAnAuthorHaveTheFeeds() throws {
        let oneOne = try decode(
            #"{"version":"https://jsonfeed.org/version/1.1","authors":[{"name":"Feed Writer","avatar":"https://e.org/a.png"}],"#
                + #""items":[{"id":"1","content_text":"a"},{"id":"2","content_text":"b","authors":[{"name":"Guest"}]}]}"#
        )
        #expect(oneOne.posts.map(\.author.name) == ["Feed Writer", "Guest"])
        #expect(oneOne.posts[0].author.avatarURL == "https://e.org/a.png")
        let oneZero = try decode(
            #"{"version":"https://jsonfeed.org/version/1","author":{"name":"Old Feed Writer"},"items":[{"id":"1","content_text":"a"}]}"#
        )
        #expect(oneZero.posts.first?.author.name == "Old Feed Writer")
    }

    /// With no author anywhere, an item is the feed's: its title, decoded, and its icon.
    @Test func itemsWithNoAuthorAnywhereAreTheFeedItself() throws {
        let feed = try decode(
            #"{"version":"https://jsonfeed.org/version/1.1","title":"Blog &#8211; InfluxData","#
                + #""icon":"https://e.org/icon.png","favicon":"https://e.org/f.ico","#
                + #""items":[{"id":"1","title":" Q&amp;A &#x1F600; &hellip; ","content_text":"a"}]}"#
        )
        #expect(feed.title == "Blog – InfluxData")
        let post = try #require(feed.posts.first)
        #expect(post.author == Author(name: "Blog – InfluxData", avatarURL: "https://e.org/icon.png"))
        #expect(post.title == "Q&A 😀 …", "character references decoded, white space trimmed")
    }

    @Test func theHTMLBodyIsPreferredToTheText() throws {
        let feed = try decode(
            #"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"1","#
                + #""content_text":"[a link](https://e.org) <img src='x.png'/>","content_html":"<p>a <a href='https://e.org'>link</a></p>"}]}"#
        )
        #expect(feed.posts.first?.content == "a link")
    }

    @Test func anItemWithoutAnIdTakesItsURL() throws {
        let feed = try decode(
            #"{"version":"https://jsonfeed.org/version/1.1","items":[{"url":"https://e.org/p/1","content_text":"a"},{"content_text":"b"}]}"#
        )
        #expect(feed.posts.map(\.id) == [.string("https://e.org/p/1")])
        #expect(feed.skipped == 1)
        #expect(feed.firstSkipReason == "post 2: an item with neither an id nor a url")
    }

    @Test func datesWithFractionsAndOffsetsParseAndBadOnesShowNoTime() throws {
        let posts = try feed().posts
        #expect(posts[1].createdAt == FeedDate.parse("2026-11-29T08:30:00.123Z"))
        #expect(posts[2].createdAt == nil)
    }
}

@Suite struct MastodonTests {
    private func posts() throws -> [Post] {
        try FeedDocumentDecoder.decode(Fixtures.data("mastodon.json")).posts
    }

    @Test func idsStayStringsAndCountsAreRead() throws {
        let first = try #require(try posts().first)
        #expect(first.id == .string("109876543210987654"))
        #expect(first.likes == 12)
        #expect(first.boosts == 3)
        #expect(first.replies == 2)
        #expect(
            first.author
                == Author(name: "Ada Park", handle: "ada@social.example", avatarURL: "https://social.example/ada.png"))
        #expect(first.url == "https://social.example/@ada/109876543210987654")
    }

    @Test func htmlBecomesTextWithHiddenAndEllipsisSpans() throws {
        let first = try #require(try posts().first)
        #expect(
            first.content == "Hello &lt;world&gt; and a link example.org/a/very…\n\nSecond paragraph\nwith a break.")
    }

    @Test func aSpoilerIsTheTitleAndHidesTheContent() throws {
        let spoiler = try posts()[1]
        #expect(spoiler.title == "Spoilers for the finale")
        #expect(spoiler.hidesContent)
        #expect(spoiler.author.name == "ben", "an empty display name falls back to the username")
        let hidden = RowContent(post: spoiler, now: Fixtures.referenceDate)
        #expect(hidden.body == .text(RowContent.hiddenContent))
        let shown = RowContent(post: spoiler, now: Fixtures.referenceDate, expanded: true)
        #expect(shown.body == .text("The butler did it."))
    }

    @Test func aBoostShowsTheBoostedStatusAndWhoBoostedIt() throws {
        let boost = try posts()[2]
        // The boost's own id, not the boosted status's: two boosts of one status are two posts.
        #expect(boost.id == .string("109876543210987656"))
        #expect(boost.author.name == "Dan")
        #expect(boost.content == "The boosted post.")
        #expect(boost.boostedBy == "Carol")
        #expect(boost.likes == 99)
        let row = RowContent(post: boost, now: Fixtures.referenceDate)
        #expect(row.meta.hasSuffix("↻ boosted by Carol"))
        #expect(row.counts.map(\.text) == ["↩ 1", "↻ 7", "♥ 99"])
    }

    /// In a timeline a row names its source after the time; a post by its feed (no author
    /// of its own) already bears the source's name, and says it once.
    @Test func aPostByItsFeedNamesTheSourceOnce() throws {
        var post = Post(
            id: .string("1"), author: Author(name: "Harbour Gazette"), content: "x", likes: nil, createdAt: nil)
        post.source = PostSource(index: 1, name: "Harbour Gazette")
        let row = RowContent(post: post, now: Fixtures.referenceDate)
        #expect(row.name == "Harbour Gazette" && !row.meta.contains("Harbour Gazette"))
        post.author = Author(name: "Sam Reporter")
        #expect(RowContent(post: post, now: Fixtures.referenceDate).meta == "Harbour Gazette")
    }

    @Test func aStatusWithAWrongTypeIsSkippedAndCounted() throws {
        let feed = try FeedDocumentDecoder.decode(Fixtures.data("mastodon.json"))
        #expect(feed.posts.count == 3)
        #expect(feed.skipped == 1)
        #expect(feed.firstSkipReason == "post 4: favourites_count: expected a number")
    }
}

@Suite struct FormatDetectionTests {
    private func decode(_ json: String, _ format: FeedFormat = .auto) throws(Failure) -> Feed {
        try FeedDocumentDecoder.decode(Data(json.utf8), format: format)
    }

    private static let status =
        #"{"id":"1","created_at":"2026-01-01T00:00:00Z","content":"<p>x</p>","account":{"username":"a","acct":"a"},"favourites_count":1}"#
    private static let post =
        #"{"id":1,"author":{"name":"A"},"content":"x","likes":1,"created_at":"2026-01-01T00:00:00Z"}"#

    @Test func detectsEachFormatFromItsShape() throws {
        #expect(try decode("[\(Self.status)]").posts.first?.content == "x")
        #expect(try decode("[\(Self.post)]").posts.first?.id == .number(1))
        #expect(try decode(#"{"posts":[\#(Self.post)]}"#).posts.count == 1)
        #expect(
            try decode(#"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"9","content_text":"y"}]}"#).posts
                .first?.id == .string("9"))
    }

    @Test func anExplicitFormatIsHeldToItsShape() {
        #expect(throws: Failure.unexpectedShape("expected a JSON Feed (an object with \"items\"), found an array")) {
            try decode("[]", .jsonfeed)
        }
        #expect(throws: Failure.unexpectedShape("expected Mastodon statuses, found an object that is not one")) {
            try decode(#"{"posts":[]}"#, .mastodon)
        }
        #expect(throws: Failure.unexpectedShape("expected an object with \"items\"")) {
            try decode(#"{"posts":[]}"#, .jsonfeed)
        }
    }

    @Test func anEmptyListIsAnEmptyFeed() throws {
        #expect(try decode("[]").posts.isEmpty)
        #expect(try decode(#"{"posts":[]}"#).posts.isEmpty)
    }
}

@Suite struct HTMLTextTests {
    @Test func paragraphsAndBreaksBecomeLines() {
        #expect(HTMLText.plainText("<p>a</p><p>b<br>c<br/>d</p>") == "a\n\nb\nc\nd")
    }

    @Test func entitiesAreDecodedOnce() {
        #expect(HTMLText.plainText("&amp;amp; &lt;b&gt; &#39;q&#x27; &quot;") == "&amp; <b> 'q' \"")
    }

    /// Beyond the Basic Multilingual Plane by number, hex or decimal, and HTML's named
    /// characters: what WordPress and Mastodon write, in JSON Feed and status HTML alike.
    @Test func longAndNamedCharacterReferencesBecomeTheirCharacters() {
        #expect(HTMLText.plainText("&#x1F600; &#X1f600; &#128512; &hellip; &mdash; x") == "😀 😀 😀 … — x")
        // Not characters: left as written rather than guessed.
        #expect(HTMLText.plainText("&#x110000; &#xD800; &nosuch;") == "&#x110000; &#xD800; &nosuch;")
    }

    @Test func tagsGoAndScriptsGoWithTheirContent() {
        #expect(HTMLText.plainText("<b>bold</b> <script>alert(1)</script><i>it</i>") == "bold it")
    }

    @Test func sourceLineBreaksAreSpaces() {
        #expect(HTMLText.plainText("one\ntwo") == "one two")
    }
}

@Suite struct BatchedDecodingTests {
    static func bigFeed(_ count: Int) -> Data {
        let posts = (0..<count).map {
            #"{"id":\#($0),"author":{"name":"Author \#($0)"},"content":"Post \#($0)","likes":\#($0),"created_at":"2026-01-01T00:00:00Z"}"#
        }
        return Data(#"{"posts":[\#(posts.joined(separator: ","))]}"#.utf8)
    }

    @Test func theFirstPostsArriveBeforeTheRestWithProgress() throws {
        var seen: [(Int, Int, Int)] = []
        let feed = try FeedDocumentDecoder.decode(Self.bigFeed(12_000), format: .auto) { feed, decoded, total in
            seen.append((feed.posts.count, decoded, total))
        }
        #expect(feed.posts.count == 12_000)
        #expect(feed.posts.last?.id == .number(11_999))
        #expect(seen.first?.0 == FeedDocumentDecoder.firstBatch, "the first report comes after the first batch")
        let first = FeedDocumentDecoder.firstBatch
        let batch = FeedDocumentDecoder.batchSize
        #expect(seen.map(\.1) == Array(stride(from: first, to: 12_000, by: batch)))
        #expect(seen.allSatisfy { $0.2 == 12_000 })
    }

    @Test func throwingFromProgressStopsTheDecoding() {
        #expect(throws: CancellationError.self) {
            try FeedDocumentDecoder.decode(Self.bigFeed(6_000), format: .auto) { _, _, _ in throw CancellationError() }
        }
    }
}

@Suite struct JSONStructureTests {
    private func elements(_ json: String) -> [String]? {
        let bytes = Array(json.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            JSONStructure.elements(of: buffer)?.map { String(decoding: bytes[$0], as: UTF8.self) }
        }
    }

    @Test func splitsAnArrayAtItsTopLevelCommasWhateverTheStringsHold() {
        #expect(
            elements(#"[1, "a,b", {"k": "x]y"}, [2, 3], "q\"uo\"te", "back\\", "\\\""]"#) == [
                "1", #""a,b""#, #"{"k": "x]y"}"#, "[2, 3]", #""q\"uo\"te""#, #""back\\""#, #""\\\"""#,
            ])
        #expect(elements("[]") == [])
        #expect(elements(#"["unterminated]"#) == nil)
    }

    @Test func scansAnObjectOnceAndSplitsTheListsAskedFor() {
        let bytes = Array(#"{"title": "T", "items": [{"id": "1"}, {"id": "2"}], "next_url": "u"} "#.utf8)
        let scan = bytes.withUnsafeBufferPointer {
            JSONStructure.scanObject($0, from: 0, limit: $0.count, listKeys: ["items"])
        }
        #expect(scan?.members.map(\.key) == ["title", "items", "next_url"])
        #expect(scan?.lists["items"]?.count == 2)
        #expect(scan?.end == bytes.count - 1)
    }
}

/// Mastodon's custom emoji (`:kde:`) are pictures there and words here: they leave names.
@Suite struct ShortcodeTests {
    @Test(arguments: [
        ("Eugen :kde:", "Eugen"), (":blobcat: Ada :verified: Park :party_parrot:", "Ada Park"),
        ("Time: 10:30", "Time: 10:30"), ("a:b:c", "a:b:c"), ("x:yz:w", "x:yz:w"), ("Ratio 1:2", "Ratio 1:2"),
        (":only:", ""), (":ok::also:", ""),
        // Glued to a word it is no emoji, as Mastodon's own pattern reads it.
        ("Ana:kde:", "Ana:kde:"),
    ])
    func shortcodesLeaveDisplayNames(_ name: String, _ expected: String) {
        #expect(MastodonStatus.Account.withoutShortcodes(name) == expected)
    }

    @Test func aNameOfShortcodesAloneFallsBackToTheUsernameAndInitialsComeFromTheRest() throws {
        let status = { (name: String) in
            #"[{"id":"1","created_at":"2026-11-30T10:00:00Z","content":"<p>Hi :wave:</p>","favourites_count":0,"#
                + #""reblogs_count":0,"replies_count":0,"account":{"username":"eugen","acct":"eugen","display_name":"\#(name)"}}]"#
        }
        let named = try FeedDocumentDecoder.decode(Data(status("Eugen :kde:").utf8)).posts[0]
        #expect(named.author.name == "Eugen")
        #expect(Avatar.initials(of: named.author.name) == "E")
        #expect(named.content == "Hi :wave:", "inside content they stay as text")
        let codes = try FeedDocumentDecoder.decode(Data(status(":ab: :cd:").utf8)).posts[0]
        #expect(codes.author.name == "eugen")
    }
}

/// A single Status, as `/api/v1/statuses/:id` returns it, is a feed of one post.
@Suite struct SingleStatusTests {
    @Test func aSingleStatusIsAOnePostFeed() throws {
        let status =
            #"{"id":"42","created_at":"2026-11-30T10:00:00Z","content":"<p>One status</p>","favourites_count":5,"#
            + #""reblogs_count":1,"replies_count":0,"account":{"username":"ada","acct":"ada@e.org","display_name":"Ada"}}"#
        for format in [FeedFormat.auto, .mastodon] {
            let feed = try FeedDocumentDecoder.decode(Data(status.utf8), format: format)
            #expect(feed.posts.map(\.id) == [.string("42")])
            #expect(feed.posts.first?.content == "One status")
            #expect(feed.posts.first?.likes == 5)
        }
    }
}
