/// Wrapping and truncation by terminal cells, never splitting a grapheme cluster.
public enum TextWrapper {
    public static let ellipsis: Character = "…"

    /// Breaks `text` into lines of at most `width` cells. Lines break at spaces; between
    /// two wide (CJK) characters a line may break anywhere; a word longer than a line is
    /// split at cluster boundaries. Paragraphs (`\n`) start new lines; runs of blank lines
    /// fold into one, and blank lines at either end are dropped.
    public static func wrap(_ text: String, width: Int) -> [String] {
        wrap(text, width: width, lineLimit: .max).lines
    }

    /// Wraps until `lineLimit` lines are made, so that a long post shown in a few lines
    /// costs a few lines of work; `more` says that text was left when it stopped.
    private static func wrap(_ text: String, width: Int, lineLimit: Int) -> (lines: [String], more: Bool) {
        guard width > 0 else { return ([], false) }
        var lines: [String] = []
        var more = false
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, paragraph) in paragraphs.enumerated() {
            if lines.count >= lineLimit {
                more = paragraphs[number...].contains { $0.contains { !$0.isWhitespace } }
                break
            }
            let wrapped = wrapQuoted(Substring(paragraph), width: width, lineLimit: lineLimit - lines.count)
            if wrapped.isEmpty {
                if let last = lines.last, !last.isEmpty { lines.append("") }
            } else {
                lines.append(contentsOf: wrapped)
            }
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return (lines, more)
    }

    /// Wraps, then keeps at most `maxLines`, ending the last kept line with "…" when
    /// anything was cut: lines past the limit, or paragraphs after a blank line there.
    public static func wrap(_ text: String, width: Int, maxLines: Int) -> [String] {
        var (lines, more) = wrap(text, width: width, lineLimit: maxLines + 1)
        guard lines.count > maxLines || more else { return lines }
        lines.removeLast(max(0, lines.count - maxLines))
        guard let last = lines.popLast() else { return [] }
        lines.append(appendingEllipsis(to: last, width: width))
        return lines
    }

    /// `text` cut to at most `width` cells, ending with "…" when cut.
    public static func truncate(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        guard CellWidth.of(text) > width else { return text }
        return prefix(text, width: width - 1) + String(ellipsis)
    }

    /// The longest prefix of whole clusters that fits in `width` cells.
    public static func prefix(_ text: String, width: Int) -> String {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let cells = CellWidth.of(text[index])
            if used + cells > width { break }
            used += cells
            end = text.index(after: index)
        }
        return String(text[..<end])
    }

    private static func appendingEllipsis(to line: String, width: Int) -> String {
        let trimmed = line.last == " " ? String(line.dropLast()) : line
        if CellWidth.of(trimmed) + 1 <= width { return trimmed + String(ellipsis) }
        return prefix(trimmed, width: width - 1) + String(ellipsis)
    }

    /// A paragraph behind quotation bars (`│ `, one for each level, as quotations and
    /// quoted posts are drawn) wraps behind them: every line it makes starts with the bars,
    /// so that a quotation's continuation never runs into the text around it.
    private static func wrapQuoted(_ paragraph: Substring, width: Int, lineLimit: Int) -> [String] {
        var body = paragraph
        while body.hasPrefix(HTMLText.quoteBar) { body = body.dropFirst(HTMLText.quoteBar.count) }
        let bars = paragraph[..<body.startIndex]
        let inner = width - CellWidth.of(String(bars))
        guard !bars.isEmpty, inner > 0, body.contains(where: { !$0.isWhitespace }) else {
            return wrapParagraph(paragraph, width: width, lineLimit: lineLimit)
        }
        return wrapParagraph(body, width: inner, lineLimit: lineLimit).map { bars + $0 }
    }

    /// A piece of a paragraph that wrapping keeps together.
    private struct Token {
        var text: String
        var width: Int
        /// Whether a space stood before it (joining it to the line costs one cell).
        var spaced: Bool
    }

    private static func wrapParagraph(_ paragraph: Substring, width: Int, lineLimit: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for token in tokens(of: paragraph) {
            if lines.count >= lineLimit { return lines }
            let joinWidth = lineWidth == 0 ? 0 : (token.spaced ? 1 : 0)
            if lineWidth + joinWidth + token.width <= width {
                if joinWidth == 1 { line.append(" ") }
                line += token.text
                lineWidth += joinWidth + token.width
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            // A word wider than a whole line is split at cluster boundaries.
            var rest = Substring(token.text)
            while CellWidth.of(String(rest)) > width {
                let head = prefix(String(rest), width: width)
                if head.isEmpty { break }  // a cluster wider than the line: give up on it
                lines.append(head)
                rest = rest.dropFirst(head.count)
            }
            line = String(rest)
            lineWidth = CellWidth.of(line)
        }
        if lineWidth > 0 { lines.append(line) }
        return lines
    }

    /// Words separated by spaces; every wide character is a token of its own, so that
    /// CJK text may break between any two characters.
    private static func tokens(of paragraph: Substring) -> [Token] {
        if paragraph.utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 }) { return asciiTokens(of: paragraph) }
        var tokens: [Token] = []
        var word = ""
        var wordWidth = 0
        var spaced = false
        func flush(nextSpaced: Bool) {
            if !word.isEmpty {
                tokens.append(Token(text: word, width: wordWidth, spaced: spaced))
                word = ""
                wordWidth = 0
                spaced = nextSpaced
            } else if nextSpaced {
                spaced = true
            }
        }
        for character in paragraph {
            if character.isWhitespace {  // spaces and tabs alike

                flush(nextSpaced: true)
                continue
            }
            let cells = CellWidth.of(character)
            if cells == 2 && isBreakableWide(character) {
                flush(nextSpaced: false)
                tokens.append(Token(text: String(character), width: 2, spaced: spaced))
                spaced = false
                continue
            }
            word.append(character)
            wordWidth += cells
        }
        flush(nextSpaced: false)
        return tokens
    }

    /// `tokens(of:)` for printable ASCII, most text: split at spaces and tabs byte by byte,
    /// without finding grapheme clusters (a cell a byte).
    private static func asciiTokens(of paragraph: Substring) -> [Token] {
        var tokens: [Token] = []
        var spaced = false
        var wordStart: String.Index?
        let bytes = paragraph.utf8
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 {
                if let start = wordStart {
                    let text = String(paragraph[start..<index])
                    tokens.append(Token(text: text, width: text.utf8.count, spaced: spaced))
                    wordStart = nil
                }
                spaced = true
            } else if wordStart == nil {
                wordStart = index
            }
            index = bytes.index(after: index)
        }
        if let start = wordStart {
            let text = String(paragraph[start...])
            tokens.append(Token(text: text, width: text.utf8.count, spaced: spaced))
        }
        return tokens
    }

    /// Wide characters that allow a line break on either side: ideographs and kana.
    /// Korean separates words with spaces and breaks there, as do emoji with the word
    /// they touch.
    private static func isBreakableWide(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        let isHangul =
            (0xAC00...0xD7A3).contains(first.value) || (0x1100...0x115F).contains(first.value)
            || (0x3130...0x318F).contains(first.value)
        return !isHangul && !first.properties.isEmojiPresentation && CellWidth.isWide(first)
    }
}
