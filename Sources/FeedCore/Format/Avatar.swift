/// The avatar block: the author's initials on a colour derived from the name.
public enum Avatar {
    /// How many distinct avatar colours there are; the terminal layer maps each to a colour.
    public static let colorCount = 8

    /// Up to two initials: the first letter of the first and last words. A name in a
    /// script without case (Korean, Japanese) gives its first character.
    public static func initials(of name: String) -> String {
        let words = name.split(whereSeparator: { $0.isWhitespace })
            .compactMap { word in word.first(where: { $0.isLetter || $0.isNumber }) }
        guard let first = words.first else {
            // A name of symbols alone ("€"): its first narrow one; "?" only for none.
            let symbol = name.first { !$0.isWhitespace && $0.unicodeScalars.count == 1 && CellWidth.of($0) == 1 }
            return symbol.map(String.init) ?? "?"
        }
        if CellWidth.of(first) > 1 { return String(first) }
        guard words.count > 1, let last = words.last, CellWidth.of(last) == 1 else {
            return first.uppercased()
        }
        return (String(first) + String(last)).uppercased()
    }

    /// A colour index in `0..<colorCount`, the same for the same name on every run
    /// (FNV-1a; Swift's `Hasher` is seeded per process).
    public static func colorIndex(of name: String) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 {
            hash ^= UInt32(byte)
            hash &*= 16_777_619
        }
        return Int(hash % UInt32(colorCount))
    }
}
