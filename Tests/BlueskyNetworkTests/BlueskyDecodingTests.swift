import Foundation
import TestSupport
import Testing

@testable import BlueskyNetwork
@testable import FeedCore

/// Bluesky's feeds as the AppView answered them (Fixtures/bluesky, recorded from
/// bsky.social; see SOURCES.md), decoded to rows: authors, text with its facets at UTF-8
/// byte offsets, times, counts, reposts and replies, and each kind of embed.
@Suite struct BlueskyDecodingTests {
    private func recorded(_ name: String) throws -> Feed {
        try FeedDocumentDecoder.decode(try Fixtures.data("bluesky/\(name)"))
    }

    private func date(_ text: String) -> Date? { FeedDate.parse(text) }

    @Test func everyRecordedAnswerDecodesWholeWithItsCursor() throws {
        let answers: [(String, Int, String)] = [
            ("author_feed.json", 50, "2024-03-21T23:36:16.378Z"), ("timeline.json", 49, "2025-05-17T09:25:00.413Z"),
            ("feed.json", 7, "2025-04-21T16:01:54Z"), ("list_feed.json", 10, "2025-05-22T03:45:30.576Z"),
        ]
        for (name, count, cursor) in answers {
            let feed = try recorded(name)
            #expect(feed.posts.count == count, "\(name)")
            #expect(feed.skipped == 0, "\(name): \(feed.firstSkipReason ?? "")")
            #expect(feed.pageCursor == cursor, "\(name)")
            #expect(feed.posts.allSatisfy { $0.network == Bluesky.id }, "\(name)")
            // Named or recognised, the same posts.
            let named = try FeedDocumentDecoder.decode(try Fixtures.data("bluesky/\(name)"), format: .bluesky)
            #expect(named == feed, "\(name)")
        }
    }

