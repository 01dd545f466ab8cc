import FeedCore
import Foundation
import TestSupport
import Testing

@testable import FeedXML

/// RSS 2.0, RSS 1.0 and Atom, from fixtures written to their specifications.
@Suite struct XMLFeedTests {
    private func feed(_ name: String) throws -> Feed {
        try XMLFeedDecoder.decode(Data(contentsOf: FeedServer.fixtures.appendingPathComponent("xml/\(name)")))
    }

    private func seconds(_ date: Date?) -> TimeInterval? { date?.timeIntervalSince1970 }

    @Test func rss2() throws {
        let feed = try feed("rss2.xml")
        #expect(feed.title == "Liftoff News")
        #expect(feed.posts.count == 5)
        #expect(feed.skipped == 1)
        #expect(feed.firstSkipReason == "post 6: an item with nothing to show")
        let star = feed.posts[0]
        #expect(star.id == .string("http://liftoff.msfc.nasa.gov/2003/06/03.html#item573"))
        #expect(star.author.name == "Ellen Expert")
        #expect(star.title == "Star City")
        #expect(star.content.hasSuffix("at Russia's Star City."), "the description's HTML as text")
        #expect(star.url == "http://liftoff.msfc.nasa.gov/news/2003/news-starcity.asp")
        #expect(seconds(star.createdAt) == 1_054_633_161)
        #expect(star.likes == nil, "RSS counts no likes")
        // A guid that is not a permalink: the id, but not the link.
        #expect(feed.posts[1].id == .string("item572"))
        #expect(feed.posts[1].url == nil)
        // content:encoded before the description; dc:creator and dc:date.
        #expect(
            feed.posts[2].content
                == "Before man travels to Mars, NASA hopes to design new engines.\n\nSecond paragraph.")
        #expect(feed.posts[2].author.name == "Dana Writer")
        #expect(seconds(feed.posts[2].createdAt) == 1_054_024_652)
        #expect(feed.posts[3].author.name == "Podcast Host")
        #expect(feed.posts[3].id == .string("http://liftoff.msfc.nasa.gov/episode"), "no guid: the link")
        // Neither a guid nor a link: known by a digest of what it says, the same each time.
        let titleOnly = feed.posts[4]
        #expect(titleOnly.title == "Nothing to know it by")
        #expect(titleOnly.id.description.hasPrefix("digest:"))
        #expect(try self.feed("rss2.xml").posts[4].id == titleOnly.id)
    }

    @Test func dublinCoreStandsInForEachMissingCoreElement() throws {
        let feed = try feed("rss2-dublin-core.xml")
        #expect(feed.posts.count == 4 && feed.skipped == 0, "no item dropped as having nothing to show")
        let byID = Dictionary(uniqueKeysWithValues: feed.posts.map { ($0.id.description, $0) })
        #expect(byID["only-dc-title"]?.title == "Bell ringing practice moves to Thursday")
        #expect(byID["only-dc-description"]?.content == "The hall is closed for repairs this week.", "HTML, as RSS's")
        let supper = try #require(byID["dc-creator-and-date"])
        #expect(supper.author.name == "Margaret Hale")
        #expect(seconds(supper.createdAt) == 1_795_890_600)
        // Both given, the Dublin Core ones first: the core elements win.
        let both = try #require(byID["core-wins"])
        #expect(both.title == "The core title")
        #expect(both.content == "The core description.")
        #expect(both.author.name == "The Vicar")
        #expect(seconds(both.createdAt) == 1_795_946_400)
    }

    /// A podcast whose episodes all link to the show's page, each with its own guid: three
    /// posts, in the decoder and in the view.
    @Test func episodesThatShareTheShowsLinkAreEachAPost() throws {
        let feed = try feed("podcast-shared-link.xml")
        #expect(feed.posts.map(\.id.description) == ["nightshift-ep-3", "nightshift-ep-2", "nightshift-ep-1"])
        #expect(Set(feed.posts.map(\.url)) == ["https://nightshift.example/"])
        var state = AppState(source: "podcast.xml", animation: .slide, size: TerminalSize(width: 80, height: 24))
        _ = state.apply(.start)
        _ = state.apply(.loaded(feed, generation: 1, at: Date(timeIntervalSince1970: 1_796_400_000)))
        #expect(state.feed?.posts.map(\.title) == ["Episode 3: Sleep", "Episode 2: Coffee", "Episode 1: Dawn"])
    }

    @Test func atom() throws {
        let feed = try feed("atom.xml")
        #expect(feed.title == "dive into mark")
        #expect(feed.nextPage == "http://example.org/feed.atom?page=2")
        let first = feed.posts[0]
        #expect(first.id == .string("tag:example.org,2003:3.2397"))
        #expect(first.author.name == "Sam Ruby")
        #expect(first.content == "[Update: The Atom draft is finished.]", "XHTML content as its text")
        #expect(first.url == "http://example.org/2005/04/02/atom", "the alternate link, not the enclosure")
        #expect(seconds(first.createdAt) == 1_071_318_569, "published before updated")
        let second = feed.posts[1]
        #expect(second.title == "Escaped HTML title")
        #expect(second.content == "Only a summary & no content.")
        #expect(second.author.name == "Mark Pilgrim", "the feed's author")
        #expect(seconds(second.createdAt) == 1_122_890_400, "updated, when nothing was published")
    }

    /// Blogger lists an entry's other links before its page: the page (`rel="alternate"`,
    /// or no `rel`) is the link, wherever it stands, and two sources' copies of the entry
    /// are one post.
    @Test(arguments: [
        ["self", "edit", "replies", "alternate"], ["replies", "edit", nil, "self"], ["alternate", "self"],
    ])
    func anEntrysPageIsItsAlternateLinkInAnyOrder(relations: [String?]) throws {
        let links = relations.map { relation -> String in
            let href =
                relation == "alternate" || relation == nil
                ? "https://blog.example/2026/11/post.html" : "https://blog.example/feeds/\(relation!)"
            return "<link \(relation.map { "rel=\"\($0)\" " } ?? "")type=\"text/html\" href=\"\(href)\"/>"
        }.joined()
        let xml = """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>Blog</title>
            <entry><id>tag:blogger.com,1999:post-1</id><title>Post</title><updated>2026-11-30T10:00:00Z</updated>
            \(links)<content type="text">Text</content></entry></feed>
            """
        let post = try #require(try XMLFeedDecoder.decode(Data(xml.utf8)).posts.first)
        #expect(post.url == "https://blog.example/2026/11/post.html")
        // Through two sources, it is one post: the merge knows it by that link.
        var other = post
        other.id = .string("another-id")
        #expect(TimelineMerge.key(post) == TimelineMerge.key(other))
    }

    /// Characters beyond the Basic Multilingual Plane by number (hex and decimal), and
    /// HTML's named ones, as WordPress writes them: in the XML itself, and escaped inside
    /// the HTML of a description.
    @Test func longCharacterReferencesBecomeTheirCharacters() throws {
        let xml = """
            <?xml version="1.0"?><rss version="2.0"><channel><title>Blog</title>
            <item><guid>1</guid><title>Smile &#x1F600; &#128512; and wait&hellip;</title>
            <description>&lt;p&gt;Grin &amp;#x1F600; &amp;#128512; &amp;hellip; &amp;mdash; done&lt;/p&gt;</description>
            </item></channel></rss>
            """
        let post = try #require(try XMLFeedDecoder.decode(Data(xml.utf8)).posts.first)
        #expect(post.title == "Smile 😀 😀 and wait…")
        #expect(post.content == "Grin 😀 😀 … — done")
    }

    @Test func rss1() throws {
        let feed = try feed("rss1.rdf")
        #expect(feed.title == "XML.com")
        #expect(feed.posts.count == 1)
        #expect(feed.posts[0].author.name == "Bob DuCharme")
        #expect(feed.posts[0].title == "Processing Inclusions with XSLT")
        #expect(seconds(feed.posts[0].createdAt) == 965_822_400)
    }

    @Test func detection() {
        #expect(XMLFeedDecoder.looksLikeXML(Data("\u{FEFF}  <?xml version=\"1.0\"?><rss/>".utf8)))
        #expect(XMLFeedDecoder.looksLikeXML(Data("\n<!-- a comment --><feed/>".utf8)))
        #expect(!XMLFeedDecoder.looksLikeXML(Data(" {\"posts\":[]}".utf8)))
        #expect(XMLFeedDecoder.looksLikeXML(Data([0xFF, 0xFE, 0x3C, 0x00])))
    }
}

