/// An expanded post's text with each link's number after its words (`Jacques Distler[1]`),
/// found in order: each link's words are looked for after the last one's. A link whose
/// words are not in the text (an image's, or text the reading changed) is numbered at the
/// text's end, so that every number the list shows is on the screen.
public enum LinkNumbering {
    /// The text with the numbers, and what the row colours as links: each link's words with
    /// its number, or the number alone where the words are not found.
    public static func numbered(_ text: String, links: [PostLink]) -> (text: String, marked: [String]) {
        guard !links.isEmpty else { return (text, []) }
        var result = ""
        var rest = text[...]
        var marked: [String] = []
        var unplaced: [String] = []
        for (offset, link) in links.enumerated() {
            let number = "[\(offset + 1)]"
            guard !link.text.isEmpty, let found = rest.firstRange(of: link.text) else {
                unplaced.append(number)
                continue
            }
            result += rest[..<found.upperBound] + number
            rest = rest[found.upperBound...]
            marked.append(link.text + number)
        }
        result += rest
        if !unplaced.isEmpty {
            result += (result.isEmpty ? "" : " ") + unplaced.joined(separator: " ")
            marked += unplaced
        }
        return (result, marked)
    }
}