    @Test func aPostHasItsAuthorTimeCountsAndAddress() throws {
        let post = try recorded("author_feed.json").posts[0]
        #expect(
            post.author
                == Author(
                    name: "Chris Kenny", handle: "chriskenny.bsky.social",
                    avatarURL:
                        "https://cdn.bsky.app/img/avatar/plain/did:plc:wpe35pganb6d4pg4ekmfy6u5/bafkreibbgv73dk7lk4qrij5xm7vri3m6hfgfxqylxbal6yau7ssieqav3a@jpeg"
                ))
        #expect(post.createdAt == date("2025-05-05T01:30:17.912Z"))
        #expect(post.content.hasPrefix("If you’re running this on GHA, you may now want"))
        #expect(post.url == "https://bsky.app/profile/chriskenny.bsky.social/post/3lof7sovfok2h")
        #expect(post.statusID == "at://did:plc:wpe35pganb6d4pg4ekmfy6u5/app.bsky.feed.post/3lof7sovfok2h")
        #expect(post.record?.cid == "bafyreidgyvluiuegoiwctviyvw3ikiajujmukh2j5f5rc7lr6dam57v2ja")
        #expect((post.likes, post.boosts, post.replies, post.quotes) == (0, 0, 1, 0))
        // A reply says to whom, from the thread the feed gives with it.
        #expect(post.replyTo == "smachlis.bsky.social")
        let counted = try recorded("author_feed.json").posts[4]
        #expect((counted.likes, counted.boosts, counted.replies) == (6, 2, 2))
    }

    @Test func aRepostSaysWhoRepostedAndIsARowOfItsOwn() throws {
        let feed = try recorded("author_feed.json")
        let repost = feed.posts[6]
        #expect(repost.author.handle == "mickael.canouil.fr")
        #expect(repost.author.name == "Mickaël CANOUIL, Ph.D.")
        #expect(repost.boostedBy == "Chris Kenny")
        // In Bluesky's words, as its network's rows speak.
        let words = Bluesky().traits.words
        #expect(
            RowContent(post: repost, now: Fixtures.referenceDate, words: words).meta.contains(
                "↻ reposted by Chris Kenny"))
        #expect(
            RowContent(post: repost, now: Fixtures.referenceDate, inWords: true, words: words).meta.contains(
                " reposted by Chris Kenny"))
        // Its own id; the post reposted keeps its address and its record.
        #expect(repost.id != .string(repost.statusID ?? ""))
        #expect(repost.statusID?.hasPrefix("at://did:plc:") == true)
        #expect(feed.posts.count { $0.boostedBy != nil } == 7)
        #expect(Set(feed.posts.map(\.id)).count == feed.posts.count)
    }

    @Test func facetsAreLinksFoundByTheirUTF8ByteOffsets() throws {
        // "So here’s my @typst.app + @quarto.org …": the ’ before the mentions is three
        // bytes, so byte 56 is the 54th character.
        let post = try recorded("author_feed.json").posts[4]
        #expect(
            post.links.prefix(3) == [
                PostLink(text: "@typst.app", url: "https://bsky.app/profile/did:plc:piqt524vrygsw4abvfzbp4el"),
                PostLink(text: "@quarto.org", url: "https://bsky.app/profile/did:plc:yvu4igag5eha3sbbbx7poz2p"),
                // The text shortens the address; the facet has it whole.
                PostLink(text: "github.com/christopherk...", url: "https://github.com/christopherkenny/harvard-diss"),
            ])
        // An emoji before five tags (ATAT's recorded post): each tag's words exactly.
        let video = try recorded("post_views.json").posts.first { $0.author.handle == "kamhoyung.bsky.social" }
        #expect(video?.links.map(\.text) == ["#swiftUI", "#iOS", "#beginner", "#code", "#keeplearning"])
        #expect(video?.links.first?.url == "https://bsky.app/hashtag/swiftUI")
    }

    /// A post of this text and these facets (each a link to its words), as the AppView
    /// would answer it.
    private func post(text: String, facets: [(Int, Int)]) throws -> Post {
        let facetJSON = facets.map {
            #"{"index":{"byteStart":\#($0.0),"byteEnd":\#($0.1)},"features":[{"$type":"app.bsky.richtext.facet#link","uri":"https://example.org/\#($0.0)"}]}"#
        }
        let text = String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
        let json = """
            {"feed":[{"post":{"uri":"at://did:plc:a/app.bsky.feed.post/1","cid":"c","author":{"did":"did:plc:a","handle":"a.example"},
            "record":{"text":\(text),"createdAt":"2025-01-01T00:00:00Z","facets":[\(facetJSON.joined(separator: ","))]},"likeCount":1}}]}
            """
        return try #require(FeedDocumentDecoder.decode(Data(json.utf8)).posts.first)
    }

    @Test func facetOffsetsCountBytesThroughEmojiCJKAndCombiningMarks() throws {
        let text = "🇵🇱 日本語 cafe\u{301} 👩‍💻 end"
        func range(of words: String) -> (Int, Int) {
            let start = text.utf8.distance(from: text.utf8.startIndex, to: text.range(of: words)!.lowerBound)
            return (start, start + words.utf8.count)
        }
        let found = try post(
            text: text, facets: [range(of: "日本語"), range(of: "cafe\u{301}"), range(of: "👩‍💻"), range(of: "end")])
        // The words as the terminal is given them (the sanitizer draws a joined emoji as
        // its parts), in the text and in the link alike.
        let coder = TextSanitizer.singleLine("👩‍💻")
        #expect(found.links.map(\.text) == ["日本語", "cafe\u{301}", coder, "end"])
        // Shown expanded, each link's number follows its words.
        #expect(
            LinkNumbering.numbered(found.content, links: found.links).text
                == "🇵🇱 日本語[1] cafe\u{301}[2] \(coder)[3] end[4]")
    }

    @Test func aFacetThatSplitsACharacterOrRunsPastTheTextIsLeftOut() throws {
        // 日 and 本 are three bytes each; "cafe" then a combining acute (two bytes) that
        // makes its e an é.
        let text = "日本 cafe\u{301}!"
        let bytes = text.utf8.count
        let found = try post(
            text: text,
            facets: [
                (1, 6),  // starts inside 日's three bytes
                (0, 4),  // ends inside 本
                (7, 11),  // "cafe" without the acute that belongs to its e
                (3, 3),  // empty
                (bytes - 1, bytes + 10),  // past the end
                (-2, 3),  // before the start
                (0, 6),  // 日本: whole characters
                (7, 13),  // "cafe" and its acute: whole
            ])
        #expect(
            found.links == [
                PostLink(text: "日本", url: "https://example.org/0"),
                PostLink(text: "cafe\u{301}", url: "https://example.org/7"),
            ])
        #expect(found.content == text)
    }

    @Test func picturesKeepTheirAltTextAndAspectRatioForTheirCells() throws {
        let post = try recorded("author_feed.json").posts[10]
        let first = try #require(post.attachments.first)
        #expect(first.kind == .image)
        #expect((first.width, first.height) == (842, 474))
        #expect(
            first.url?.hasPrefix("https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:wpe35pganb6d4pg4ekmfy6u5/")
                == true)
        #expect(first.thumbnailURL?.hasPrefix("https://cdn.bsky.app/img/feed_thumbnail/") == true)
        // An empty alt text is no description.
        #expect(first.description == nil)
        let described = try recorded("list_feed.json").posts.flatMap(\.attachments).filter { $0.description != nil }
        #expect(!described.isEmpty)
    }

    @Test func aLinkCardShowsItsTitleDescriptionAndThumbnail() throws {
        let post = try recorded("author_feed.json").posts[4]
        #expect(
            post.content.hasSuffix(
                """
                ↗ GitHub - christopherkenny/harvard-diss: Quarto template for Harvard GSAS dissertations with a Typst backend (github.com)
                  Quarto template for Harvard GSAS dissertations with a Typst backend - christopherkenny/harvard-diss
                """))
        #expect(post.links.last?.url == "https://github.com/christopherkenny/harvard-diss")
        let thumbnail = try #require(post.attachments.first)
        #expect(thumbnail.kind == .image)
        #expect(thumbnail.url?.hasPrefix("https://cdn.bsky.app/img/feed_thumbnail/") == true)
    }

    @Test func aQuotedPostIsDrawnInsideTheRowBehindABar() throws {
        let post = try recorded("author_feed.json").posts[21]
        let quote = post.content.components(separatedBy: "\n\n").last ?? ""
        let lines = quote.split(separator: "\n")
        #expect(lines.first == "│ bskyr R package @bskyr.bsky.social")
        #expect(lines.allSatisfy { $0.hasPrefix("│ ") })
        #expect(lines.count > 2)
        // Its author, its text, then what it carries: its card, and its pictures in words.
        #expect(lines[1].hasPrefix("│ bskyr now supports link cards!"))
        #expect(lines[2].hasPrefix("│ ↗ opengraph + link cards for general embed"))
        #expect(lines.last?.hasPrefix("│ image: opengraph + link cards") == true)
        let video = try recorded("author_feed.json").posts[28].content.components(separatedBy: "\n\n").last ?? ""
        #expect(
            video.split(separator: "\n") == [
                "│ bskyr R package @bskyr.bsky.social", "│ testing sending videos from R",
                "│ video: a carousel of package logos, all hexagonal",
            ])
    }

    /// A quote of a post deleted, blocked, or detached by its author (the AppView's
    /// `viewNotFound`, `viewBlocked`, `viewDetached`, shaped as its lexicon defines them)
    /// says so inside the row.
    @Test func aQuotedPostThatIsGoneSaysWhy() throws {
        func quoting(_ type: String) -> String {
            """
            {"post":{"uri":"at://did:plc:a/app.bsky.feed.post/\(type)","author":{"handle":"a.example"},"record":{"text":"look"},
            "embed":{"$type":"app.bsky.embed.record#view","record":{"$type":"app.bsky.embed.record#\(type)",
            "uri":"at://did:plc:b/app.bsky.feed.post/1","\(type == "viewNotFound" ? "notFound" : type == "viewBlocked" ? "blocked" : "detached")":true}}}}
            """
        }
        let json =
            #"{"feed":["# + ["viewNotFound", "viewBlocked", "viewDetached"].map(quoting).joined(separator: ",") + "]}"
        let posts = try FeedDocumentDecoder.decode(Data(json.utf8)).posts
        #expect(
            posts.map(\.content) == [
                "look\n\n│ Quoted post not found", "look\n\n│ Quoted post blocked",
                "look\n\n│ Quoted post removed by its author",
            ])
    }

    @Test func recordWithMediaHasThePicturesAndTheQuote() throws {
        let post = try recorded("author_feed.json").posts[1]
        #expect(post.attachments.map(\.kind) == [.image])
        #expect((post.attachments.first?.width, post.attachments.first?.height) == (652, 348))
        #expect(post.content.contains("│ CRAN Updates @cranupdates.bsky.social\n│ Updates on CRAN: bskyr (0.3.0)"))
    }

    @Test func aVideoIsItsThumbnailWithItsAltTextAndSize() throws {
        let post = try #require(
            try recorded("post_views.json").posts.first { $0.author.handle == "kamhoyung.bsky.social" })
        let video = try #require(post.attachments.first)
        #expect(video.kind == .video)
        #expect((video.width, video.height) == (1920, 1920))
        #expect(video.thumbnailURL?.hasSuffix("/thumbnail.jpg") == true)
        #expect(video.url?.hasSuffix("/playlist.m3u8") == true)
    }

    /// A post labelled adult or graphic (by a labeler, or by its author in the record: the
    /// shapes of `com.atproto.label.defs`) waits behind its warning, pictures too, as
    /// Bluesky's apps hide it by default; other labels change nothing.
    @Test func aLabelledPostWaitsBehindItsWarning() throws {
        let json = """
            {"feed":[
            {"post":{"uri":"at://did:plc:a/app.bsky.feed.post/1","author":{"handle":"a.example"},"record":{"text":"one"},
             "labels":[{"src":"did:plc:ar7c4by46qjdydhdevvrndac","uri":"at://did:plc:a/app.bsky.feed.post/1","val":"graphic-media","cts":"2025-01-01T00:00:00Z"}],
             "embed":{"$type":"app.bsky.embed.images#view","images":[{"thumb":"https://cdn.example/t","fullsize":"https://cdn.example/f","alt":"x"}]}}},
            {"post":{"uri":"at://did:plc:a/app.bsky.feed.post/2","author":{"handle":"a.example"},
             "record":{"text":"two","labels":{"$type":"com.atproto.label.defs#selfLabels","values":[{"val":"nudity"},{"val":"porn"}]}}}},
            {"post":{"uri":"at://did:plc:a/app.bsky.feed.post/3","author":{"handle":"a.example"},"record":{"text":"three"},
             "labels":[{"val":"!no-unauthenticated"},{"val":"spam"}]}}]}
            """
        let posts = try FeedDocumentDecoder.decode(Data(json.utf8)).posts
        #expect(posts.map(\.title) == ["Labelled: graphic media", "Labelled: nudity, adult content", nil])
        #expect(posts.map(\.hidesContent) == [true, true, false])
        // Collapsed, neither its text nor its picture shows until Enter.
        let row = RowContent(post: posts[0], now: Fixtures.referenceDate, pictures: true)
        #expect(row.body == .text(RowContent.hiddenContent))
        #expect(!row.extras.contains { if case .picture = $0 { true } else { false } })
    }

    /// A quoted record that is not a post says what it is, with its name and its creator:
    /// the starter pack recorded in the bsky-team feed; a feed, a list and a labeler shaped
    /// as their lexicons define their views (none is in the recordings); a kind not known.
    @Test func aQuotedFeedListStarterPackOrLabelerSaysWhatItIs() throws {
        let feed = try recorded("feed.json")
        let starter = try #require(feed.posts.first { $0.content.contains("Starter pack") })
        #expect(
            starter.content.hasSuffix("\n\n│ Starter pack: 🏈 Draft Day on Bluesky by @bsky.app"), "\(starter.content)")
        func quoting(_ record: String) throws -> String {
            let json = """
                {"feed":[{"post":{"uri":"at://did:plc:a/app.bsky.feed.post/1","author":{"handle":"a.example"},
                "record":{"text":"look"},"embed":{"$type":"app.bsky.embed.record#view","record":\(record)}}}]}
                """
            return try #require(try FeedDocumentDecoder.decode(Data(json.utf8)).posts.first).content
        }
        let creator = #""creator":{"did":"did:plc:z72i7hdynmk6r22z27h6tvur","handle":"bsky.app"}"#
        #expect(
            try quoting(#"{"$type":"app.bsky.feed.defs#generatorView","displayName":"Science",\#(creator)}"#)
                == "look\n\n│ Feed: Science by @bsky.app")
        #expect(
            try quoting(
                #"{"$type":"app.bsky.graph.defs#listView","name":"Astronomers","purpose":"app.bsky.graph.defs#curatelist",\#(creator)}"#
            )
                == "look\n\n│ List: Astronomers by @bsky.app")
        #expect(
            try quoting(#"{"$type":"app.bsky.labeler.defs#labelerView",\#(creator)}"#)
                == "look\n\n│ Labeler by @bsky.app")
        #expect(
            try quoting(#"{"$type":"app.bsky.embed.record#viewTelescope"}"#)
                == "look\n\n│ A quoted record of a kind not shown here")
    }

    @Test func unknownEmbedsAndFacetKindsAreSkippedNeverAnError() throws {
        let feed = try recorded("feed.json")
        #expect(feed.skipped == 0)
        let json = """
            {"feed":[{"post":{"uri":"at://did:plc:a/app.bsky.feed.post/1","author":{"handle":"a.example"},
            "record":{"text":"new things","facets":[{"index":{"byteStart":0,"byteEnd":3},"features":[{"$type":"app.bsky.richtext.facet#sparkle"}]}]},
            "embed":{"$type":"app.bsky.embed.hologram#view","beam":{"x":1}}}},
            {"post":{"uri":"at://did:plc:a/app.bsky.feed.post/2","author":{"handle":"a.example"},"record":{"text":"broken images"},
            "embed":{"$type":"app.bsky.embed.images#view","images":"not a list"}}}]}
            """
        let posts = try FeedDocumentDecoder.decode(Data(json.utf8)).posts
        #expect(posts.map(\.content) == ["new things", "broken images"])
        #expect(posts.allSatisfy { $0.links.isEmpty && $0.attachments.isEmpty })
    }

    @Test func aHostilePostShowsSafely() throws {
        let long = String(repeating: "ab界", count: 3_334)
        let text = "\u{1B}]52;c;cm0gLXJmIH4=\u{07}\u{1B}[2J\u{202E}evil\u{202C} \(long)"
        let json = """
            {"feed":[{"post":{"uri":"at://did:plc:a/app.bsky.feed.post/1","cid":"c","author":{"handle":"h\\u001b[31m.example","displayName":"\\u202eEve\\u001b]0;pwned\\u0007"},
            "record":{"text":\(String(decoding: try JSONEncoder().encode(text), as: UTF8.self)),"createdAt":"2025-01-01T00:00:00Z",
            "facets":[{"index":{"byteStart":0,"byteEnd":99999},"features":[{"$type":"app.bsky.richtext.facet#link","uri":"https://example.org/\\u001b[2J"}]}]},
            "embed":{"$type":"app.bsky.embed.external#view","external":{"uri":"https://example.org/","title":"\\u001b[5mblink","description":"x\\u0007"}}}}]}
            """
        let post = try #require(FeedDocumentDecoder.decode(Data(json.utf8)).posts.first)
        SanitizedText.expectSafe(post)
        #expect(post.links.count == 1)  // the card's; the facet past the end is left out
        #expect(post.content.contains(long))
        // Drawn, it fits the screen's cells and sends nothing but text.
        let content = RowContent(post: post, now: Fixtures.referenceDate, expanded: true)
        let layout = RowLayout.make(content, screenWidth: 80, maxContentLines: nil)
        #expect(layout.spans.allSatisfy { SanitizedText.isInert($0.text) })
        #expect(layout.spans.allSatisfy { $0.column + CellWidth.of($0.text) <= 80 })
    }

    @Test func bothFormatsSayWhatTheyExpected() {
        #expect(throws: Failure.self) { try FeedDocumentDecoder.decode(Data("[]".utf8), format: .bluesky) }
        do {
            _ = try FeedDocumentDecoder.decode(Data(#"{"posts":[]}"#.utf8), format: .bluesky)
            Issue.record("an object without feed read as Bluesky")
        } catch {
            #expect(error.message.contains("\"feed\""))
        }
        // An empty page of a feed is a feed of no posts, not an error.
        #expect((try? FeedDocumentDecoder.decode(Data(#"{"feed":[]}"#.utf8)))?.posts == [])
    }
}
