import FeedCore
import FoundationEssentials

/// RSS 2.0 (and 0.9x), RSS 1.0 (RDF) and Atom 1.0 (and 0.3), read with the streaming
/// reader: never a tree of the whole feed. Each item is mapped as feed readers agree:
/// title; author from Atom `author/name`, `dc:creator`, RSS `author` or `itunes:author`,
/// else the feed's author, else the feed itself (its title and picture); time from
/// `pubDate`, `dc:date`, `published` or `updated`; content from `content:encoded`,
/// `xhtml:body` or `description`, Atom `content` or `summary` by their `type`; link from
/// `link` (`rel="alternate"`), made absolute; id from `guid`, `id`, else the link, else a
/// digest of what the item says. Elements are known by namespace, not prefix.
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

    /// `documentURL` is where the document was fetched from (after redirects), the base of
    /// its relative links; `charset` is the HTTP `Content-Type`'s, which outranks the
    /// document's own declaration (RFC 7303).
    public static func decode(_ data: Data, documentURL: String? = nil, charset: String? = nil) throws(Failure)
        -> Feed
    {
        let bytes = XMLDocumentBytes(data, charset: charset)
        var (parse, encodingFailed) = try read(bytes, documentURL: documentURL)
        if encodingFailed, let encoding = bytes.encoding, encoding != "UTF-8" {
            // Bytes that are not valid in the encoding the document claims: windows-1252,
            // as browsers and other readers fall back.
            parse = try read(bytes.asWindows1252(), documentURL: documentURL).parse
        }
        guard parse.kind != nil else {
            if parse.unreadable { throw Failure.unexpectedShape("XML that cannot be read as a feed") }
            throw Failure.unexpectedShape("XML of no known feed shape: expected <rss>, <feed> or <rdf:RDF>")
        }
        var feed = Feed(title: parse.feedTitle.map(TextSanitizer.singleLine), posts: [], nextPage: parse.nextPage)
        feed.cutShort = parse.stopReason
        feed.refreshFloor = parse.refreshFloor
        for (number, item) in parse.items.enumerated() {
            guard let post = item.post else {
                feed.skipped += 1
                if feed.firstSkipReason == nil {
                    feed.firstSkipReason = "post \(number + 1): an item with nothing to show"
                }
                continue
            }
            feed.posts.append(post)
        }
        // A post with no author is the feed's: its author, else the feed by its title and picture.
        if let author = parse.feedAuthor, !author.isEmpty {
            feed.attributeAuthorless(to: Author(name: author, avatarURL: parse.feedIcon))
        }
        if let title = feed.title?.trimmingWhitespace(), !title.isEmpty {
            feed.attributeAuthorless(to: Author(name: title, avatarURL: parse.feedIcon))
        }
        feed.lendAvatar(parse.feedIcon)
        feed.posts = feed.posts.map { $0.sanitized() }
        if feed.posts.isEmpty, let reason = feed.firstSkipReason { throw Failure.noPostReadable(reason: reason) }
        return feed
    }

    private static func read(_ bytes: XMLDocumentBytes, documentURL: String?) throws(Failure) -> (
        parse: XMLFeedParse, encodingFailed: Bool
    ) {
        var parse = XMLFeedParse(documentURL: documentURL)
        var encodingFailed = false
        let data = LooseEntities.fixed(bytes.data)
        let outcome: Result<Void, Failure> = data.withUnsafeBytes { raw in
            guard let reader = XMLReader(raw, encoding: bytes.encoding) else {
                return .failure(.unexpected("the XML reader could not start"))
            }
            defer { encodingFailed = reader.encodingFailed }
            return Result { () throws(Failure) in try parse.read(reader) }
        }
        try outcome.get()
        return (parse, encodingFailed)
    }
}
