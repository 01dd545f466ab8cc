import FeedCore
import Foundation
import TestSupport
import Testing

@testable import FeedXML

/// The shapes real feeds take, one fixture each: every item a reader shows, every name
/// and link right.
@Suite struct RealFeedShapesTests {
    private func feed(_ name: String, url: String? = nil, charset: String? = nil) throws -> Feed {
        let data = try Data(contentsOf: FeedServer.fixtures.appendingPathComponent("xml/\(name)"))
        return try XMLFeedDecoder.decode(data, documentURL: url, charset: charset)
    }

    @Test func itemsWithOnlyADescriptionOrAnEnclosureArePosts() throws {
        let feed = try feed("rss092-descriptions.xml")
        #expect(
            feed.posts.map(\.content) == [
                "Radio 8.0.8 is out. Release notes.", "The servers move on Friday night.", "",
            ])
        #expect(feed.posts[2].attachments.map(\.kind) == [.audio])
        // The one with nothing is left out, and said.
        #expect(feed.skipped == 1)
        #expect(feed.firstSkipReason == "post 4: an item with nothing to show")
        // Known by a digest of what they say: distinct, and the same on every load.
        let ids = feed.posts.map(\.id.description)
        #expect(Set(ids).count == 3 && ids.allSatisfy { $0.hasPrefix("digest:") })
        #expect(try self.feed("rss092-descriptions.xml").posts.map(\.id.description) == ids)
    }

    @Test func aDigestChangesWithWhatTheItemSays() {
        let one = XMLFeedItem.digest(title: "a", text: "b", date: nil, attachments: [])
        #expect(XMLFeedItem.digest(title: "a", text: "b", date: nil, attachments: []) == one)
        #expect(XMLFeedItem.digest(title: "ab", text: "", date: nil, attachments: []) != one)
        #expect(XMLFeedItem.digest(title: "a", text: "b", date: "Mon", attachments: []) != one)
        #expect(
            XMLFeedItem.digest(title: "a", text: "b", date: nil, attachments: [Attachment(kind: .audio, url: "u")])
                != one)
        #expect(one == "digest:" + one.dropFirst(7).filter(\.isHexDigit) && one.count == 23)
    }

    @Test func postsWithNoAuthorAreTheFeeds() throws {
        let feed = try feed("news-no-authors.xml")
        #expect(feed.title == "Harbour Gazette - Top stories", "the title trimmed")
        #expect(feed.posts.map(\.author.name) == ["Harbour Gazette - Top stories", "Harbour Gazette - Top stories"])
        #expect(feed.posts[0].author.avatarURL == "https://news.example.org/images/logo-144.png", "its picture")
        #expect(feed.posts[0].title == "Ferry timetable changes from Monday", "every title trimmed")
        // An item's own author stays its own, and the feed's author comes before its title.
        #expect(try self.feed("rss2.xml").posts[0].author.name == "Ellen Expert")
        #expect(try self.feed("atom.xml").posts[1].author.name == "Mark Pilgrim")
        #expect(try self.feed("rss2.xml").posts[4].author.name == "Liftoff News")
    }

    @Test func aNewlineBeforeTheDeclarationIsSkipped() throws {
        let feed = try feed("newline-before-declaration.xml")
        #expect(feed.posts.first?.title == "After a newline")
        // And a byte-order mark with white space.
        let data = try Data(
            contentsOf: FeedServer.fixtures.appendingPathComponent("xml/newline-before-declaration.xml"))
        #expect(try XMLFeedDecoder.decode(Data([0xEF, 0xBB, 0xBF, 0x20, 0x0D, 0x0A]) + data).posts.count == 1)
    }

    @Test func undeclaredLatin1IsReadAsWindows1252() throws {
        let feed = try feed("latin1-undeclared.xml")
        #expect(feed.title == "Café de la Gare")
        #expect(feed.posts.first?.title == "Crème brûlée à volonté")
        #expect(feed.posts.first?.content == "Naïve, © 2026.")
    }

    @Test func anExtensionNeverStandsInForACoreElement() throws {
        let feed = try feed("extension-namesake.xml")
        let first = feed.posts[0]
        #expect(first.title == "The real title")
        #expect(first.content == "The real description.")
        #expect(first.url == "https://example.org/the-link")
        #expect(first.author.name == "Ada Park", "Dublin Core under another prefix")
        #expect(feed.posts[1].content == "From content:encoded.", "content:encoded under another prefix")
    }

    @Test func relativeLinksAreMadeAbsolute() throws {
        let atom = try feed("relative-links.xml", url: "https://feeds.example.net/blog.atom")
        #expect(atom.posts[0].url == "https://blog.example/en/news/detail/1", "under the feed's xml:base")
        #expect(atom.posts[0].attachments.first?.url == "https://blog.example/media/1.mp3")
        #expect(atom.posts[1].url == "https://blog.example/archive/2025/post.html", "an entry's base, on the feed's")
        #expect(atom.nextPage == "https://blog.example/en/feed.atom?page=2")
        // No xml:base: the document's own URL, else the channel's link.
        let fetched = try feed("relative-links-rss.xml", url: "https://feeds.example.net/news/rss.xml")
        #expect(fetched.posts[0].url == "https://feeds.example.net/en/news/detail/42")
        #expect(fetched.posts[0].attachments.first?.url == "https://feeds.example.net/news/images/42.jpg")
        #expect(fetched.posts[0].attachments.first?.kind == .image)
        let file = try feed("relative-links-rss.xml")
        #expect(file.posts[0].url == "https://home.example.org/en/news/detail/42")
        #expect(file.posts[0].id == .string("https://home.example.org/en/news/detail/42"), "known by its full link")
    }

    @Test func aPictureInTwoWidthsIsOnePicture() throws {
        let post = try #require(try feed("picture-two-widths.xml").posts.first)
        #expect(post.attachments.count == 1)
        #expect(post.attachments.first?.kind == .image, "no type and no medium: the path says a picture")
        #expect(post.attachments.first?.url?.contains("width=460") == true, "the wider of the two")
        #expect(AttachmentText.summary(post.attachments, hidesText: false) == "▣ image")
    }

    @Test func picturesOfOtherQueriesAtOnePathStayTwo() {
        #expect(XMLMediaList.sameObject("https://e.org/a.jpg?w=1", "https://e.org/a.jpg?w=2"))
        #expect(!XMLMediaList.sameObject("https://e.org/image.php?id=1", "https://e.org/image.php?id=2"))
        #expect(!XMLMediaList.sameObject("https://e.org/a.jpg", "https://e.org/b.jpg"))
    }
}
