/// What an HTTP `Content-Type` says about a body: which family of feed it claims to be.
/// It is a hint, weighed with the body's own shape: servers often send feeds as
/// `text/html` or `application/octet-stream`, rarely the reverse.
public enum MediaType: Hashable, Sendable {
    /// RSS, Atom or other XML.
    case xml
    /// JSON Feed, a server's API, or other JSON.
    case json
    /// A web page: where a feed was expected, usually an error or login page.
    case html
    /// Anything else, or no header at all.
    case unknown

    /// `application/rss+xml; charset=utf-8` → `.xml`.
    public init(contentType: String?) {
        let essence = (contentType ?? "").lowercased().prefix { $0 != ";" }.filter { !$0.isWhitespace }
        switch essence {
        case "text/html", "application/xhtml+xml": self = .html
        case _ where essence.hasSuffix("/xml") || essence.hasSuffix("+xml"): self = .xml
        case _ where essence.hasSuffix("/json") || essence.hasSuffix("+json"): self = .json
        default: self = .unknown
        }
    }

    /// The `charset` parameter of a `Content-Type`: `text/xml; charset="ISO-8859-1"` →
    /// `ISO-8859-1`; nil when there is none.
    public static func charset(ofContentType contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingWhitespace().lowercased() == "charset" else { continue }
            var value = pair[1].trimmingWhitespace()
            if value.count > 1, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// The formats asked for, best first: JSON Feed, the other JSON, then the XML feeds.
    public static let accept =
        "application/feed+json, application/atom+xml, application/rss+xml, application/json;q=0.9, "
        + "application/rdf+xml;q=0.8, application/xml;q=0.8, text/xml;q=0.8, */*;q=0.1"
}
