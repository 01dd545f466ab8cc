import FeedCore

/// The manual pages' language (man(7) macros over roff): text made safe to print as it is
/// written, and the few requests the pages use. `man` runs the text through groff or mandoc,
/// and both must read every character as the words it was, not as a request.
enum Roff {
    /// `text` as roff prints it: a backslash escaped, every hyphen a minus sign (so that an
    /// option copied from the page is one the parser takes), a character beyond ASCII by its
    /// code point (`\[u2014]`: no input encoding to guess), and `code` in bold, as the
    /// tables' Markdown marks words to type.
    static func text(_ text: String) -> String {
        var out = ""
        var bold = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "`":
                out += bold ? "\\fR" : "\\fB"
                bold.toggle()
            case "\t": out += " "
            case _ where scalar.isASCII: out.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return bold ? out + "\\fR" : out
    }

    /// A paragraph's text as the source of a page is written: a sentence a line, and no line
    /// longer than 80 bytes where a space allows (roff fills them again; mandoc's lint asks
    /// for both).
    static func line(_ text: String) -> String {
        var lines: [String] = []
        var current = ""
        for word in Self.text(text).split(separator: " ") {
            if !current.isEmpty, current.utf8.count + 1 + word.utf8.count > 80 {
                lines.append(current)
                current = ""
            }
            current += current.isEmpty ? String(word) : " " + word
            if word.count > 1, let last = word.last, ".?!".contains(last) {
                lines.append(current)
                current = ""
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines.map(protected).joined(separator: "\n")
    }

    /// A line as it is, spaces and all (an example's, inside `.EX`).
    static func literal(_ text: String) -> String { protected(Self.text(text)) }

    /// A line that would begin with a request's dot or apostrophe, or a space (a break),
    /// begins with the zero-width `\&` instead.
    private static func protected(_ line: String) -> String {
        guard let first = line.first, first == "." || first == "'" || first == " " else { return line }
        return "\\&" + line
    }

    static func bold(_ text: String) -> String { "\\fB" + Self.text(text) + "\\fR" }

    static func italic(_ text: String) -> String { "\\fI" + Self.text(text) + "\\fR" }

    /// A page's first lines: where it came from, its title line (the version's date as it
    /// is: a hyphen there is a hyphen, not a minus) and its NAME.
    static func header(name: String, section: Int, kind: String, generate: String, what: String) -> [String] {
        [
            ".\\\" \(name)(\(section)), written by shimmerfeed --generate \(generate) from its own tables.",
            ".TH \(text(name.uppercased())) \(section) \"\(Version.date)\" \(quoted("shimmerfeed " + Version.current)) "
                + quoted(kind),
            Self.section("NAME"),
            "\(text(name)) \\- \(text(what))",
        ]
    }

    /// Paragraphs of text, a paragraph break between each two.
    static func paragraphs(_ texts: [String]) -> [String] {
        texts.enumerated().flatMap { index, text in (index > 0 ? [".PP"] : []) + [line(text)] }
    }

    /// A section's heading.
    static func section(_ name: String) -> String { ".SH " + quoted(name) }

    static func subsection(_ name: String) -> String { ".SS " + quoted(name) }

    /// A macro's argument, in quotes (a quote inside it written as \(dq, which both groff and
    /// mandoc read).
    static func quoted(_ text: String) -> String {
        "\"" + Self.text(text).replacing("\"", with: "\\(dq") + "\""
    }

    /// A tagged paragraph: `tag` (already marked up) on a line, `body` indented below.
    static func tagged(_ tag: String, _ body: String) -> [String] {
        [".TP", tag.hasPrefix(".") || tag.hasPrefix("'") ? "\\&" + tag : tag, line(body)]
    }

    /// Words to type, in bold, and the words that stand for what to give (upper case, or
    /// choices apart by `|`) in italics: `\fBlogout\fR \fISERVER\fR`.
    static func usage(_ words: String) -> String {
        words.split(separator: " ").map { word -> String in
            let bare = String(word).trimmed(of: "[]…")
            let stands = bare.contains("|") || (bare.contains { $0.isLetter } && bare == bare.uppercased())
            return stands && !bare.hasPrefix("-") ? placeholder(String(word)) : bold(String(word))
        }.joined(separator: " ")
    }

    /// What stands for a value: each choice (`auto|dark|light`) or name (`SECONDS`) in
    /// italics, brackets and the `|` between them upright.
    static func placeholder(_ value: String) -> String {
        value.split(separator: "|", omittingEmptySubsequences: false).map { choice in
            let before = String(choice.prefix { $0 == "[" })
            let after = String(choice.reversed().prefix { "]…".contains($0) }.reversed())
            return text(before) + italic(String(choice).trimmed(of: "[]…")) + text(after)
        }.joined(separator: "|")
    }
}

extension String {
    /// Without the characters of `set` at either end.
    fileprivate func trimmed(of set: String) -> String {
        var scalars = Substring(self)
        while let first = scalars.first, set.contains(first) { scalars.removeFirst() }
        while let last = scalars.last, set.contains(last) { scalars.removeLast() }
        return String(scalars)
    }
}
