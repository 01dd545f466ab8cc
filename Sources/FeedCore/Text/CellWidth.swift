/// How many terminal cells a piece of text occupies, measured per grapheme cluster as
/// terminals draw them: East Asian wide and fullwidth characters and emoji take two,
/// combining marks and format characters none, everything else one. Feed text reaches
/// here after `EmojiNormalizer`, so no cluster is a sequence terminals disagree about.
public enum CellWidth {
    public static func of(_ text: String) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        if isNarrowScalars(text) { return text.unicodeScalars.count }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// Printable ASCII, most text: one cell a byte, measured without finding grapheme
    /// clusters.
    public static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// Whether every scalar of `text` is a cluster of its own, one cell wide: printable
    /// ASCII and the Latin, punctuation, arrow, box and block characters a status line or a
    /// bar is made of. Such text is measured and drawn scalar by scalar, without finding
    /// grapheme clusters; anything else (a combining mark, a joiner, a variation selector,
    /// a wide or emoji character) takes the cluster path.
    public static func isNarrowScalars(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(isNarrowStandalone)
    }

    public static func isNarrowStandalone(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF: true  // not U+00AD, the soft hyphen (a format character)
        case 0x2010...0x2027, 0x2030...0x205E: true  // dashes, quotes, bullets, the ellipsis
        case 0x2190...0x21FF, 0x2500...0x259F: true  // arrows; box drawing and block elements
        case 0x25A0...0x25FF: !scalar.properties.isEmojiPresentation  // geometric shapes
        default: false
        }
    }

    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if character.isASCII {
            // Tab is expanded by the wrapper before it gets here; other controls are gone.
            return first.value < 0x20 || first.value == 0x7F ? 0 : 1
        }
        // A lone regional indicator is a letter in a box; only a pair is a (wide) flag.
        if (0x1F1E6...0x1F1FF).contains(first.value) { return scalars.count > 1 ? 2 : 1 }
        if first.properties.isEmojiPresentation || isWide(first) { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control, .lineSeparator,
            .paragraphSeparator:
            return 0
        default:
            break
        }
        // Hangul medial vowels and final consonants combine into the syllable before them.
        if (0x1160...0x11FF).contains(first.value) || (0xD7B0...0xD7FF).contains(first.value) {
            return 0
        }
        return 1
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges that are not emoji (emoji are
    /// recognised by their Unicode properties above). From EastAsianWidth.txt, Unicode 15.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo initial consonants
        0x2329...0x232A,  // angle brackets
        0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols
        0x3041...0x33FF,  // kana, Bopomofo, Hangul compatibility Jamo, CJK compatibility
        0x3400...0x4DBF,  // CJK extension A
        0x4E00...0x9FFF,  // CJK unified ideographs
        0xA000...0xA4CF,  // Yi
        0xA960...0xA97F,  // Hangul Jamo extended A
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19,  // vertical forms
        0xFE30...0xFE6F,  // CJK compatibility forms, small forms
        0xFF00...0xFF60,  // fullwidth forms
        0xFFE0...0xFFE6,  // fullwidth signs
        0x16FE0...0x16FE4,  // ideographic symbols
        0x17000...0x18CFF,  // Tangut
        0x1B000...0x1B2FF,  // kana supplement, Nushu
        0x1F200...0x1F2FF,  // enclosed ideographic supplement
        0x20000...0x2FFFD,  // CJK extensions B to F
        0x30000...0x3FFFD,  // CJK extension G and beyond
    ]

    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 0x1100 else { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
