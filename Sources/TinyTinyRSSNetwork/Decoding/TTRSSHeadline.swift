import FeedCore
import FoundationEssentials

/// One article of `getHeadlines` (with `show_content` and `include_attachments`), as tt-rss
/// 21 answers it: its id, read and starred ("marked") state, time, title, link, the HTML
/// content, the feed's title, and its enclosures.
struct TTRSSHeadline: Decodable, Sendable {
    var id: TTRSSNumber
    var unread: TTRSSFlag?
    var marked: TTRSSFlag?
    var updated: TTRSSNumber?
    var title: String?
    var link: String?
    var feedId: TTRSSNumber?
    var feedTitle: String?
    var author: String?
    var content: String?
    var attachments: [Lenient<Enclosure>]?
    var flavorImage: String?

    struct Enclosure: Decodable, Sendable {
        var contentUrl: String?
        var contentType: String?
        var title: String?
        var width: TTRSSNumber?
        var height: TTRSSNumber?

        private enum CodingKeys: String, CodingKey {
            case contentUrl, contentType, title, width, height
        }

        // A size tt-rss did not know is "" or "0": the enclosure without it.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            contentUrl = try? container.decode(String.self, forKey: .contentUrl)
            contentType = try? container.decode(String.self, forKey: .contentType)
            title = try? container.decode(String.self, forKey: .title)
            width = (try? container.decode(TTRSSNumber.self, forKey: .width)).flatMap { $0.value > 0 ? $0 : nil }
            height = (try? container.decode(TTRSSNumber.self, forKey: .height)).flatMap { $0.value > 0 ? $0 : nil }
        }
    }

    /// The article as a post of feed `feed` (whose icon, where it has one, is the row's
    /// avatar).
    func post(feed: TTRSSFeed?) -> Post {
        let html = content ?? ""
        let (text, links) = HTMLText.read(html)
        let feedTitle = feedTitle ?? feed?.title ?? ""
        let writer = author?.trimmingWhitespace() ?? ""
        var pictures: [Attachment] =
            (attachments ?? []).compactMap(\.value).compactMap { enclosure in
                guard let url = enclosure.contentUrl, !url.isEmpty else { return nil }
                return Attachment(
                    kind: Attachment.kind(mimeType: enclosure.contentType, url: url),
                    description: enclosure.title.flatMap { $0.isEmpty ? nil : $0 }, url: url,
                    width: enclosure.width?.value, height: enclosure.height?.value)
            }
        if pictures.isEmpty, let flavor = flavorImage, !flavor.isEmpty, !html.contains(flavor) {
            pictures = [Attachment(kind: .image, url: flavor)]
        }
        var post = Post(
            id: .number(Int64(id.value)),
            author: Author(
                name: writer.isEmpty ? feedTitle : writer, handle: writer.isEmpty ? nil : feedTitle,
                avatarURL: feed?.iconURL),
            title: title.map(HTMLText.decodingCharacterReferences), content: text, likes: nil,
            createdAt: updated.flatMap { $0.value > 0 ? Date(timeIntervalSince1970: Double($0.value)) : nil },
            url: link, attachments: pictures, statusID: String(id.value),
            marks: marked?.value == true ? .favourited : [])
        post.links = links
        post.network = TinyTinyRSS.id
        post.readOnServer = unread.map { !$0.value }
        return post.sanitized()
    }
}
