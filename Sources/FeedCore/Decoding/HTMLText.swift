/// HTML, as servers' posts and JSON Feed items carry it, turned into plain text:
/// paragraphs and `<br>` become line breaks, `invisible` spans (the hidden
/// parts of long links) go, its `ellipsis` spans end with "…", entities are decoded once,
/// quotations keep their marks (`<q>` in quotation marks, a `<blockquote>` behind a bar),
/// list items their bullets or numbers, `<pre>` its lines; every other tag is dropped with
/// its markup (and `script`/`style` with their content).
public enum HTMLText {
    /// The bar before each line of a quoted block.
    public static let quoteBar = "│ "

    public static func plainText(_ html: String) -> String {
        read(html).text
    }

    /// The plain text, and the links in it, in order: anchors to http and https addresses,
    /// but a mention's or hashtag's (the account and the tag are no reading).
    public static func read(_ html: String) -> (text: String, links: [PostLink]) {
        var reading = Reading()
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">") {
                reading.apply(Tag(html[html.index(after: index)..<close]))
                index = html.index(after: close)
            } else if character == "&", let (decoded, end) = reference(at: index, in: html[...]) {
                if reading.isVisible { reading.text.append(decoded) }
                index = end
            } else {
                reading.append(character)
                index = html.index(after: index)
            }
        }
        return (fitted(trimmingBlankLines(reading.text.output)), reading.links)
    }

    /// `text` in storage of its own length. Built by appending, its storage grew by
    /// doubling, and the trim hands the same storage back when there is nothing to trim:
    /// kept as it is, 6,000 posts' texts held 1.5 times their length.
    static func fitted(_ text: String) -> String {
        let length = text.utf8.count
        // Up to 15 bytes a string is held inline, in no storage at all.
        guard length > 15 else { return text }
        return String(unsafeUninitializedCapacity: length) { buffer in
            _ = buffer.initialize(fromContentsOf: text.utf8)
            return length
        }
    }

    /// The text as it is built: every line inside a quoted block starts with its bars.
    struct TextBuilder {
        var output = ""
        var quoteDepth = 0
        private var atLineStart = true

        mutating func append(_ text: String) {
            startLine()
            output += text
        }

        /// One character: the common case, without a string made for it.
        mutating func append(_ character: Character) {
            startLine()
            output.append(character)
        }

        private mutating func startLine() {
            if atLineStart, quoteDepth > 0 { output += String(repeating: HTMLText.quoteBar, count: quoteDepth) }
            atLineStart = false
        }

        /// Ends the line; `always`, even an empty one (`<br><br>` is a blank line).
        mutating func lineBreak(always: Bool = false) {
            if always || !atLineStart { output += "\n" }
            atLineStart = true
        }

        mutating func paragraphBreak() {
            lineBreak()
            if !output.hasSuffix("\n\n"), !output.isEmpty { output += "\n" }
        }
    }

    enum SpanKind { case plain, invisible, ellipsis }

    /// A tag's name (lowercased), whether it closes, and its attributes when asked.
    struct Tag {
        var name: String
        var isClosing: Bool
        /// What follows the name: the attributes, read only for the tags that need them.
        private var rest: Substring

        init(_ text: Substring) {
            let trimmed = text.drop { $0 == " " }
            isClosing = trimmed.first == "/"
            let body = isClosing ? trimmed.dropFirst() : trimmed
            let nameEnd = body.firstIndex { !($0.isLetter || $0.isNumber) } ?? body.endIndex
            name = String(body[..<nameEnd]).lowercased()
            rest = body[nameEnd...]
        }

        var classes: [Substring] { attribute("class")?.split(separator: " ") ?? [] }

        /// The value of attribute `wanted` (lowercase): quoted with either quote, or bare.
        func attribute(_ wanted: String) -> Substring? {
            var index = rest.startIndex
            func skip(while test: (Character) -> Bool) {
                while index < rest.endIndex, test(rest[index]) { index = rest.index(after: index) }
            }
            while index < rest.endIndex {
                skip { $0.isWhitespace || $0 == "/" }
                let nameStart = index
                skip { !$0.isWhitespace && $0 != "=" && $0 != "/" }
                let attributeName = rest[nameStart..<index]
                skip { $0.isWhitespace }
                var value: Substring = ""
                if index < rest.endIndex, rest[index] == "=" {
                    index = rest.index(after: index)
                    skip { $0.isWhitespace }
                    if index < rest.endIndex, rest[index] == "\"" || rest[index] == "'" {
                        let quote = rest[index]
                        let valueStart = rest.index(after: index)
                        let valueEnd = rest[valueStart...].firstIndex(of: quote) ?? rest.endIndex
                        value = rest[valueStart..<valueEnd]
                        index = valueEnd < rest.endIndex ? rest.index(after: valueEnd) : valueEnd
                    } else {
                        let valueStart = index
                        skip { !$0.isWhitespace }
                        value = rest[valueStart..<index]
                    }
                }
                if attributeName.lowercased() == wanted { return value }
                if attributeName.isEmpty, index < rest.endIndex { index = rest.index(after: index) }
            }
            return nil
        }
    }

    /// Plain text with its character references decoded: JSON Feed titles are plain text
    /// by the specification, but publishers escape them ("Blog &#8211; News"), and
    /// readers decode them.
    public static func decodingCharacterReferences(_ text: String) -> String {
        text.contains("&") ? decodingEntities(text[...]) : text
    }

    /// An attribute's text with its entities decoded.
    static func decodingEntities(_ value: Substring) -> String {
        var result = ""
        var index = value.startIndex
        while index < value.endIndex {
            if value[index] == "&", let (decoded, end) = reference(at: index, in: value) {
                result += decoded
                index = end
            } else {
                result.append(value[index])
                index = value.index(after: index)
            }
        }
        return result
    }

    /// The reference that starts at `index` (its `&`) in `text`: what it stands for, and
    /// where it ends (after its `;`); nil where no reference HTML knows starts there.
    private static func reference(at index: Substring.Index, in text: Substring) -> (String, Substring.Index)? {
        guard let semicolon = text[index...].prefix(HTMLEntities.longestName + 2).firstIndex(of: ";"),
            let decoded = entity(text[text.index(after: index)..<semicolon])
        else { return nil }
        return (decoded, text.index(after: semicolon))
    }

    /// The characters a reference (`eacute`, `#233`, `#xE9`) stands for; nil for none.
    private static func entity(_ name: Substring) -> String? {
        if let named = HTMLEntities.characters(named: name) { return named }
        guard name.first == "#" else { return nil }
        let digits = name.dropFirst()
        let value: UInt32?
        if digits.first == "x" || digits.first == "X" {
            value = UInt32(digits.dropFirst(), radix: 16)
        } else {
            value = UInt32(digits)
        }
        return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }

    /// Paragraph breaks at the end, and spaces around line breaks, are markup artefacts.
    private static func trimmingBlankLines(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingSpaces()
        }
        var result = lines.joined(separator: "\n")
        while result.hasSuffix("\n") { result.removeLast() }
        while result.hasPrefix("\n") { result.removeFirst() }
        return result
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        guard let first = firstIndex(where: { $0 != " " }), let last = lastIndex(where: { $0 != " " }) else {
            return ""
        }
        return self[first...last]
    }
}
