import TestSupport
import Testing

@testable import FeedCore

@Suite struct CellWidthTests {
    /// The scalar path of measuring and drawing agrees with the cluster path on every
    /// scalar it takes, and turns away what combines.
    @Test func theNarrowScalarPathAgreesWithTheClusterPath() {
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0xA0...0x2FF, 0x2000...0x206F, 0x2190...0x21FF, 0x2500...0x25FF,
        ]
        var taken = 0
        for value in ranges.joined() {
            guard let scalar = Unicode.Scalar(value), CellWidth.isNarrowScalars(String(scalar)) else { continue }
            #expect(CellWidth.of(Character(scalar)) == 1, "U+\(String(value, radix: 16))")
            taken += 1
        }
        #expect(taken > 900)
        for combining in ["e\u{301}", "a\u{200D}b", "\u{25B6}\u{FE0F}", "\u{AD}", "한", "\u{2028}", "\u{25FD}"] {
            #expect(!CellWidth.isNarrowScalars(combining), "\(combining.debugDescription)")
        }
        var buffer = ScreenBuffer(width: 12, height: 1)
        buffer.write("· ▲ … ▌x", row: 0, column: 0, style: .plain)
        #expect(buffer.lines == ["· ▲ … ▌x    "])
    }

    @Test(arguments: [
        ("a", 1), ("é", 1), ("e\u{301}", 1), ("한", 2), ("日", 2), ("ア", 2), ("ｱ", 1),
        ("😀", 2), ("☕", 2), ("👍", 2), ("🇰🇷", 2), ("🇰", 1), ("❤", 1), ("\u{301}", 0), ("\u{200B}", 0),
        ("Ａ", 2), ("中", 2), ("\u{1100}\u{1161}\u{11A8}", 2), ("1\u{20E3}", 1),
    ])
    func measuresClustersInCells(_ text: String, _ width: Int) {
        #expect(CellWidth.of(text) == width, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func sumsAString() {
        #expect(CellWidth.of("Ada 한글") == 8)
    }

    /// Feed text is measured after sanitizing, which takes sequences apart: a ZWJ
    /// sequence then counts as the emoji it shows.
    @Test func sanitizedEmojiSequencesMeasureAsTheirParts() {
        #expect(CellWidth.of(TextSanitizer.singleLine("👩‍💻")) == 4)
        #expect(CellWidth.of(TextSanitizer.singleLine("👍🏽")) == 2)
        #expect(CellWidth.of(TextSanitizer.singleLine("❤️")) == 1)
        #expect(CellWidth.of(TextSanitizer.singleLine("🇰🇷🇯🇵")) == 4)
    }
}

@Suite struct TextWrapperTests {
    @Test func wrapsAtWordBoundaries() {
        #expect(TextWrapper.wrap("the quick brown fox jumps", width: 10) == ["the quick", "brown fox", "jumps"])
    }

    /// A quotation's lines (a Mastodon blockquote, a quoted Bluesky post) wrap behind
    /// their bars: a continuation line keeps the bar, and a nested quotation both.
    @Test func aQuotationWrapsBehindItsBars() {
        #expect(
            TextWrapper.wrap("before\n│ the quick brown fox jumps\n│ │ over the lazy dog\nafter", width: 12) == [
                "before", "│ the quick", "│ brown fox", "│ jumps", "│ │ over the", "│ │ lazy dog", "after",
            ])
        // A quoted word longer than the line splits behind the bar too; a bar alone stays.
        #expect(TextWrapper.wrap("│ abcdefghij\n│ \n│ x", width: 6) == ["│ abcd", "│ efgh", "│ ij", "│", "│ x"])
        #expect(TextWrapper.wrap("│ the quick brown fox", width: 12, maxLines: 2) == ["│ the quick", "│ brown fox"])
        #expect(
            TextWrapper.wrap("│ the quick brown fox jumps", width: 12, maxLines: 2) == ["│ the quick", "│ brown fox…"])
    }

    @Test func splitsAWordLongerThanALine() {
        #expect(TextWrapper.wrap("abcdefghij klm", width: 4) == ["abcd", "efgh", "ij", "klm"])
    }

    @Test func breaksJapaneseBetweenAnyTwoCharacters() {
        #expect(TextWrapper.wrap("日本語の折り返し", width: 6) == ["日本語", "の折り", "返し"])
    }

    @Test func breaksKoreanAtSpaces() {
        #expect(TextWrapper.wrap("한글 한 글자는", width: 8) == ["한글 한", "글자는"])
    }

    @Test func neverLeavesHalfAWideCharacter() {
        for line in TextWrapper.wrap("日本語の折り返し", width: 5) {
            #expect(CellWidth.of(line) <= 5)
        }
    }

    @Test func tabsBecomeSpaces() {
        #expect(TextWrapper.wrap("a\tb\t\tc", width: 10) == ["a b c"])
    }

    @Test func breaksChineseBetweenAnyTwoCharacters() {
        #expect(TextWrapper.wrap("中文没有空格所以", width: 7) == ["中文没", "有空格", "所以"])
    }

    @Test func combiningMarksTakeNoCellsWhenWrapping() {
        let stacked = "e" + String(repeating: "\u{301}", count: 50)
        #expect(TextWrapper.wrap("\(stacked) \(stacked) \(stacked)", width: 3) == ["\(stacked) \(stacked)", stacked])
    }

    @Test func keepsParagraphsAndFoldsBlankRuns() {
        #expect(TextWrapper.wrap("a\n\n\nb\n", width: 10) == ["a", "", "b"])
    }

    @Test func cutsTheLastKeptLineWithAnEllipsis() {
        let lines = TextWrapper.wrap("one two three four five six", width: 9, maxLines: 2)
        #expect(lines == ["one two", "three…"])
        let full = TextWrapper.wrap("aaaa bbbb cccc", width: 4, maxLines: 2)
        #expect(full == ["aaaa", "bbb…"])
    }

    @Test func truncatesByCellsWithoutSplittingClusters() {
        #expect(TextWrapper.truncate("Ada Park", width: 20) == "Ada Park")
        #expect(TextWrapper.truncate("Ada Park", width: 5) == "Ada …")
        #expect(TextWrapper.truncate("日本語", width: 4) == "日…")
        #expect(TextWrapper.truncate("👩‍💻👩‍💻", width: 3) == "👩‍💻…")
    }
}