/// How often a feed says to ask it: RSS `ttl` in minutes, the syndication module's period
/// over its frequency, the longer of the two where both are given.
@Suite struct RefreshHintTests {
    private func floor(_ channel: String, namespaces: String = "") throws -> Duration? {
        try XMLFeedDecoder.decode(
            Data(
                "<rss version=\"2.0\" \(namespaces)><channel><title>T</title>\(channel)<item><guid>1</guid><title>a</title></item></channel></rss>"
                    .utf8)
        ).refreshFloor
    }

    private let sy = "xmlns:sy=\"http://purl.org/rss/1.0/modules/syndication/\""

    @Test func ttlAndTheSyndicationModule() throws {
        #expect(try floor("<ttl>60</ttl>") == .seconds(3600))
        #expect(try floor("<ttl>0</ttl>") == nil && floor("<ttl>soon</ttl>") == nil && floor("") == nil)
        #expect(
            try floor(
                "<sy:updatePeriod>hourly</sy:updatePeriod><sy:updateFrequency>2</sy:updateFrequency>", namespaces: sy)
                == .seconds(1800))
        #expect(try floor("<sy:updatePeriod>daily</sy:updatePeriod>", namespaces: sy) == .seconds(86_400))
        #expect(
            try floor("<sy:updateFrequency>4</sy:updateFrequency>", namespaces: sy) == .seconds(21_600),
            "daily when no period")
        #expect(
            try floor("<ttl>30</ttl><sy:updatePeriod>hourly</sy:updatePeriod>", namespaces: sy) == .seconds(3600),
            "the longer")
        #expect(try floor("<x:updatePeriod>weekly</x:updatePeriod>", namespaces: "xmlns:x=\"urn:other\"") == nil)
    }
}

