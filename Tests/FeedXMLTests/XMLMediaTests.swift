import FeedCore
import Foundation
import TestSupport
import Testing

@testable import FeedXML

/// Enclosures, Media RSS and Atom's enclosure links become attachments.
@Suite struct XMLMediaTests {
    private func feed(_ name: String) throws -> Feed {
        try XMLFeedDecoder.decode(Data(contentsOf: FeedServer.fixtures.appendingPathComponent("xml/\(name)")))
    }

    @Test func anRSSEnclosureIsAnAttachment() throws {
        let episode = try feed("rss2.xml").posts[3]
        #expect(
            episode.attachments == [
                Attachment(kind: .audio, url: "http://www.scripting.com/mp3s/weatherReportSuite.mp3")
            ])
    }

    @Test func anAtomEnclosureLinkIsAnAttachmentNotTheLink() throws {
        let entry = try feed("atom.xml").posts[0]
        #expect(entry.attachments == [Attachment(kind: .audio, url: "http://example.org/audio/ph34r_my_podcast.mp3")])
        #expect(entry.url == "http://example.org/2005/04/02/atom")
    }

    @Test func mediaObjectsTakeTheirNearestDescription() throws {
        let posts = try feed("media-rss.xml").posts
        // The object's own description wins over its title.
        #expect(
            posts[0].attachments == [
                Attachment(
                    kind: .image, description: "A grey cat asleep on a wooden chair.",
                    url: "http://www.example.com/cat.jpg")
            ])
        #expect(posts[0].title == "A photo", "media:title is not the item's title")
        // An image's alt text stays in the text; an image without one leaves nothing.
        #expect(posts[0].content == "Look: [image: a cat asleep on a \"chair\"]")
        // A group's objects are renditions of one video, with the group's thumbnail. Its
        // description, which comes after its objects, is theirs; the item has no text of
        // its own, so it is the post's text, as text, and not said twice.
        #expect(
            posts[1].attachments == [
                Attachment(
                    kind: .video, url: "http://www.example.com/clip-hi.mp4",
                    thumbnailURL: "http://www.example.com/clip.jpg")
            ])
        #expect(posts[1].content == "A kite over the bay.")
        // One file named by an enclosure and by Media RSS is one attachment. The item's own
        // media:description, with no other text, is the post's text, said once.
        #expect(posts[2].attachments == [Attachment(kind: .audio, url: "http://www.example.com/e1.mp3")])
        #expect(posts[2].content == "Episode one, in which nothing happens.")
        #expect(posts[2].title == "An episode named twice", "an item's media:title, after its title, is not its title")
    }

    @Test func aYouTubeStyleFlashObjectIsAVideo() throws {
        let atom = """
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
            <entry><id>yt:video:abc</id><title>My video</title>
            <media:group><media:title>My video</media:title>
            <media:content url="https://www.youtube.com/v/abc" type="application/x-shockwave-flash"/>
            <media:description>We build a shimmer.</media:description></media:group></entry></feed>
            """
        let post = try #require(try XMLFeedDecoder.decode(Data(atom.utf8)).posts.first)
        // The feed has no content: the video's description is the post's text.
        #expect(post.attachments == [Attachment(kind: .video, url: "https://www.youtube.com/v/abc")])
        #expect(post.content == "We build a shimmer.")
        #expect(post.title == "My video")
        // With a summary of its own, the group's description stays the video's.
        let summarized = atom.replacingOccurrences(
            of: "<title>My video</title>", with: "<title>V</title><summary>S</summary>")
        let described = try #require(try XMLFeedDecoder.decode(Data(summarized.utf8)).posts.first)
        #expect(described.content == "S")
        #expect(
            described.attachments == [
                Attachment(kind: .video, description: "We build a shimmer.", url: "https://www.youtube.com/v/abc")
            ])
    }

    /// A group with a thumbnail and no object: the thumbnail is the post's picture, and
    /// the description its text, said once.
    @Test func aGroupWithAThumbnailAloneGivesItsDescriptionAsTheText() throws {
        let atom = """
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
            <entry><id>yt:video:x</id><title>A short</title><media:group><media:title>t</media:title>
            <media:thumbnail url="https://i1.ytimg.com/vi/x/hqdefault.jpg"/><media:description>weekly #shorts</media:description>
            <media:community><media:statistics views="956"/></media:community></media:group></entry></feed>
            """
        let post = try #require(try XMLFeedDecoder.decode(Data(atom.utf8)).posts.first)
        #expect(post.content == "weekly #shorts" && post.title == "A short")
        #expect(post.attachments == [Attachment(kind: .image, url: "https://i1.ytimg.com/vi/x/hqdefault.jpg")])
    }
}

/// Pictures of RSS and Atom: Media RSS sizes, and the feed's icon for its authors.
@Suite struct XMLPictureTests {
    @Test func mediaRSSGivesItsPicturesSize() throws {
        let document = """
            <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>T</title>
            <image><url>https://r.example/logo.png</url></image>
            <item><title>A</title><guid>a</guid><dc:creator xmlns:dc="http://purl.org/dc/elements/1.1/">Ada</dc:creator>
            <media:content url="https://r.example/p.jpg" medium="image" width="800" height="200"/></item>
            </channel></rss>
            """
        let post = try #require(try XMLFeedDecoder.decode(Data(document.utf8)).posts.first)
        #expect(post.attachments.first?.width == 800 && post.attachments.first?.height == 200)
        #expect(post.author.avatarURL == "https://r.example/logo.png", "an author with no picture: the feed's")
    }

    @Test func anAtomFeedsIconIsItsEntriesAvatar() throws {
        let document = """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><icon>https://a.example/icon.png</icon>
            <entry><id>1</id><title>A</title><updated>2026-11-29T10:00:00Z</updated></entry></feed>
            """
        let post = try #require(try XMLFeedDecoder.decode(Data(document.utf8)).posts.first)
        #expect(post.author.avatarURL == "https://a.example/icon.png")
    }
}
