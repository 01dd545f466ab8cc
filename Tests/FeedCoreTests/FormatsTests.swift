import Foundation
import Testing

@testable import FeedCore

@Suite struct HTMLTextTests {
    @Test func paragraphsAndBreaksBecomeLines() {
        #expect(HTMLText.plainText("<p>a</p><p>b<br>c<br/>d</p>") == "a\n\nb\nc\nd")
    }

    @Test func entitiesAreDecodedOnce() {
        #expect(HTMLText.plainText("&amp;amp; &lt;b&gt; &#39;q&#x27; &quot;") == "&amp; <b> 'q' \"")
    }

    /// Beyond the Basic Multilingual Plane by number, hex or decimal, and HTML's named
    /// characters: what WordPress and Mastodon write, in JSON Feed and status HTML alike.
    @Test func longAndNamedCharacterReferencesBecomeTheirCharacters() {
        #expect(HTMLText.plainText("&#x1F600; &#X1f600; &#128512; &hellip; &mdash; x") == "😀 😀 😀 … — x")
        // Not characters: left as written rather than guessed.
        #expect(HTMLText.plainText("&#x110000; &#xD800; &nosuch;") == "&#x110000; &#xD800; &nosuch;")
    }

    @Test func tagsGoAndScriptsGoWithTheirContent() {
        #expect(HTMLText.plainText("<b>bold</b> <script>alert(1)</script><i>it</i>") == "bold it")
    }

    @Test func sourceLineBreaksAreSpaces() {
        #expect(HTMLText.plainText("one\ntwo") == "one two")
    }
}

@Suite struct BatchedDecodingTests {
    static func bigFeed(_ count: Int) -> Data {
        let posts = (0..<count).map {
            #"{"id":\#($0),"author":{"name":"Author \#($0)"},"content":"Post \#($0)","likes":\#($0),"created_at":"2026-01-01T00:00:00Z"}"#
        }
        return Data(#"{"posts":[\#(posts.joined(separator: ","))]}"#.utf8)
    }

    @Test func theFirstPostsArriveBeforeTheRestWithProgress() throws {
        var seen: [(Int, Int, Int)] = []
        let feed = try FeedDocumentDecoder.decode(Self.bigFeed(12_000), format: .auto) { feed, decoded, total in
            seen.append((feed.posts.count, decoded, total))
        }
        #expect(feed.posts.count == 12_000)
        #expect(feed.posts.last?.id == .number(11_999))
        #expect(seen.first?.0 == FeedDocumentDecoder.firstBatch, "the first report comes after the first batch")
        let first = FeedDocumentDecoder.firstBatch
        let batch = FeedDocumentDecoder.batchSize
        #expect(seen.map(\.1) == Array(stride(from: first, to: 12_000, by: batch)))
        #expect(seen.allSatisfy { $0.2 == 12_000 })
    }

    @Test func throwingFromProgressStopsTheDecoding() {
        #expect(throws: CancellationError.self) {
            try FeedDocumentDecoder.decode(Self.bigFeed(6_000), format: .auto) { _, _, _ in throw CancellationError() }
        }
    }
}

@Suite struct JSONStructureTests {
    private func elements(_ json: String) -> [String]? {
        let bytes = Array(json.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            JSONStructure.elements(of: buffer)?.map { String(decoding: bytes[$0], as: UTF8.self) }
        }
    }

    @Test func splitsAnArrayAtItsTopLevelCommasWhateverTheStringsHold() {
        #expect(
            elements(#"[1, "a,b", {"k": "x]y"}, [2, 3], "q\"uo\"te", "back\\", "\\\""]"#) == [
                "1", #""a,b""#, #"{"k": "x]y"}"#, "[2, 3]", #""q\"uo\"te""#, #""back\\""#, #""\\\"""#,
            ])
        #expect(elements("[]") == [])
        #expect(elements(#"["unterminated]"#) == nil)
    }

    @Test func scansAnObjectOnceAndSplitsTheListsAskedFor() {
        let bytes = Array(#"{"title": "T", "items": [{"id": "1"}, {"id": "2"}], "next_url": "u"} "#.utf8)
        let scan = bytes.withUnsafeBufferPointer {
            JSONStructure.scanObject($0, from: 0, limit: $0.count, listKeys: ["items"])
        }
        #expect(scan?.members.map(\.key) == ["title", "items", "next_url"])
        #expect(scan?.lists["items"]?.count == 2)
        #expect(scan?.end == bytes.count - 1)
    }
}

/// Mastodon's custom emoji (`:kde:`) are pictures there and words here: they leave names.
