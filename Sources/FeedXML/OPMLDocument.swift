import FeedCore
import FoundationEssentials

/// An OPML file, the list of feeds other readers export: each `outline` with an
/// `xmlUrl`, at any depth (folders are outlines too), with its `title` or `text`.
public enum OPMLDocument {
    public struct Feed: Hashable, Sendable {
        public var url: String
        public var title: String?
    }

    /// Whether `data` is OPML: `<opml` near its start, after the prolog.
    public static func looksLikeOPML(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(1024), as: UTF8.self).lowercased()
        return XMLFeedDecoder.looksLikeXML(data) && head.contains("<opml")
    }

    public static func feeds(_ data: Data) throws(Failure) -> [Feed] {
        var feeds: [Feed] = []
        let outcome: Result<Void, Failure> = data.withUnsafeBytes { bytes in
            guard let reader = XMLReader(bytes) else { return .failure(.unexpected("the XML reader could not start")) }
            var sawRoot = false
            while let node = reader.next() {
                guard case .start(let local, _, _) = node else { continue }
                if !sawRoot {
                    guard local == "opml" else { return .failure(.unexpectedShape("XML that is not OPML")) }
                    sawRoot = true
                }
                if reader.depth > XMLFeedDecoder.maximumDepth {
                    return .failure(.tooDeep(depth: reader.depth, limit: XMLFeedDecoder.maximumDepth))
                }
                guard local == "outline", let url = reader.attribute("xmlUrl")?.trimmingWhitespace(), !url.isEmpty
                else { continue }
                let title = (reader.attribute("title") ?? reader.attribute("text")).map(TextSanitizer.singleLine)
                feeds.append(Feed(url: url, title: title.flatMap { $0.isEmpty ? nil : $0 }))
            }
            return .success(())
        }
        try outcome.get()
        return feeds
    }
}
