import Foundation
import TestSupport
import Testing

@testable import FeedCore
@testable import WebFeedNetwork

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
