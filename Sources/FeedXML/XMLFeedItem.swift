import FeedCore
import FoundationEssentials

/// The fields of one `item` or `entry` as they are read, and the post they make. Every
/// element is known by its vocabulary and local name (`XMLName`); every URL is made
/// absolute against the base the parse hands in.
struct XMLFeedItem {
    private var title: (text: String, isHTML: Bool)?
    private var link: String?
    private var guid: String?
    private var guidIsLink = false
    private var id: String?
    private var body: (text: String, isHTML: Bool)?
    private var summary: (text: String, isHTML: Bool)?
    private var podcastSummary: String?
    private var author: String?
    private var date: String?
    private var fallbackDate: String?
    /// Dublin Core's (and iTunes') words for the same fields: each stands in where the
    /// core element is missing, and the core element wins wherever it comes in the item.
    private var dublinCore = DublinCoreFields()
    private var media = XMLMediaList()

    /// Whether `name` is an item of a feed: RSS `item`, Atom `entry`.
    static func isItem(_ name: XMLName) -> Bool {
        name.is(.rss, "item") || name.isAtom("entry")
    }

    mutating func read(
        _ name: XMLName, parent: XMLName?, text: String, attributes: [String: String], base: String?
    ) {
        guard let vocabulary = name.vocabulary else { return }  // an extension the mapping does not read
        let value = text.trimmingWhitespace()
        let onItem = parent.map(Self.isItem) ?? false
        func absolute(_ url: String) -> String { XMLLinks.absolute(url, base: base) }
        switch (vocabulary, name.local) {
        case (.rss, "title") where onItem:
            title = (value, false)
        case (.dublinCore, "title") where onItem:
            dublinCore.title = dublinCore.title ?? value
        case (.dublinCore, "description") where onItem:
            dublinCore.description = dublinCore.description ?? text  // HTML, escaped, as RSS's
        case (.atom, "title") where onItem, (.atom03, "title") where onItem:
            title = AtomText.read(value, vocabulary: vocabulary, attributes: attributes)
        case (.rss, "link"):
            if !value.isEmpty { link = absolute(value) }
        case (.atom, "link"), (.atom03, "link"):
            if let href = attributes["href"].map(absolute) { takeAtomLink(href, attributes: attributes) }
        case (.rss, "guid"):
            guid = value
            guidIsLink = attributes["isPermaLink"]?.lowercased() != "false"
        case (.atom, "id"), (.atom03, "id"):
            id = value
        case (.content, "encoded"):
            body = (text, true)
        case (.xhtml, "body") where onItem:
            body = body ?? (text, false)
        case (.atom, "content"), (.atom03, "content"):
            if body == nil { body = AtomText.read(text, vocabulary: vocabulary, attributes: attributes) }
        case (.rss, "description"):
            summary = (text, true)  // RSS descriptions are HTML, escaped
        case (.atom, "summary"), (.atom03, "summary"):
            summary = AtomText.read(text, vocabulary: vocabulary, attributes: attributes)
        case (.iTunes, "summary"):
            podcastSummary = podcastSummary ?? value
        case (.media, _):
            takeMediaRSS(name, parent: parent, text: text, value: value, attributes: attributes, absolute: absolute)
        case (.rss, "enclosure"):
            let url = attributes["url"].map(absolute)
            media.add(url: url, kind: Attachment.kind(mimeType: attributes["type"], url: url))
        case (.atom, "name") where parent?.isAtom("author") == true,
            (.atom03, "name") where parent?.isAtom("author") == true:
            author = author ?? value
        case (.dublinCore, "creator"), (.dublinCore, "author"), (.iTunes, "author"):
            dublinCore.creator = dublinCore.creator ?? value
        case (.rss, "author"):
            // RSS: "mail@example.org (Ada Park)", or just a name.
            author = author ?? Self.rssAuthorName(value)
        case (.rss, "pubDate"), (.atom, "published"), (.atom03, "issued"):
            date = date ?? value
        case (.dublinCore, "date"), (.dublinCoreTerms, "created"), (.dublinCoreTerms, "issued"):
            dublinCore.date = dublinCore.date ?? value
        case (.atom, "updated"), (.atom03, "modified"), (.dublinCoreTerms, "modified"):
            fallbackDate = fallbackDate ?? value
        default:
            break
        }
    }

