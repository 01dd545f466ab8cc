import FoundationEssentials

/// Every URL a feed gives is made absolute where it is read: against the `xml:base` in
/// force, else the document's own URL (after redirects), else the feed's `<link>`.
enum XMLLinks {
    /// `value` resolved against `base`; unchanged when it is absolute already, when there
    /// is no absolute base, or when it is no URL at all.
    static func absolute(_ value: String, base: String?) -> String {
        let value = value.trimmingWhitespace()
        guard !hasScheme(value), let base, hasScheme(base), let baseURL = URL(string: base),
            let resolved = URL(string: value, relativeTo: baseURL)?.absoluteString
        else { return value }
        return resolved
    }

    /// Whether `text` starts with a URI scheme (`https:`, `mailto:`).
    static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon > text.startIndex,
            let first = text.first, first.isASCII, first.isLetter
        else { return false }
        return text[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }
}