/// What hostile or sloppy XML does: never reads a file or the network, never expands
/// entities, stops deep nesting at once, and still reads what other readers read.
@Suite struct HostileXMLTests {
    private func decode(_ text: String) throws(Failure) -> Feed {
        try XMLFeedDecoder.decode(Data(text.utf8))
    }

    @Test func anExternalEntityIsNeverRead() throws {
        let feed = try decode(
            #"<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>"#
                + "<rss><channel><item><guid>1</guid><title>a&xxe;b</title></item></channel></rss>")
        #expect(feed.posts.count == 1)
        #expect(!(feed.posts[0].title ?? "").contains("root:"))
    }

    @Test func aBillionLaughsStaysAFewWords() throws {
        var declarations = #"<!ENTITY l0 "lol">"#
        for level in 1...9 {
            declarations += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">"
        }
        let clock = ContinuousClock()
        let start = clock.now
        let feed = try decode(
            "<?xml version=\"1.0\"?><!DOCTYPE r [\(declarations)]>"
                + "<rss><channel><item><guid>1</guid><title>&l9;</title></item></channel></rss>")
        #expect(clock.now - start < .seconds(1))
        #expect((feed.posts.first?.title ?? "").count < 100)
    }

    @Test func deepNestingIsAClearError() {
        let deep =
            "<rss><channel><item><guid>1</guid><description>" + String(repeating: "<a>", count: 100_000) + "x"
            + String(repeating: "</a>", count: 100_000) + "</description></item></channel></rss>"
        #expect(throws: Failure.tooDeep(depth: 65, limit: 64)) { try decode(deep) }
    }