    /// An Atom link: the page for the alternate (or unnamed) relation; enclosures are
    /// attachments.
    private mutating func takeAtomLink(_ href: String, attributes: [String: String]) {
        let relation = attributes["rel"] ?? "alternate"
        if relation == "enclosure" {
            media.add(
                url: href, kind: Attachment.kind(mimeType: attributes["type"], url: href), text: attributes["title"])
        }
        if relation == "alternate" || link == nil && !["enclosure", "replies", "self", "edit"].contains(relation) {
            link = href
        }
    }

    /// Media RSS's elements: the item's attachments, their thumbnails and their words.
    private mutating func takeMediaRSS(
        _ name: XMLName, parent: XMLName?, text: String, value: String, attributes: [String: String],
        absolute: (String) -> String
    ) {
        switch name.local {
        case "content":
            let url = attributes["url"].map(absolute)
            media.add(
                url: url,
                kind: Attachment.kind(medium: attributes["medium"], mimeType: attributes["type"], url: url),
                width: attributes["width"].flatMap { Int($0) }, height: attributes["height"].flatMap { Int($0) },
                isDefault: attributes["isDefault"] == "true",
                fromGroup: parent?.is(.media, "group") == true)
        case "thumbnail":
            if let url = attributes["url"] { media.thumbnail(absolute(url), parent: parent) }
        case "group":
            media.closeGroup()
        case "description", "title":
            let isHTML = AtomText.read(text, vocabulary: .atom, attributes: attributes)?.isHTML ?? false
            media.describe(isHTML ? HTMLText.plainText(text) : value, isTitle: name.local == "title", parent: parent)
        default:
            break
        }
    }

    /// The post; nil for an item with nothing to show. Its identity is its guid or id,
    /// else its link, else a digest of what it says, the same on every load.
    var post: Post? {
        let summary = summary ?? dublinCore.description.map { ($0, true) }
        let author = author ?? dublinCore.creator
        let date = date ?? dublinCore.date
        let permalink = guidIsLink && guid.map { $0.hasPrefix("http://") || $0.hasPrefix("https://") } == true
        let url = link ?? (permalink ? guid : nil)
        var attachments = media.attachments
        let html = (body ?? summary).flatMap { $0.isHTML ? HTMLText.read($0.text) : nil }
        var text = html?.text ?? (body ?? summary).map { $0.text.trimmingWhitespace() }
        if text?.isEmpty ?? true, let description = media.looseDescription ?? podcastSummary {
            // A video's description is its post's text (YouTube): said once, not again
            // on the video's line.
            text = description
            for index in attachments.indices where attachments[index].description == description {
                attachments[index].description = nil
            }
        }
        let shownTitle = (title ?? dublinCore.title.map { ($0, false) }).map {
            $0.isHTML ? HTMLText.plainText($0.text) : $0.text.trimmingWhitespace()
        }
        .flatMap { $0.isEmpty ? nil : $0 }
        let content = text ?? ""
        guard shownTitle != nil || !content.isEmpty || !attachments.isEmpty || url != nil else { return nil }
        let stated = [guid, id, url].lazy.compactMap { $0 }.first { !$0.isEmpty }
        let identity =
            stated
            ?? Self.digest(title: shownTitle, text: content, date: date ?? fallbackDate, attachments: attachments)
        var post = Post(
            id: .string(identity), author: Author(name: author ?? ""), title: shownTitle, content: content,
            likes: nil, createdAt: (date ?? fallbackDate).flatMap(FeedDate.parse), url: url,
            attachments: attachments)
        if content == html?.text { post.links = html?.links ?? [] }
        return post
    }

    /// An id for an item that states none, from what it says: stable across loads and
    /// runs (FNV-1a, not Swift's per-process `Hasher`), so that refresh, dedup and likes
    /// know it again.
    static func digest(title: String?, text: String, date: String?, attachments: [Attachment]) -> String {
        var hash = FNV1a()
        for field in [title ?? "", text, date ?? "", attachments.compactMap(\.url).joined(separator: " ")] {
            hash.add(field.utf8)
            hash.endField()
        }
        return "digest:" + hash.hex
    }

    /// The Dublin Core elements of an item, as they came (the first of each).
    struct DublinCoreFields {
        var title: String?
        var description: String?
        var creator: String?
        var date: String?
    }

    static func rssAuthorName(_ value: String) -> String {
        if let open = value.firstIndex(of: "("), let close = value.lastIndex(of: ")"), open < close {
            let name = value[value.index(after: open)..<close].trimmingWhitespace()
            if !name.isEmpty { return name }
        }
        return value
    }
}
