import Foundation
import Testing

@testable import FeedTerminal

/// OSC 52: the clipboard through the terminal, as xterm documents it.
@Suite struct ClipboardTests {
    @Test func theSequenceIsOSC52WithTheTextInBase64() throws {
        let bytes = Clipboard.sequence(for: "https://e.org/ü?a=1&b=2")
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}]52;c;") && text.hasSuffix("\u{07}"))
        let payload = String(text.dropFirst("\u{1B}]52;c;".count).dropLast())
        let decoded = try #require(Data(base64Encoded: payload))
        #expect(String(decoding: decoded, as: UTF8.self) == "https://e.org/ü?a=1&b=2")
        #expect(!payload.contains { $0 == "\u{1B}" || $0 == "\u{07}" }, "nothing in it can end the sequence early")
    }
}
