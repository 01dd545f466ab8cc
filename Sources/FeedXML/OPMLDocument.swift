import FeedCore
import FoundationEssentials

/// An OPML file, the list of feeds other readers export: each `outline` with an
/// `xmlUrl`, at any depth, with its `title` or `text`. An outline without `xmlUrl` that
/// holds others is a folder: its name is a tag of the feeds inside, a folder in a folder
/// `Parent/Child` (as newsboat imports it). A feed listed in several folders is one feed
/// with each folder's tag.
public enum OPMLDocument {
    public struct Feed: Hashable, Sendable {
        public var url: String
        public var title: String?
        /// The folders it is in, each as a tag.
        public var tags: [String] = []
    }

    /// Whether `data` is OPML: `<opml` near its start, after the prolog.
    public static func looksLikeOPML(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(1024), as: UTF8.self).lowercased()
        return XMLFeedDecoder.looksLikeXML(data) && head.contains("<opml")
    }

    public static func feeds(_ data: Data) throws(Failure) -> [Feed] {
        var feeds: [Feed] = []
        var byURL: [String: Int] = [:]
        let outcome: Result<Void, Failure> = data.withUnsafeBytes { bytes in
            guard let reader = XMLReader(bytes) else { return .failure(.unexpected("the XML reader could not start")) }
            var sawRoot = false
            // The elements open around the node read: a folder's name, nil for the rest.
            var open: [String?] = []
            while let node = reader.next() {
                if case .end = node { _ = open.popLast() }
                guard case .start(let local, _, let empty) = node else { continue }
                let url = local == "outline" ? reader.attribute("xmlUrl")?.trimmingWhitespace() ?? "" : ""
                let name = (reader.attribute("title") ?? reader.attribute("text")).map(TextSanitizer.singleLine)
                defer {
                    if !empty {
                        open.append(local == "outline" && url.isEmpty ? name.flatMap(SourceTags.normalised) : nil)
                    }
                }
                if !sawRoot {
                    guard local == "opml" else { return .failure(.unexpectedShape("XML that is not OPML")) }
                    sawRoot = true
                }
                if reader.depth > XMLFeedDecoder.maximumDepth {
                    return .failure(.tooDeep(depth: reader.depth, limit: XMLFeedDecoder.maximumDepth))
                }
                guard !url.isEmpty else { continue }
                let folders = open.compactMap { $0 }
                let tag = folders.isEmpty ? [] : [folders.joined(separator: "/")]
                if let known = byURL[url] {
                    feeds[known].tags = SourceTags.all([feeds[known].tags, tag])
                } else {
                    byURL[url] = feeds.count
                    feeds.append(Feed(url: url, title: name.flatMap { $0.isEmpty ? nil : $0 }, tags: tag))
                }
            }
            return .success(())
        }
        try outcome.get()
        return feeds
    }
}
