import Foundation
import TestSupport
import Testing

@testable import FeedCore
@testable import MastodonNetwork

@Suite struct MastodonDecodingTests {
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
