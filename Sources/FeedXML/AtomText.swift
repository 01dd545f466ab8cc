import FeedCore
import FoundationEssentials

/// The text of an Atom text construct or content element, by its `type` (RFC 4287 §3.1
/// and §4.1.3) and, in Atom 0.3, its `mode`.
enum AtomText {
    /// The text and whether it is HTML to be turned into text; nil when the element holds
    /// no text: its content is elsewhere (`src`), or binary.
    static func read(_ raw: String, vocabulary: XMLVocabulary?, attributes: [String: String]) -> (
        text: String, isHTML: Bool
    )? {
        guard attributes["src"] == nil else { return nil }
        let type = attributes["type"]?.lowercased().trimmingWhitespace()
        if vocabulary == .atom03 {
            // Atom 0.3: the type is a MIME type (text/plain by default); `mode` says how
            // it is written: inline XML (the default), escaped, or base64.
            let isHTML = type == "text/html" || type == "html"
            switch attributes["mode"]?.lowercased() {
            case "base64": return base64Text(raw).map { ($0, isHTML) }
            case "escaped": return (raw, isHTML)
            default: return (raw, false)
            }
        }
        switch type {
        case nil, "", "text", "xhtml", "text/plain": return (raw, false)
        case "html", "text/html": return (raw, true)
        case let type? where type.hasSuffix("+xml") || type.hasSuffix("/xml") || type.hasPrefix("text/"):
            return (raw, false)
        default:
            // Any other MIME type is base64 (RFC 4287 §4.1.3.3): text when it decodes to
            // text, else nothing to show.
            return base64Text(raw).map { ($0, false) }
        }
    }

    /// `raw` decoded from base64, when that gives UTF-8 text.
    static func base64Text(_ raw: String) -> String? {
        let compact = raw.filter { !$0.isWhitespace }
        guard let data = Data(base64Encoded: compact), let text = String(validating: data, as: UTF8.self),
            !text.unicodeScalars.contains(where: { $0.value == 0 })
        else { return nil }
        return text
    }
}
