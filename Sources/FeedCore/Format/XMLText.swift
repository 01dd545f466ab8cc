/// Text written into XML (an SVG picture, an OPML file): the five characters XML gives a
/// meaning, as references, so that nothing in it can open markup.
public enum XMLText {
    public static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }
}