@Suite struct FormatTests {
    static let ages: [(Double, String)] = [
        (30, "now"), (300, "5m"), (3 * 3600 + 59, "3h"), (2 * 86400, "2d"), (65 * 86400, "2mo"), (800 * 86400, "2y"),
        (-500, "now"),
    ]

    @Test(arguments: ages)
    func relativeTime(_ age: Double, _ expected: String) {
        let now = Fixtures.referenceDate
        #expect(RelativeTime.describe(now.addingTimeInterval(-age), now: now) == expected)
    }

    @Test(arguments: [
        (0, "0"), (999, "999"), (1_000, "1k"), (1_250, "1.2k"), (9_950, "9.9k"), (10_000, "10k"), (10_500, "10k"),
        (12_900, "12k"), (999_999, "999k"), (1_000_000, "1M"), (1_500_000, "1.5M"), (10_500_000, "10M"), (-3, "0"),
    ])
    func compactCounts(_ count: Int, _ expected: String) {
        #expect(CountFormat.compact(count) == expected)
    }

    @Test func initialsComeFromTheFirstAndLastWords() {
        #expect(Avatar.initials(of: "Ada Park") == "AP")
        #expect(Avatar.initials(of: "grace  hopper lee") == "GL")
        #expect(Avatar.initials(of: "Zoe") == "Z")
        #expect(Avatar.initials(of: "김민준") == "김")
        #expect(Avatar.initials(of: "🙂") == "?", "an emoji's width is the terminal's guess")
        #expect(Avatar.initials(of: "€ ✓") == "€", "a feed named by a symbol")
        #expect(Avatar.initials(of: "") == "?")
    }

    @Test func avatarColoursAreStablePerNameAndSpread() {
        #expect(Avatar.colorIndex(of: "Ada Park") == Avatar.colorIndex(of: "Ada Park"))
        let names = [
            "Ada Park", "Ben Okafor", "Chiara Rossi", "Dmitri Volkov", "Emma Lindqvist", "Farid Haddad", "Grace Liu",
            "Hiro Nakamura",
        ]
        #expect(Set(names.map(Avatar.colorIndex(of:))).count >= 4)
    }

    @Test func durations() {
        #expect(DurationFormat.short(.milliseconds(12)) == "12 ms")
        #expect(DurationFormat.short(.milliseconds(1503)) == "1.50 s")
        #expect(DurationFormat.short(.milliseconds(2070)) == "2.07 s")
    }
}

/// Quotations, lists and preformatted text keep what makes them read as such.
@Suite struct HTMLStructureTests {
    @Test(arguments: [
        ("<p>a<br><br>b</p>", "a\n\nb"),
        ("<p>She said <q>yes</q>.</p>", "She said “yes”."),
        ("<blockquote><p>quoted</p><p>two</p></blockquote><p>after</p>", "│ quoted\n\n│ two\n\nafter"),
        ("<p>before</p><blockquote>deep<blockquote>deeper</blockquote></blockquote>", "before\n\n│ deep\n\n│ │ deeper"),
        ("<ul><li>one</li><li>two</li></ul><p>after</p>", "• one\n• two\n\nafter"),
        ("<ol><li>first</li><li>second</li></ol>", "1. first\n2. second"),
        ("<ul><li>a<ul><li>inner</li></ul></li><li>b</li></ul>", "• a\n\u{00A0}\u{00A0}• inner\n• b"),
        ("<pre>line 1\nline 2</pre><p>after</p>", "line 1\nline 2\n\nafter"),
        ("<p>plain\ntext</p>", "plain text"),
    ])
    func structureSurvivesAsText(_ html: String, _ expected: String) {
        #expect(HTMLText.plainText(html) == expected, "\(html)")
    }
}

/// A collapsed post never hides text without saying so.
@Suite struct CollapsedTextTests {
    @Test func linesCutAfterABlankLineEndWithAnEllipsis() {
        let text = HTMLText.plainText("<p>l1<br>l2<br>l3<br>l4</p><p>more</p>")
        #expect(TextWrapper.wrap(text, width: 40, maxLines: 4) == ["l1", "l2", "l3", "l4…"])
        #expect(TextWrapper.wrap("a\nb\n\n\n", width: 40, maxLines: 2) == ["a", "b"], "nothing but blank lines after")
        #expect(TextWrapper.wrap("a\nb", width: 40, maxLines: 2) == ["a", "b"])
        #expect(TextWrapper.wrap("a\nb\nc", width: 40, maxLines: 2) == ["a", "b…"])
    }
}