    @Test func sloppyFeedsStillRead() throws {
        // An unescaped &, HTML entities XML does not know, no closing tags at the end.
        let feed = try decode(
            "<rss><channel><title>R&D &amp; more</title><item><guid>1</guid><title>a&nbsp;b &eacute; &bogus;</title></item>"
        )
        #expect(feed.title == "R&D & more")
        #expect(feed.posts.first?.title == "a b é &bogus;", "one-line fields fold the no-break space")
        // What is read stands, and the status line can say where the document stopped.
        #expect(feed.cutShort == "the document ends inside <channel>")
        #expect(try decode("<rss><channel><item><guid>1</guid><title>t</title></item></channel></rss>").cutShort == nil)
        let cut = try decode(
            "<rss><channel><item><guid>1</guid><title>t</title></item><item><guid>2</guid><title>Two</title><description>Half a de"
        )
        #expect(cut.posts.map(\.id) == [.string("1"), .string("2")])
        #expect(cut.cutShort == "the document ends inside <description>")
    }

    @Test func encodingsFromTheDeclaration() throws {
        let latin1 =
            Data("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><rss><channel><item><guid>1</guid><title>Caf".utf8)
            + Data([0xE9]) + Data("</title></item></channel></rss>".utf8)
        #expect(try XMLFeedDecoder.decode(latin1).posts.first?.title == "Café")
        let windows =
            Data("<?xml version=\"1.0\" encoding=\"windows-1252\"?><rss><channel><item><guid>1</guid><title>".utf8)
            + Data([0x93, 0x71, 0x94, 0x20, 0x80]) + Data("</title></item></channel></rss>".utf8)
        #expect(try XMLFeedDecoder.decode(windows).posts.first?.title == "“q” €")
        var utf16 = Data([0xFF, 0xFE])
        for unit in "<rss><channel><item><guid>1</guid><title>한글</title></item></channel></rss>".utf16 {
            utf16.append(UInt8(unit & 0xFF))
            utf16.append(UInt8(unit >> 8))
        }
        #expect(try XMLFeedDecoder.decode(utf16).posts.first?.title == "한글")
    }

    @Test func notAFeedSaysSo() {
        #expect(throws: Failure.unexpectedShape("XML of no known feed shape: expected <rss>, <feed> or <rdf:RDF>")) {
            try decode("<html><body>not a feed</body></html>")
        }
        #expect(throws: Failure.self) { try decode("<<<>>>") }
    }

    @Test func controlCharactersAndEscapesNeverReachThePosts() throws {
        let feed = try decode(
            "<rss><channel><item><guid>1</guid><title>a&#x1b;]0;PWNED&#x07;b</title><description>&lt;p&gt;x&#x9b;2Jy&lt;/p&gt;</description></item></channel></rss>"
        )
        let post = try #require(feed.posts.first)
        #expect(!(post.title ?? "").unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(!post.content.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }
}

/// `export opml` read back by our own OPML reader: the same feeds, titles and all.
@Suite struct OPMLExportTests {
    @Test func anExportReadsBackAsTheSameFeeds() throws {
        let feeds = [
            OPMLExport.Feed(url: "https://blog.example/feed.xml?x=1&y=2", title: "The <blog> & co"),
            OPMLExport.Feed(url: "https://news.example/atom.xml", title: nil),
        ]
        let document = OPMLExport.document(feeds, created: Date(timeIntervalSince1970: 1_796_000_000))
        let read = try OPMLDocument.feeds(Data(document.utf8))
        #expect(read.map(\.url) == feeds.map(\.url))
        #expect(read.map(\.title) == ["The <blog> & co", "https://news.example/atom.xml"])
    }

