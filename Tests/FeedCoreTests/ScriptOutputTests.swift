import FeedCommandLine
import Foundation
import Testing

@testable import FeedCore

/// What the commands for scripts print: `print`'s lines and JSON Lines, `export opml`'s
/// document, and how the command line names them.
@Suite struct ScriptOutputTests {
    private func post() -> Post {
        var post = Post(
            id: .string("a-1"), author: Author(name: "Ada Park", handle: "ada@social.example"),
            title: "Shipping", content: "One layout\nfunction.", likes: 3,
            createdAt: Date(timeIntervalSince1970: 1_796_000_000), url: "https://e.org/1")
        post.links = [PostLink(text: "docs", url: "https://e.org/docs")]
        post.tag(with: PostSource(index: 2, name: "Blog"))
        return post
    }

    @Test func aLineIsTabSeparatedFields() {
        let line = TimelinePrint.line(.init(post: post(), source: "Blog", unread: true))
        #expect(line == "2026-11-30T00:53:20Z\tBlog\tAda Park\tShipping\thttps://e.org/1")
        var untitled = post()
        untitled.title = nil
        untitled.url = nil
        untitled.createdAt = nil
        #expect(
            TimelinePrint.line(.init(post: untitled, source: "Blog\tX", unread: false))
                == "\tBlog X\tAda Park\tOne layout\t", "the text's first line stands for the title")
    }

    @Test func aJSONLineHoldsEveryField() throws {
        let line = TimelinePrint.json(.init(post: post(), source: "Blog", unread: true))
        #expect(!line.contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["id"] as? String == "a-1", "the post's own id, not the view's tag")
        #expect(object["source"] as? String == "Blog" && object["author"] as? String == "Ada Park")
        #expect(object["handle"] as? String == "ada@social.example" && object["title"] as? String == "Shipping")
        #expect(object["text"] as? String == "One layout\nfunction." && object["link"] as? String == "https://e.org/1")
        #expect(object["time"] as? String == "2026-11-30T00:53:20Z" && object["unread"] as? Bool == true)
        #expect(object["likes"] as? Int == 3 && object["links"] as? [String] == ["https://e.org/docs"])
        var bare = post()
        (bare.title, bare.url, bare.createdAt, bare.likes, bare.author.handle) = (nil, nil, nil, nil, nil)
        let nulls = TimelinePrint.json(.init(post: bare, source: "Blog", unread: false))
        for key in ["title", "link", "time", "likes", "handle"] {
            #expect(nulls.contains("\"\(key)\":null"), "every key in every line: \(key)")
        }
    }

    @Test func opmlIsEscapedAndDated() {
        let document = OPMLExport.document(
            [OPMLExport.Feed(url: "https://e.org/feed?a=1&b=2", title: "Tom & \"Jerry\" <3")],
            created: Date(timeIntervalSince1970: 1_796_000_000))
        #expect(document.contains(#"text="Tom &amp; &quot;Jerry&quot; &lt;3""#))
        #expect(document.contains(#"xmlUrl="https://e.org/feed?a=1&amp;b=2""#))
        #expect(document.contains("<dateCreated>Mon, 30 Nov 2026 00:53:20 GMT</dateCreated>"))
        #expect(OPMLExport.rfc822(Date(timeIntervalSince1970: 951_782_400)) == "Tue, 29 Feb 2000 00:00:00 GMT")
        #expect(OPMLExport.rfc822(Date(timeIntervalSince1970: 0)) == "Thu, 01 Jan 1970 00:00:00 GMT")
        // Either side of an era's start (the proleptic calendar's 1 March of year 0): the
        // algorithm's branch for days before it.
        #expect(OPMLExport.rfc822(Date(timeIntervalSince1970: -62_162_035_200)) == "Wed, 01 Mar 0 00:00:00 GMT")
        #expect(OPMLExport.rfc822(Date(timeIntervalSince1970: -62_162_121_600)) == "Tue, 29 Feb 0 00:00:00 GMT")
    }

    @Test func theCommandsAreWords() throws {
        #expect(try CommandLineOptions.parse(["reload"]).action == .script(.reload))
        #expect(try CommandLineOptions.parse(["unread", "--store", "/s"]).action == .script(.unread))
        #expect(try CommandLineOptions.parse(["print"]).action == .script(.print(format: nil, unreadOnly: false)))
        let both = try CommandLineOptions.parse(["print", "--unread", "--json", "feed.xml"])
        #expect(both.action == .script(.print(format: .json, unreadOnly: true)) && both.sources == ["feed.xml"])
        #expect(try CommandLineOptions.parse(["export", "opml"]).action == .script(.exportOPML))
        #expect(throws: CommandLineOptions.ParseError.self) { try CommandLineOptions.parse(["export", "json"]) }
        #expect(try CommandLineOptions.parse(["./print"]).sources == ["./print"], "a file named print, by its path")
    }
}
