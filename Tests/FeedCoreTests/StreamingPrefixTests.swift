import Foundation
import Testing

@testable import FeedCore

/// Where a body still arriving can be cut after its last complete post.
@Suite struct StreamingPrefixTests {
    /// The cuts found when `text` arrives in chunks of `chunk` bytes.
    private func cuts(_ text: String, kind: StreamingPrefix.Kind, chunk: Int) -> [String] {
        var prefix = StreamingPrefix(kind: kind)
        let bytes = Array(text.utf8)
        var found: [String] = []
        for start in stride(from: 0, to: bytes.count, by: chunk) {
            let piece = bytes[start..<min(bytes.count, start + chunk)]
            let grew = piece.withUnsafeBytes { prefix.scan($0) }
            if grew, let cut = prefix.cut {
                found.append(String(decoding: bytes[..<cut.length], as: UTF8.self) + cut.closing)
            }
        }
        return found
    }

    @Test(arguments: [1, 3, 1000])
    func jsonCutsAfterEachPostWhateverTheChunks(chunk: Int) throws {
        let posts = #"{"posts": [{"id": 1, "content": "a } ] \" {"}, {"id": 2, "author": {"name": "n"}}]}"#
        let found = cuts(posts, kind: .json, chunk: chunk)
        let expected = [
            #"{"posts": [{"id": 1, "content": "a } ] \" {"}]}"#,
            #"{"posts": [{"id": 1, "content": "a } ] \" {"}, {"id": 2, "author": {"name": "n"}}]}"#,
        ]
        // In one chunk, only the last cut is seen.
        #expect(chunk == 1000 ? found == [expected[1]] : found == expected)
        for document in found {
            #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(document.utf8)) }
        }
    }

    @Test func aStatusesNestedObjectsAndArraysAreNotPosts() {
        let statuses = #"[{"id": "1", "account": {"acct": "a"}, "media_attachments": [{"type": "image"}]}, {"id": "2""#
        #expect(
            cuts(statuses, kind: .json, chunk: 1) == [
                #"[{"id": "1", "account": {"acct": "a"}, "media_attachments": [{"type": "image"}]}]"#
            ])
    }

    @Test func xmlCutsAfterEachItemOrEntry() {
        let rss = "<rss><channel><item><title>a</title></item><item><title>b</title></item><it"
        #expect(
            cuts(rss, kind: .xml, chunk: 2).map { $0.suffix(14) }
                == ["a</title></item>", "b</title></item>"].map { $0.suffix(14) })
        let atom = "<feed><atom:entry><id>1</id></atom:entry><entry><subitem></subitem><id>2</id></entry>"
        #expect(cuts(atom, kind: .xml, chunk: 1).count == 2, "</atom:entry> and </entry>; not </subitem>")
    }
}