    /// Tags are folders, nested by `/`; a feed of two tags is in both, and reads back as
    /// one feed with both.
    @Test func tagsAreWrittenAsFoldersAndReadBackAsTags() throws {
        let feeds = [
            OPMLExport.Feed(url: "https://swift.example/feed.xml", title: "Swift", tags: ["tech/swift", "linux"]),
            OPMLExport.Feed(url: "https://loose.example/rss", title: "Loose"),
            OPMLExport.Feed(url: "https://lwn.example/rss", title: "LWN", tags: ["tech", "open & source"]),
        ]
        let document = OPMLExport.document(feeds, created: Date(timeIntervalSince1970: 1_796_000_000))
        #expect(
            document.contains(
                """
                    <outline text="tech" title="tech">
                      <outline text="swift" title="swift">
                        <outline type="rss" text="Swift" title="Swift" xmlUrl="https://swift.example/feed.xml"/>
                      </outline>
                      <outline type="rss" text="LWN" title="LWN" xmlUrl="https://lwn.example/rss"/>
                    </outline>
                """), "\(document)")
        #expect(document.contains(#"<outline text="open &amp; source" title="open &amp; source">"#))
        // Feeds with no tag come after the folders.
        let loose = try #require(document.range(of: "loose.example"))
        #expect(document[loose.upperBound...].contains("<outline text=") == false)
        let read = try OPMLDocument.feeds(Data(document.utf8))
        #expect(
            read.map(\.url) == [
                "https://swift.example/feed.xml", "https://lwn.example/rss", "https://loose.example/rss",
            ])
        #expect(read.map(\.tags) == [["tech/swift", "linux"], ["tech", "open & source"], []])
    }
}

/// An OPML file's folders, as other readers export them, are its feeds' tags.
@Suite struct OPMLFolderTests {
    @Test func nestedFoldersAreTagsAndAFeedInTwoIsOneFeed() throws {
        let read = try OPMLDocument.feeds(
            Data(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <opml version="2.0"><head><title>Feeds</title></head><body>
                <outline text="Tech" title="Tech">
                  <outline title="Swift" text="ignored">
                    <outline type="rss" text="Swift blog" xmlUrl="https://swift.example/feed.xml"/>
                  </outline>
                  <outline text="Empty folder"/>
                  <outline text="Also empty"></outline>
                  <outline type="rss" text="LWN" xmlUrl="https://lwn.example/rss"/>
                </outline>
                <outline type="rss" text="Loose" xmlUrl="https://loose.example/rss"/>
                <outline text="open source"><outline type="rss" text="LWN again" xmlUrl="https://lwn.example/rss"/></outline>
                <outline text=""><outline type="rss" text="Nameless folder" xmlUrl="https://nameless.example/rss"/></outline>
                </body></opml>
                """.utf8))
        #expect(
            read == [
                .init(url: "https://swift.example/feed.xml", title: "Swift blog", tags: ["Tech/Swift"]),
                .init(url: "https://lwn.example/rss", title: "LWN", tags: ["Tech", "open source"]),
                .init(url: "https://loose.example/rss", title: "Loose"),
                .init(url: "https://nameless.example/rss", title: "Nameless folder"),
            ])
    }

    /// Only an outline is a folder: another element with a title (an exporter's own
    /// wrapper, OPML's body given one) names no tag.
    @Test func onlyOutlinesAreFolders() throws {
        let read = try OPMLDocument.feeds(
            Data(
                """
                <opml version="2.0" title="Mine"><body title="Subscriptions">
                <group text="Reader's own"><outline type="rss" text="Loose" xmlUrl="https://loose.example/rss"/></group>
                <outline text="Tech"><outline type="rss" text="LWN" xmlUrl="https://lwn.example/rss"/></outline>
                </body></opml>
                """.utf8))
        #expect(
            read == [
                .init(url: "https://loose.example/rss", title: "Loose"),
                .init(url: "https://lwn.example/rss", title: "LWN", tags: ["Tech"]),
            ])
    }
}
