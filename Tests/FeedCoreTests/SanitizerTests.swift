import Testing

@testable import FeedCore

@Suite struct SanitizerTests {
    @Test(arguments: [
        ("CSI clear screen", "a\u{1B}[2Jb"),
        ("CSI with parameters and intermediates", "a\u{1B}[38;5;196mb"),
        ("CSI cursor move", "a\u{1B}[10;20Hb"),
        ("OSC title ended by BEL", "a\u{1B}]0;pwned\u{07}b"),
        ("OSC clipboard ended by ST", "a\u{1B}]52;c;ZXZpbA==\u{1B}\\b"),
        ("OSC hyperlink", "a\u{1B}]8;;http://evil\u{1B}\\b"),
        ("DCS", "a\u{1B}Pq#0;2;0;0;0\u{1B}\\b"),
        ("APC", "a\u{1B}_Gf=100;AAAA\u{1B}\\b"),
        ("PM", "a\u{1B}^private\u{1B}\\b"),
        ("SOS", "a\u{1B}Xstring\u{1B}\\b"),
        ("two-byte ESC (reset)", "a\u{1B}cb"),
        ("ESC with intermediate (charset)", "a\u{1B}(0b"),
        ("8-bit CSI", "a\u{9B}2Jb"),
        ("8-bit OSC ended by 8-bit ST", "a\u{9D}0;t\u{9C}b"),
        ("C0 controls", "a\u{00}\u{07}\u{08}\u{0B}\u{0C}b"),
        ("DEL", "a\u{7F}b"),
        ("C1 controls", "a\u{85}\u{8D}b"),
        ("an unterminated OSC", "ab\u{1B}]0;the rest is swallowed"),
    ])
    func removesEachClassOfSequenceWhole(_ name: String, _ input: String) {
        #expect(TextSanitizer.multiline(input) == "ab", "\(name)")
    }

    @Test func aSequenceSplitByAnInvalidByteLeavesNoESC() {
        // The repaired byte becomes U+FFFD: ESC then a non-ASCII scalar is no sequence,
        // so the ESC goes and the rest is inert text.
        let output = TextSanitizer.multiline("a\u{1B}\u{FFFD}[2Jb")
        #expect(!output.unicodeScalars.contains { $0.value == 0x1B })
        #expect(output == "a\u{FFFD}[2Jb")
    }

    @Test func aMalformedCSIStopsAtTheFirstByteOutsideIt() {
        #expect(TextSanitizer.multiline("a\u{1B}[12\nb") == "a\nb")
    }

    @Test func multilineKeepsNewlinesAndTabsAndNormalisesCarriageReturns() {
        #expect(TextSanitizer.multiline("a\r\nb\rc\n\nd\te") == "a\nb\nc\n\nd\te")
        #expect(TextSanitizer.multiline("a\u{2028}b") == "a\nb")
    }

    @Test func singleLineFoldsBreaksAndDropsBidiControls() {
        #expect(TextSanitizer.singleLine("  Ada\r\n\tPark  ") == "Ada Park")
        #expect(TextSanitizer.singleLine("abc\u{202E}fed\u{202C}") == "abcfed")
        #expect(TextSanitizer.singleLine("x\u{2066}y\u{2069}z") == "xyz")
    }

    @Test func multilineKeepsBidiControlsInContent() {
        #expect(TextSanitizer.multiline("a\u{202E}b") == "a\u{202E}b")
    }

    @Test func ordinaryTextInEveryScriptPassesUnchanged() {
        let text = "Ada 한글 日本語 中文 🙂 🇰🇷 é café 1⃣"
        #expect(TextSanitizer.multiline(text) == text)
        #expect(TextSanitizer.singleLine(text) == text)
    }

    @Test func emojiSequencesBecomeFormsEveryTerminalMeasuresAlike() {
        #expect(TextSanitizer.singleLine("👩‍💻") == "👩💻")  // ZWJ between emoji goes
        #expect(TextSanitizer.multiline("👨‍👩‍👧 family") == "👨👩👧 family")
        #expect(TextSanitizer.multiline("👍🏽") == "👍")  // skin tone modifying an emoji goes
        #expect(TextSanitizer.multiline("🏽") == "🏽")  // a lone swatch stays
        #expect(TextSanitizer.multiline("❤️") == "❤")  // presentation selector goes
        #expect(TextSanitizer.multiline("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}") == "🏴")  // tags go
        #expect(TextSanitizer.multiline("🇰🇷") == "🇰🇷")  // flags stay
        #expect(TextSanitizer.multiline("क्\u{200D}ष") == "क्\u{200D}ष")  // a joiner in Devanagari stays
    }
}
