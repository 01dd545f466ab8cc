import Foundation
import TestSupport
import Testing

@testable import FeedCore
@testable import FeedTransport

/// RSS and Atom come through the same loader as JSON, found by their shape.
@Suite struct XMLSourceTests {
    private func fixture(_ name: String) -> String {
        FeedServer.fixtures.appendingPathComponent("xml/\(name)").path
    }

    @Test func anRSSFileLoadsByItsShape() async throws {
        let feed = try await documentLoader(.file(fixture("rss2.xml"))).load { _, _, _ in }
        #expect(feed.title == "Liftoff News")
        #expect(feed.posts.count == 5)
    }

    @Test func anAtomFileLoadsWithItsFormatNamed() async throws {
        let feed = try await documentLoader(.file(fixture("atom.xml")), format: .atom).load { _, _, _ in }
        #expect(feed.posts.first?.author.name == "Sam Ruby")
    }

    @Test func xmlFormatsRefuseJSON() async throws {
        let json = FeedServer.fixtures.appendingPathComponent("small-feed.json").path
        await #expect(throws: Failure.unexpectedShape("--format rss reads XML; this document is not XML")) {
            try await documentLoader(.file(json), format: .rss).load { _, _, _ in }
        }
    }

    private func load(_ path: String, from server: FeedServer) async throws -> Feed {
        try await documentLoader(.url(server.url(path))).load { _, _, _ in }
    }

    @Test func feedsOverHTTPAreReadByShapeWhateverTheirContentType() async throws {
        let server = try FeedServer()
        #expect(try await load("/rss", from: server).title == "Liftoff News")
        #expect(try await load("/atom", from: server).posts.first?.author.name == "Sam Ruby")
        // A feed a server calls a web page is still read: its shape decides.
        #expect(try await load("/rss-as-html", from: server).posts.count == 5)
    }

    /// The HTTP charset decides the encoding; links resolve against where the document was
    /// after its redirect; a post with no author anywhere is the feed's.
    @Test func theResponseGivesTheEncodingAndTheBaseOfLinks() async throws {
        let server = try FeedServer()
        #expect(try await load("/latin1", from: server).posts.first?.title == "Crème brûlée à volonté")
        #expect(try await load("/koi8-r", from: server).posts.first?.title == "Привет")
        let moved = try await load("/moved/relative", from: server)
        let post = try #require(moved.posts.first)
        #expect(post.url == server.url("/en/news/detail/42").absoluteString)
        #expect(post.attachments.first?.url == server.url("/news/images/42.jpg").absoluteString)
        #expect(post.author.name == "CERN-style news")
    }

    /// A feed with no title and posts with no author: the source's name stands in.
    @Test func postsOfAFeedWithNoNameTakeTheSources() async throws {
        let folder = try ScratchFolder.make("mapped-untitled")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("untitled.xml")
        try Data("<rss><channel><item><title>Anonymous</title></item></channel></rss>".utf8).write(to: file)
        let feed = try await documentLoader(.file(file.path)).load { _, _, _ in }
        #expect(feed.posts.first?.author.name == "untitled.xml")
    }

    /// The same in the feed so far that a long document's progress hands on: its first
    /// rows show no "?" while the rest decode.
    @Test func postsShownBeforeTheDocumentsEndTakeTheSourcesNameToo() async throws {
        let folder = try ScratchFolder.make("mapped-untitled-progress")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("untitled.json")
        let count = FeedDocumentDecoder.firstBatch + 50
        let items = (1...count).map { #"{"id":"\#($0)","content_text":"Post \#($0)"}"# }
        try Data(#"{"version":"https://jsonfeed.org/version/1.1","items":[\#(items.joined(separator: ","))]}"#.utf8)
            .write(to: file)
        let authors = Told<[String]>()
        let feed = try await documentLoader(.file(file.path)).load { partial, _, _ in
            authors.append(partial.posts.map(\.author.name))
        }
        #expect(feed.posts.count == count && feed.posts.allSatisfy { $0.author.name == "untitled.json" })
        let first = try #require(authors.all.first, "a progress before the end")
        #expect(first.count == FeedDocumentDecoder.firstBatch && first.allSatisfy { $0 == "untitled.json" })
    }

    @Test func xmlTheServerCallsXMLIsReadPastStrayBytesBeforeIt() async throws {
        let server = try FeedServer()
        #expect(try await load("/rss-after-junk", from: server).posts.count == 5)
        // Without the header saying XML, the same body is not taken for a feed.
        await #expect(throws: Failure.notAFeedBody(preview: "Warning: cache is full …")) {
            try await load("/rss-after-junk?type=text/plain", from: server)
        }
    }

    @Test func theRequestAsksForTheXMLFormatsToo() async throws {
        let server = try FeedServer()
        let accept = try #require(try await load("/accept", from: server).title)
        #expect(accept.contains("application/atom+xml") && accept.contains("application/rss+xml"))
        #expect(accept.hasPrefix("application/feed+json"))
    }
}
