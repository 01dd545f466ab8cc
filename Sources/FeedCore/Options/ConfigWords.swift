/// The words of one line of the configuration: separated by spaces, a value with spaces in
/// double quotes (`"swift ncurses"`, with `\"` and `\\` inside). A comment runs from a `#`
/// that begins the line, or that stands alone as a word after a setting, to the line's end;
/// elsewhere `#` is a letter, as in a colour such as `#ff8800`.
public enum ConfigWords {
    public struct ParseError: Error, Hashable, Sendable {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    public static func split(_ line: some StringProtocol) throws(ParseError) -> [String] {
        var words: [String] = []
        var characters = Array(line)[...]
        while let first = characters.first {
            if first.isWhitespace {
                characters.removeFirst()
                continue
            }
            if first == "#", words.isEmpty || characters.dropFirst().first?.isWhitespace ?? true { break }
            if first == "\"" {
                words.append(try quoted(&characters))
                continue
            }
            var word = String(characters.prefix { !$0.isWhitespace && $0 != "\"" })
            characters.removeFirst(word.count)
            // `mute="super bowl"`: a value after `=` may be quoted too.
            if word.hasSuffix("="), characters.first == "\"" { word += try quoted(&characters) }
            words.append(word)
        }
        return words
    }

    /// A quoted value, its quotes taken off and its escapes read.
    private static func quoted(_ characters: inout ArraySlice<Character>) throws(ParseError) -> String {
        characters.removeFirst()
        var value = ""
        while let character = characters.popFirst() {
            switch character {
            case "\"":
                if let next = characters.first, !next.isWhitespace {
                    throw ParseError(description: "a closing quote must end its word")
                }
                return value
            case "\\":
                guard let escaped = characters.popFirst(), escaped == "\"" || escaped == "\\" else {
                    throw ParseError(description: "inside quotes, a backslash goes before \" or \\ only")
                }
                value.append(escaped)
            default: value.append(character)
            }
        }
        throw ParseError(description: "a quote is opened and never closed")
    }
}
