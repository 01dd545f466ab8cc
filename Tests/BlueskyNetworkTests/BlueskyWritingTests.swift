import Foundation
import Testing

@testable import BlueskyNetwork

/// What the reader writes on Bluesky, as records: facets at UTF-8 byte ranges (where text
/// before them that is not ASCII makes bytes and characters differ), the post's limits
/// counted as Bluesky counts them, and every record checked against its lexicon.
@Suite struct BlueskyWritingTests {
    typealias Found = BlueskyRichText.Found

    /// The text a found span covers, read back from its bytes.
    private func covered(_ found: Found, in text: String) -> String? {
        String(validating: Array(text.utf8)[found.byteStart..<found.byteEnd], as: UTF8.self)
    }

    @Test func asciiMentionLinkAndTagAtTheirBytes() {
        let text = "hi @alice.bsky.social see https://example.com/x. #swift!"
        #expect(
            BlueskyRichText.find(in: text) == [
                Found(byteStart: 3, byteEnd: 21, kind: .mention(handle: "alice.bsky.social")),
                Found(byteStart: 26, byteEnd: 47, kind: .link(uri: "https://example.com/x")),
                Found(byteStart: 49, byteEnd: 55, kind: .tag("swift")),
            ])
    }

    /// Accents, emoji (one of them four scalars joined) and CJK before a facet: its byte
    /// offsets are not its character offsets.
    @Test(arguments: [
        ("café @bob.test", 6, 15, "@bob.test"),
        ("🎉🎉 #party", 9, 15, "#party"),
        ("👨‍👩‍👧 #family", 19, 26, "#family"),
        ("日本語 example.com", 10, 21, "example.com"),
        ("Ünïcödé, then see bsky.app", 22, 30, "bsky.app"),
    ])
    func offsetsAreBytesNotCharacters(text: String, start: Int, end: Int, words: String) throws {
        let found = try #require(BlueskyRichText.find(in: text).first)
        #expect(found.byteStart == start && found.byteEnd == end, "\(found)")
        #expect(covered(found, in: text) == words)
        #expect(text.distance(from: text.startIndex, to: text.firstRange(of: words)!.lowerBound) < start)
    }

    @Test func aLinkAtTheVeryEndEndsWithTheText() throws {
        let text = "read it at bsky.app"
        let found = try #require(BlueskyRichText.find(in: text).first)
        #expect(found == Found(byteStart: 11, byteEnd: text.utf8.count, kind: .link(uri: "https://bsky.app")))
    }

    /// What is not a facet: a handle inside a word, abbreviations, a tag of digits or an
    /// emoji keycap, a file name whose ending is no domain; a sentence's punctuation and an
    /// unopened parenthesis stay out of a link, a parenthesis the link opened stays in.
    @Test func whatIsNotAFacetAndWhatEndsOne() {
        #expect(BlueskyRichText.find(in: "mail me at ada@example.com").isEmpty)
        #expect(BlueskyRichText.find(in: "e.g. this, i.e. that, a.m.").isEmpty)
        #expect(BlueskyRichText.find(in: "#123 and #️⃣ and # alone").isEmpty)
        #expect(BlueskyRichText.find(in: "see notes.txt or @nobody").isEmpty)
        #expect(
            BlueskyRichText.find(in: "(see https://a.example/b)").map(\.kind) == [.link(uri: "https://a.example/b")])
        #expect(
            BlueskyRichText.find(in: "https://en.wikipedia.org/wiki/Swift_(language).").map(\.kind) == [
                .link(uri: "https://en.wikipedia.org/wiki/Swift_(language)")
            ])
        #expect(
            BlueskyRichText.find(in: "thanks @ada.example.com.").map(\.kind) == [.mention(handle: "ada.example.com")])
        #expect(BlueskyRichText.find(in: "#日本語、").map(\.kind) == [.tag("日本語")])
    }

    /// A handle as atproto's syntax allows it: two labels or more, 253 characters at most
    /// (the DNS's bound), each label 1 to 63, no hyphen at either end, the last not a
    /// number's start.
    @Test func aHandlesSyntaxAtItsBounds() {
        #expect(BlueskyRichText.isHandle("ada.example"))
        #expect(!BlueskyRichText.isHandle("localhost"), "one label")
        let label63 = String(repeating: "a", count: 63)
        #expect(BlueskyRichText.isHandle(label63 + ".com") && !BlueskyRichText.isHandle("a" + label63 + ".com"))
        // 3 labels of 63 and one of 61, with dots: 253 characters; one more is too long.
        let longest = [label63, label63, label63, String(repeating: "b", count: 61)].joined(separator: ".")
        #expect(longest.count == 253 && BlueskyRichText.isHandle(longest))
        #expect(!BlueskyRichText.isHandle(longest + "b"))
        #expect(!BlueskyRichText.isHandle("-ada.example") && !BlueskyRichText.isHandle("ada.1example"))
    }

    /// A bare domain is a link only as a host name can be: no empty label, none past 63.
    @Test func aBareDomainsLabelsAreAHostNames() {
        func isLink(_ text: String) -> Bool {
            BlueskyRichText.find(in: text).contains { if case .link = $0.kind { true } else { false } }
        }
        #expect(isLink("see example.com") && isLink("see " + String(repeating: "a", count: 63) + ".com"))
        #expect(!isLink("see example..com") && !isLink("see " + String(repeating: "a", count: 64) + ".com"))
    }

    /// A tag is 64 characters as a person counts them, and 640 bytes, at most (the
    /// lexicon's bounds): one past either is no tag.
    @Test func aTagsBoundsAreGraphemesThenBytes() {
        func isTag(_ text: String) -> Bool {
            BlueskyRichText.find(in: text).contains { if case .tag = $0.kind { true } else { false } }
        }
        #expect(isTag("#" + String(repeating: "a", count: 64)) && !isTag("#" + String(repeating: "a", count: 65)))
        // A family of four is one character of 25 bytes: 25 of them and 15 letters are 640
        // bytes in 40 characters; one letter more is 641.
        let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
        #expect(family.utf8.count == 25 && family.count == 1)
        let longest = String(repeating: family, count: 25) + String(repeating: "a", count: 15)
        #expect(longest.utf8.count == 640 && isTag("#" + longest) && !isTag("#" + longest + "a"))
    }

    /// A mention becomes a facet only with the account the server named for its handle;
    /// an unknown handle stays text, and is said.
    @Test func mentionsNeedTheirAccounts() {
        let text = "@Ada.Example.com and @ghost.example.com"
        let (facets, unresolved) = BlueskyPostRecord.facets(
            of: text, resolved: ["ada.example.com": "did:plc:ewvi7nxzyoun6zhxrhs64oiz"])
        #expect(
            facets == [.init(byteStart: 0, byteEnd: 16, feature: .mention(did: "did:plc:ewvi7nxzyoun6zhxrhs64oiz"))])
        #expect(unresolved == ["ghost.example.com"])
    }

    /// 300 characters as a person counts them, each "é" here two scalars; 3,000 bytes.
    @Test func theLimitIsGraphemesThenBytes() {
        let accented = String(repeating: "e\u{301}", count: 300)
        #expect(accented.unicodeScalars.count == 600 && BlueskyPostRecord.refusal(of: accented) == nil)
        #expect(BlueskyPostRecord.refusal(of: accented + "!") == "301 characters: Bluesky takes 300 at most")
        let families = String(repeating: "👨‍👩‍👧", count: 200)
        #expect(BlueskyPostRecord.refusal(of: families) == "3600 bytes: Bluesky takes 3000 at most")
    }

    /// A post's record key: the time in microseconds and a clock's number, 13 characters
    /// that sort as the times do.
    @Test func aTIDIsTheTimeAndAClockInSortableBase32() {
        #expect(BlueskyTID.next(now: Self.written, clock: 5) == "3n3zusva6ek27")
        let earlier = BlueskyTID.next(now: Self.written, clock: 1023)
        let later = BlueskyTID.next(now: Self.written.addingTimeInterval(0.000_001), clock: 0)
        #expect(earlier < later && BlueskyTID.isTID(earlier) && BlueskyTID.isTID(later))
        #expect(
            !BlueskyTID.isTID("3n3zusva6ek2") && !BlueskyTID.isTID("zn3zusva6ek27")
                && !BlueskyTID.isTID("3n3zusva6ek21"))
    }

    // MARK: the records, against their lexicons

    static let root = BlueskyPostRecord.PostRef(
        uri: "at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.feed.post/3l6oveex3ii2l",
        cid: "bafyreif7smvmzpzj4xwvqyl4ngdqbipnskdqg2zw3thbhppeex7nysvmyu")
    static let parent = BlueskyPostRecord.PostRef(
        uri: "at://did:plc:ewvi7nxzyoun6zhxrhs64oiz/app.bsky.feed.post/3l6ovmwcvh32e",
        cid: "bafyreihwuvwuaifqonddr4ph2jbzprfjjn5xjlwlfuq2mknx6pvl3jugbi")
    static let written = Date(timeIntervalSince1970: 1_796_596_391.154)

    private func json(_ record: some Encodable) throws -> Data {
        try JSONEncoder().encode(record)
    }

    /// Likes and reposts once went with `createdAt` without its time zone.
    @Test func likesAndRepostsAreDatetimesWithTheirZone() throws {
        for collection in ["app.bsky.feed.like", "app.bsky.feed.repost"] {
            let data = try json(BlueskyMarkRecord(collection: collection, subject: Self.root, createdAt: Self.written))
            #expect(Lexicon.problems(data, collection: collection) == [])
            #expect(String(decoding: data, as: UTF8.self).contains(#""createdAt":"2026-12-06T22:33:11.154Z""#))
        }
        #expect(!Lexicon.isDatetime("2026-12-06T22:33:11.154"), "the old form is refused")
    }

    @Test func aReplyWithFacetsQuoteAndLanguageIsAPostRecord() throws {
        let text = "café 🎉 @ada.example.com: #swift at swift.org"
        let (facets, _) = BlueskyPostRecord.facets(
            of: text, resolved: ["ada.example.com": "did:plc:ewvi7nxzyoun6zhxrhs64oiz"])
        #expect(facets.count == 3)
        let record = BlueskyPostRecord(
            text: text, facets: facets, reply: (Self.root, Self.parent), quoted: Self.root, langs: ["fr", "en-GB"],
            createdAt: Self.written)
        let data = try json(record)
        #expect(Lexicon.problems(data, collection: "app.bsky.feed.post") == [])
        let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let reply = try #require(object["reply"] as? [String: [String: String]])
        #expect(reply["root"]?["uri"] == Self.root.uri && reply["parent"]?["cid"] == Self.parent.cid)
        let facet = try #require((object["facets"] as? [[String: Any]])?.first)
        #expect(facet["index"] as? [String: Int] == ["byteStart": 11, "byteEnd": 27])
    }

    /// The checker finds what it is for: each rule broken once.
    @Test func theLexiconCheckRefusesWhatTheLexiconsRefuse() throws {
        var record = BlueskyPostRecord(text: "hi #swift", createdAt: Self.written)
        record.facets = [.init(byteStart: 3, byteEnd: 12, feature: .tag("swift"))]
        #expect(
            Lexicon.problems(try json(record), collection: "app.bsky.feed.post") == [
                "facet 0: bytes 3..<12 are not inside the text's 9"
            ])
        record.facets = []
        record.text = String(repeating: "a", count: 301)
        #expect(
            Lexicon.problems(try json(record), collection: "app.bsky.feed.post") == [
                "text has 301 graphemes, over 300"
            ])
        record.text = "hi"
        record.reply = (Self.root, .init(uri: "https://bsky.app/post", cid: "Qm123"))
        #expect(
            Lexicon.problems(try json(record), collection: "app.bsky.feed.post") == [
                "reply.parent.uri is not an at-uri", "reply.parent.cid is not a CID",
            ])
        #expect(
            Lexicon.problems(
                Data(#"{"$type":"app.bsky.feed.like","createdAt":"x"}"#.utf8), collection: "app.bsky.feed.like")
                == ["subject is missing", "subject is not an object", "createdAt x is not a datetime"])
    }
}
