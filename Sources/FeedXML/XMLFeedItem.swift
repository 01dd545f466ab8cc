import FeedCore
import FoundationEssentials

/// The fields of one `item` or `entry` as they are read, and the post they make.
struct XMLFeedItem {
    private var title: String?
    private var titleIsHTML = false
    private var link: String?
    private var guid: String?
    private var guidIsLink = false
    private var id: String?
    private var body: (text: String, isHTML: Bool)?
    private var summary: (text: String, isHTML: Bool)?
    private var author: String?
    private var date: String?
    private var fallbackDate: String?
    private var media = XMLMediaList()

    mutating func take(
        _ local: String, namespace: String?, parent: String?, text: String, attributes: [String: String]
    ) {
        let value = text.trimmingWhitespace()
        let htmlType = Self.isHTML(attributes["type"])
        switch (local, namespace) {
        case ("title", let space) where (parent == "item" || parent == "entry") && space != XMLFeedParse.media:
            title = value
            titleIsHTML = htmlType
        case ("link", _):
            // RSS: the text. Atom: `href`, for the alternate (or unnamed) relation.
            if let href = attributes["href"] {
                let relation = attributes["rel"] ?? "alternate"
                if relation == "enclosure" {
                    media.add(url: href, kind: Attachment.kind(mimeType: attributes["type"]), text: attributes["title"])
                }
                if relation == "alternate" || link == nil && relation != "enclosure" && relation != "replies" {
                    link = href
                }
            } else if !value.isEmpty {
                link = value
            }
        case ("guid", _):
            guid = value
            guidIsLink = attributes["isPermaLink"]?.lowercased() != "false"
        case ("id", _):
            id = value
        case ("encoded", XMLFeedParse.content):
            body = (text, true)
        case ("content", XMLFeedParse.media):
            media.add(url: attributes["url"], kind: XMLMediaList.kind(attributes), fromGroup: parent == "group")
        case ("group", XMLFeedParse.media):
            media.closeGroup()
        case ("description", XMLFeedParse.media), ("title", XMLFeedParse.media):
            media.describe(htmlType ? HTMLText.plainText(text) : value, isTitle: local == "title", parent: parent)
        case ("enclosure", _):
            media.add(url: attributes["url"], kind: Attachment.kind(mimeType: attributes["type"]))
        case ("content", _):
            if body == nil { body = (text, htmlType) }
        case ("description", _):
            summary = (text, true)  // RSS descriptions are HTML, escaped
        case ("summary", _) where namespace != XMLFeedParse.iTunes:
            summary = (text, htmlType)
        case ("name", _) where parent == "author":
            author = author ?? value
        case ("creator", XMLFeedParse.dublinCore):
            author = author ?? value
        case ("author", nil), ("author", ""):
            // RSS: "mail@example.org (Ada Park)", or just a name.
            author = author ?? Self.rssAuthorName(value)
        case ("author", XMLFeedParse.iTunes):
            author = author ?? value
        case ("pubDate", _), ("date", XMLFeedParse.dublinCore), ("published", _), ("issued", _):
            date = date ?? value
        case ("updated", _), ("modified", _):
            fallbackDate = fallbackDate ?? value
        default:
            break
        }
    }

    /// The post; nil for an item with nothing to know it by.
    var post: Post? {
        let permalink = guidIsLink && guid.map { $0.hasPrefix("http://") || $0.hasPrefix("https://") } == true
        let url = link ?? (permalink ? guid : nil)
        guard let identity = guid ?? id ?? url, !identity.isEmpty else { return nil }
        var attachments = media.attachments
        var text = (body ?? summary).map { $0.isHTML ? HTMLText.plainText($0.text) : $0.text.trimmingWhitespace() }
        if text?.isEmpty ?? true, let description = media.looseDescription {
            // A video's description is its post's text (YouTube): said once, not again
            // on the video's line.
            text = description
            for index in attachments.indices where attachments[index].description == description {
                attachments[index].description = nil
            }
        }
        return Post(
            id: .string(identity), author: Author(name: author ?? ""),
            title: title.map { titleIsHTML ? HTMLText.plainText($0) : $0 }, content: text ?? "",
            likes: nil, createdAt: (date ?? fallbackDate).flatMap(FeedDate.parse), url: url,
            attachments: attachments)
    }

    /// Atom's `type`: `html` is escaped markup, to be turned into text; `xhtml` arrives as
    /// elements, whose text the reader has already gathered; `text` (or none) is plain.
    /// RSS 2.0 gives no type: its fields that hold HTML are read as such where taken.
    static func isHTML(_ type: String?) -> Bool {
        guard let type = type?.lowercased() else { return false }
        return type == "html" || type == "text/html"
    }

    static func rssAuthorName(_ value: String) -> String {
        if let open = value.firstIndex(of: "("), let close = value.lastIndex(of: ")"), open < close {
            let name = value[value.index(after: open)..<close].trimmingWhitespace()
            if !name.isEmpty { return name }
        }
        return value
    }
}
