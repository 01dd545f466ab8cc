/// Rewrites emoji sequences into forms every terminal draws at the same width.
///
/// Terminals disagree about sequences, and ncurses adds up `wcwidth` per code point: here
/// tmux draws a ZWJ sequence two cells wide where ncurses counts four, a skin-tone
/// modifier four where others draw two, and a text-default emoji with U+FE0F one cell
/// where others draw two. One disagreement shifts the rest of the row. So every sequence
/// becomes its parts, each drawn alike everywhere: the joiner between emoji and the
/// presentation selectors go, skin-tone modifiers and tag characters go. Flags (a pair of
/// regional indicators) and keycaps stay: every terminal agrees on them.
public enum EmojiNormalizer {
    public static func normalize(_ text: String) -> String {
        // Fast path: most text has no emoji machinery at all.
        guard text.unicodeScalars.contains(where: isSequenceMachinery) else { return text }
        var output = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar.value {
            case 0xFE0E, 0xFE0F:
                continue  // presentation selectors
            case 0x1F3FB...0x1F3FF:
                // A skin-tone modifier goes when it modifies something; alone it is a swatch.
                if let previous, previous.properties.isEmoji { continue }
            case 0xE0020...0xE007F:
                continue  // tag characters (subdivision flags)
            case 0x200D:
                // A joiner between emoji goes; between letters (Indic scripts) it stays.
                if let previous, previous.properties.isEmojiPresentation || previous.properties.isEmoji,
                    !previous.properties.isAlphabetic
                {
                    continue
                }
            default:
                break
            }
            output.append(scalar)
        }
        return String(output)
    }

    private static func isSequenceMachinery(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xFE0E, 0xFE0F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F, 0x200D: true
        default: false
        }
    }
}
