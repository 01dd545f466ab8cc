import Foundation
import TestSupport
import Testing

@testable import FeedCore
@testable import MastodonNetwork

/// Links in a post: read from its HTML (real statuses from fosstodon.org), numbered in the
/// expanded post, listed by `L`, opened by their number, copied by `y`.
@Suite struct LinkTests {
    private static func statuses() throws -> Feed {
        try FeedDocumentDecoder.decode(try Fixtures.data("mastodon-links.json"))
    }

    @Test func linksAreReadFromTheHTMLButMentionsAndHashtags() throws {
        let posts = try Self.statuses().posts
        #expect(posts[0].links.isEmpty, "a mention is no link to read")
        #expect(
            posts[1].links == [
                PostLink(text: "cran.r-project.org/package=fas…", url: "https://cran.r-project.org/package=fastpng")
            ], "the words shown (Mastodon's invisible parts dropped), not the hashtag's")
        #expect(posts[2].links == [PostLink(text: "r-universe.dev/scores", url: "https://r-universe.dev/scores")])
        let (text, links) = HTMLText.read(
            #"<p>See <a href="https://a.example/x?a=1&amp;b=2">the  <b>docs</b></a>, <a href="/relative">here</a> "#
                + #"and <a href="javascript:alert(1)">this</a>; <a href="http://b.example">b</a></p>"#)
        #expect(text == "See the  docs, here and this; b")
        // A hashtag in the markup of servers that class it so alone (not "mention hashtag").
        #expect(HTMLText.read(#"<a href="https://e.org/tags/swift" class="hashtag">#swift</a>"#).links.isEmpty)
        #expect(
            links == [
                PostLink(text: "the  docs", url: "https://a.example/x?a=1&b=2"),
                PostLink(text: "b", url: "http://b.example"),
            ], "http and https only, entities decoded, the words as the text has them")
    }

    @Test func numbersFollowEachLinksWordsInOrder() {
        let links = [
            PostLink(text: "Jacques Distler", url: "https://a.example/1"),
            PostLink(text: "here", url: "https://a.example/2"),
            PostLink(text: "here", url: "https://a.example/3"),
            PostLink(text: "gone", url: "https://a.example/4"),
        ]
        let (text, marked) = LinkNumbering.numbered("By Jacques Distler: here, and here again.", links: links)
        #expect(text == "By Jacques Distler[1]: here[2], and here[3] again. [4]")
        #expect(marked == ["Jacques Distler[1]", "here[2]", "here[3]", "[4]"])
        #expect(LinkNumbering.numbered("plain", links: []) == ("plain", []))
    }

    private static func loaded() throws -> AppState {
        var state = AppState(source: "fosstodon", animation: .slide, size: TerminalSize(width: 80, height: 24))
        _ = state.apply(.start)
        _ = state.apply(.loaded(try statuses(), generation: 1, at: Fixtures.referenceDate))
        return state
    }

    @Test func anExpandedPostNumbersItsLinks() throws {
        var state = try Self.loaded()
        _ = state.apply(.key(.character("j")))
        let collapsed = FeedRenderer.render(state.advanced(to: .seconds(1)))
        #expect(!collapsed.lines.joined().contains("[1]"), "collapsed, no numbers")
        _ = state.apply(.key(.enter))
        let frame = FeedRenderer.render(state.advanced(to: .seconds(2)))
        let line = try #require(frame.lines.firstIndex { $0.contains("cran.r-project.org/package=fas…[1]") })
        let start = try #require(frame.lines[line].firstRange(of: "cran"))
        let column = CellWidth.of(String(frame.lines[line][..<start.lowerBound]))
        let inks = (column..<(column + CellWidth.of("cran.r-project.org/package=fas…[1]"))).map {
            frame[line, $0].style.ink
        }
        #expect(inks.allSatisfy { $0 == .link }, "the link's words and number in the link's colour")
        #expect(frame[line, column - 1].style.ink != .link)
    }

    @Test func theLinksListOpensByNumberAndCopies() throws {
        var state = try Self.loaded()
        _ = state.apply(.key(.character("j")))
        _ = state.apply(.key(.character("L")))
        let list = try #require(state.views.top as? LinksView)
        #expect(
            list.entries.map(\.url) == [
                "https://cran.r-project.org/package=fastpng",
                "https://fosstodon.org/@coolbutuseless/113086666078279943",
            ], "its link, then the post's own address")
        let frame = FeedRenderer.render(state.advanced(to: .seconds(1))).lines
        // Each link's words on its number's line, its address on the line under them.
        let words = try #require(
            frame.firstIndex { $0.contains("1  ") && $0.contains("cran.r-project.org/package=fas…") })
        #expect(frame[words + 1].contains("https://cran.r-project.org/package=fastpng"))
        #expect(frame[words + 3].contains("2  ") && frame[words + 4].contains("https://fosstodon.org/@coolbutuseless"))
        #expect(frame.last?.contains("Links · 2") == true)
        #expect(
            state.apply(.key(.character("2"))) == [
                .openLink("https://fosstodon.org/@coolbutuseless/113086666078279943")
            ])
        #expect(state.apply(.key(.character("7"))).isEmpty, "no seventh link")
        #expect(state.apply(.key(.character("1"))) == [.openLink("https://cran.r-project.org/package=fastpng")])
        _ = state.apply(.key(.character("k")))
        #expect(state.apply(.key(.character("y"))) == [.copyToClipboard("https://cran.r-project.org/package=fastpng")])
        #expect(state.apply(.key(.enter)) == [.openLink("https://cran.r-project.org/package=fastpng")])
        _ = state.apply(.key(.escape))
        #expect(state.views.top == nil)
        #expect(
            state.apply(.key(.character("y"))) == [
                .copyToClipboard("https://fosstodon.org/@coolbutuseless/113086666078279943")
            ],
            "on the timeline, the post's own link")
    }
}
