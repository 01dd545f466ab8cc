import Foundation
import TestSupport
import Testing

@testable import FeedCore

/// Broken and hostile documents: each gives a clear message or a safe rendering, never a
/// crash or a hang.
@Suite struct HostileFeedTests {
    enum Outcome: Sendable {
        /// The feed fails with a message containing this text.
        case error(String)
        /// The feed shows this many posts.
        case posts(Int)
    }

    /// Identified by its name: without an id, the test library identifies an argument by
    /// its whole reflection, which for a megabyte of bytes took seconds.
    struct Case: Sendable, CustomTestStringConvertible, Identifiable {
        var name: String
        var bytes: [UInt8]
        var outcome: Outcome
        var testDescription: String { name }
        var id: String { name }
    }

    static let post = #"{"id":1,"author":{"name":"A"},"content":"ok","likes":1,"created_at":"2026-01-01T00:00:00Z"}"#

    static func document(_ content: String) -> [UInt8] {
        Array(
            #"[{"id":1,"author":{"name":"A"},"content":"\#(content)","likes":1,"created_at":"2026-01-01T00:00:00Z"}]"#
                .utf8)
    }

    static let cases: [Case] = [
        Case(name: "empty file", bytes: [], outcome: .error("the feed is empty")),
        Case(name: "whitespace", bytes: Array(" \n\t\r\n ".utf8), outcome: .error("the feed is empty")),
        Case(
            name: "truncated JSON", bytes: Array(#"{"posts":[{"id":1,"author":{"na"#.utf8),
            outcome: .error("not JSON: line 1, column 32: expected a closing quote")),
        Case(
            name: "trailing garbage", bytes: Array("[\(post)] trailing".utf8),
            outcome: .error("not JSON: line 1, column ")),
        Case(
            name: "an HTML error page", bytes: Array("<html><body>502</body></html>".utf8),
            outcome: .error("looks like HTML")),
        Case(name: "null", bytes: Array("null".utf8), outcome: .error("found null")),
        Case(name: "a string", bytes: Array(#""posts""#.utf8), outcome: .error("found a string")),
        Case(
            name: "an object where the list should be", bytes: Array(#"{"posts":{"id":1}}"#.utf8),
            outcome: .error("\"posts\" should be an array")),
        Case(
            name: "a number where the list should be", bytes: Array(#"{"posts":12}"#.utf8),
            outcome: .error("\"posts\" should be an array")),
        Case(
            name: "every field of the wrong type",
            bytes: Array(#"[{"id":true,"author":[],"title":5,"content":{},"likes":"x","created_at":7}]"#.utf8),
            outcome: .error("no post could be read; post 1:")),
        Case(
            name: "a number like 1e999",
            bytes: Array(
                #"[{"id":1,"author":{"name":"A"},"content":"x","likes":1e999,"created_at":"2026-01-01T00:00:00Z"},\#(post)]"#
                    .utf8), outcome: .posts(1)),
        Case(name: "1e999 alone", bytes: Array("1e999".utf8), outcome: .error("found a number")),
        Case(
            name: "duplicate keys",
            bytes: Array(
                #"[{"id":1,"id":2,"author":{"name":"A","name":"B"},"content":"x","likes":1,"created_at":"2026-01-01T00:00:00Z"}]"#
                    .utf8), outcome: .posts(1)),
        Case(
            name: "nesting 100,000 deep",
            bytes: Array(repeating: UInt8(ascii: "["), count: 100_000)
                + Array(repeating: UInt8(ascii: "]"), count: 100_000),
            outcome: .error("nested 100000 levels deep; feeds are read to 512 levels")),
        Case(
            name: "nesting 100,000 deep, unclosed", bytes: Array(repeating: UInt8(ascii: "["), count: 100_000),
            outcome: .error("not JSON")),
        Case(name: "a 1 MB post", bytes: document(String(repeating: "word ", count: 200_000)), outcome: .posts(1)),
        Case(
            name: "10,000 combining marks on one letter",
            bytes: document("e" + String(repeating: "\\u0301", count: 10_000)), outcome: .posts(1)),
        Case(
            name: "invalid UTF-8",
            bytes: Array(#"[{"id":1,"author":{"name":"A"},"content":"x"#.utf8) + [0xC3, 0x28, 0xFF]
                + Array(#"","likes":1,"created_at":"2026-01-01T00:00:00Z"}]"#.utf8), outcome: .posts(1)),
        Case(name: "a UTF-8 byte-order mark", bytes: [0xEF, 0xBB, 0xBF] + Array("[\(post)]".utf8), outcome: .posts(1)),
        Case(
            name: "UTF-16 LE with a byte-order mark", bytes: [0xFF, 0xFE] + utf16("[\(post)]", bigEndian: false),
            outcome: .posts(1)),
        Case(
            name: "UTF-16 BE with a byte-order mark", bytes: [0xFE, 0xFF] + utf16("[\(post)]", bigEndian: true),
            outcome: .posts(1)),
        Case(name: "UTF-16 LE without a mark", bytes: utf16("[\(post)]", bigEndian: false), outcome: .posts(1)),
        Case(name: "UTF-16 BE without a mark", bytes: utf16("[\(post)]", bigEndian: true), outcome: .posts(1)),
        Case(name: "a NUL byte in the document", bytes: Array("[\(post)]".utf8) + [0], outcome: .error("not JSON")),
        Case(name: "NUL characters JSON-escaped", bytes: document("a\\u0000b"), outcome: .posts(1)),
        Case(
            name: "raw escape sequences (control characters must be escaped)", bytes: document("a\u{1B}[2Jb"),
            outcome: .error(
                "not JSON: line 1, column 44: expected a closing quote (control characters must be escaped)")),
        Case(
            name: "JSON-escaped escape sequences", bytes: document("a\\u001b[2J\\u001b]0;title\\u0007b"),
            outcome: .posts(1)),
        Case(name: "bidi overrides", bytes: document("\\u202eevil\\u202c"), outcome: .posts(1)),
        Case(name: "zero-width characters", bytes: document("a\\u200bb\\u200cc\\u200dd\\ufeffe"), outcome: .posts(1)),
    ]

    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        text.utf16.flatMap { unit in
            bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
    }

    @Test(arguments: cases)
    func givesAClearMessageOrASafeRendering(_ testCase: Case) throws {
        let result = Result { () throws(Failure) -> Feed in try FeedDocumentDecoder.decode(Data(testCase.bytes)) }
        switch (testCase.outcome, result) {
        case (.error(let expected), .failure(let error)):
            #expect(error.message.contains(expected), "\(error.message)")
            #expect(!error.message.isEmpty && error.message.count < 300, "a message a status line can hold")
        case (.posts(let count), .success(let feed)):
            #expect(feed.posts.count == count)
            for post in feed.posts { SanitizedText.expectSafe(post) }
            for size in [
                TerminalSize(width: 80, height: 24), TerminalSize(width: 20, height: 6),
                TerminalSize(width: 3, height: 2),
            ] {
                var state = NavigationTests.loaded(feed, size: size)
                _ = state.apply(.key(.enter))  // the whole content, expanded
                let frame = FeedRenderer.render(state.advanced(to: .zero))
                let control = frame.cells.first { cell in
                    !cell.text.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }
                }
                #expect(
                    control == nil, "a control character on the screen: \(control.map(\.text.debugDescription) ?? "")")
            }
        case (_, .failure(let error)):
            Issue.record("expected posts, got the error \(error.message)")
        case (_, .success(let feed)):
            Issue.record("expected an error, got \(feed.posts.count) posts")
        }
    }

    @Test func aOneMegabytePostIsWrappedOnlyAsFarAsItShows() {
        let post = Post(
            id: .number(1), author: Author(name: "A"), content: String(repeating: "word ", count: 200_000), likes: 1,
            createdAt: nil)
        let layout = RowLayout.make(RowContent(post: post, now: Fixtures.referenceDate), screenWidth: 80)
        #expect(layout.spans.filter { $0.role == .content }.count == RowGeometry.maxContentLines)
    }
}
