import FeedCore
import Foundation
import Testing

@testable import FeedXML

/// The smaller fields real feeds use: `dc:author`, `xhtml:body`, Atom's base64 content,
/// Atom 0.3's modes.
@Suite struct XMLSmallGapsTests {
    private func post(_ xml: String) throws -> Post {
        try #require(try XMLFeedDecoder.decode(Data(xml.utf8)).posts.first)
    }

    @Test func dcAuthorIsTheAuthor() throws {
        let post = try post(
            """
            <rss xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>F</title>
            <item><guid>1</guid><title>T</title><dc:author>Lee Quill</dc:author></item></channel></rss>
            """)
        #expect(post.author.name == "Lee Quill")
    }

    @Test func anXHTMLBodyIsTheContent() throws {
        let post = try post(
            """
            <rss xmlns:xhtml="http://www.w3.org/1999/xhtml"><channel><item><guid>1</guid><title>T</title>
            <description>Short.</description>
            <xhtml:body><xhtml:p>First <xhtml:b>bold</xhtml:b> line.</xhtml:p><xhtml:p>Second.</xhtml:p></xhtml:body>
            </item></channel></rss>
            """)
        #expect(post.content == "First bold line.\nSecond.")
    }

    @Test func atomContentOfAnotherTypeIsBase64() throws {
        let encoded = Data("Plain words, sent as base64.".utf8).base64EncodedString()
        let post = try post(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id><title>T</title>
            <content type="application/octet-stream">\(encoded)</content></entry></feed>
            """)
        #expect(post.content == "Plain words, sent as base64.")
        // A picture in base64 is no text to show.
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]).base64EncodedString()
        let picture = try self.post(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id><title>T</title>
            <content type="image/png">\(png)</content></entry></feed>
            """)
        #expect(picture.content.isEmpty)
        // A text type, and an XML type, are not base64.
        let text = try self.post(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id><title>T</title>
            <content type="text/markdown">QUJD</content></entry></feed>
            """)
        #expect(text.content == "QUJD")
    }

    @Test func atom03ModesAreHonoured() throws {
        let encoded = Data("<p>Hello <b>there</b></p>".utf8).base64EncodedString()
        let feed = try XMLFeedDecoder.decode(
            Data(
                """
                <feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>Old</title>
                <entry><id>1</id><title mode="escaped" type="text/html">A &lt;b&gt;bold&lt;/b&gt; title</title>
                <issued>2004-01-02T10:00:00Z</issued>
                <content type="text/html" mode="base64">\(encoded)</content></entry>
                <entry><id>2</id><title>Escaped</title>
                <content type="text/html" mode="escaped">&lt;p&gt;One &amp;amp; two&lt;/p&gt;</content></entry>
                <entry><id>3</id><title>Inline</title>
                <content type="application/xhtml+xml" mode="xml"><div xmlns="http://www.w3.org/1999/xhtml">In <i>line</i></div></content></entry>
                </feed>
                """.utf8))
        #expect(feed.posts[0].title == "A bold title")
        #expect(feed.posts[0].content == "Hello there")
        #expect(feed.posts[0].createdAt == Date(timeIntervalSince1970: 1_073_037_600))
        #expect(feed.posts[1].content == "One & two")
        #expect(feed.posts[2].content == "In line")
    }

    @Test func atomOutOfLineContentLeavesTheSummary() throws {
        let post = try post(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id><title>T</title>
            <summary>The summary.</summary><content src="https://e.org/full.html" type="text/html"/></entry></feed>
            """)
        #expect(post.content == "The summary.")
    }
}
