import FeedCore
import FoundationEssentials

/// RSS 2.0 (and 0.9x), RSS 1.0 (RDF) and Atom 1.0 (and 0.3), read with the streaming
/// reader: never a tree of the whole feed. Each item is mapped as feed readers agree:
/// title; author from Atom `author/name`, `dc:creator`, RSS `author` or `itunes:author`,
/// else the feed's; time from `pubDate`, `dc:date`, `published` or `updated`; content from
/// `content:encoded` or `description`, Atom `content` or `summary` by their `type`; link
/// from `link` (`rel="alternate"`); id from `guid`, `id`, else the link.
public enum XMLFeedDecoder {
    /// How deep a feed may nest: real feeds stay within a dozen levels.
    public static let maximumDepth = 64

    /// Whether `data` looks like XML: after a byte-order mark and white space, `<`.
    public static func looksLikeXML(_ data: Data) -> Bool {
        let head = data.prefix(64)
        if head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE]) {
            return head.dropFirst(2).first { $0 != 0 && $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
                == UInt8(ascii: "<")
        }
        return DocumentStart.firstByte(of: head) == UInt8(ascii: "<")
    }

    /// `data` from its first `<` within the first kilobyte: for a body the server says is
    /// XML that starts with stray bytes. Unchanged when there is none.
    public static func fromFirstTag(_ data: Data) -> Data {
        guard let first = data.prefix(1024).firstIndex(of: UInt8(ascii: "<")) else { return data }
        return Data(data[first...])
    }

    public static func decode(_ data: Data) throws(Failure) -> Feed {
        var parse = XMLFeedParse()
        let data = LooseEntities.fixed(data)
        let outcome: Result<Void, Failure> = data.withUnsafeBytes { bytes in
            guard let reader = XMLReader(bytes) else { return .failure(.unexpected("the XML reader could not start")) }
            return Result { () throws(Failure) in try parse.read(reader) }
        }
        try outcome.get()
        guard parse.kind != nil else {
            if parse.unreadable { throw Failure.unexpectedShape("XML that cannot be read as a feed") }
            throw Failure.unexpectedShape("XML of no known feed shape: expected <rss>, <feed> or <rdf:RDF>")
        }
        var feed = Feed(title: parse.feedTitle.map(TextSanitizer.singleLine), posts: [], nextPage: parse.nextPage)
        feed.cutShort = parse.stopReason
        for (number, item) in parse.items.enumerated() {
            guard var post = item.post else {
                feed.skipped += 1
                if feed.firstSkipReason == nil {
                    feed.firstSkipReason = "post \(number + 1): an item with neither an id nor a link"
                }
                continue
            }
            if post.author.name.isEmpty, let author = parse.feedAuthor { post.author = Author(name: author) }
            feed.posts.append(post.sanitized())
        }
        if feed.posts.isEmpty, let reason = feed.firstSkipReason { throw Failure.noPostReadable(reason: reason) }
        return feed
    }
}
