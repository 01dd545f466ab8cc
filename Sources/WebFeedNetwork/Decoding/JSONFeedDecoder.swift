import FeedCore
import FoundationEssentials

/// One item of a JSON Feed (jsonfeed.org, version 1.1; 1.0's `author` is read too).
struct JSONFeedItem: Decodable, FeedEntry {
    var id: FlexibleID?
    var url: String?
    var title: String?
    var contentText: String?
    var contentHtml: String?
    var summary: String?
    var datePublished: String?
    var authors: [JSONFeedAuthor]?
    var author: JSONFeedAuthor?
    var attachments: [JSONFeedAttachment]?
    /// The item's main picture.
    var image: String?

    /// A podcast episode, a picture: `title` is optional, `mime_type` says what it is.
    struct JSONFeedAttachment: Decodable {
        var url: String?
        var mimeType: String?
        var title: String?

        var attachment: Attachment {
            Attachment(
                kind: Attachment.kind(mimeType: mimeType, url: url), description: title?.trimmingWhitespace(),
                url: url)
        }
    }

    struct JSONFeedAuthor: Decodable {
        var name: String?
        var url: String?
        var avatar: String?
    }

    static var ignoredReason: String { "an item with neither an id nor a url" }

    /// An item without an id takes its url as one (feeds made by some tools have no ids);
    /// with neither it is skipped, and the status line says so. The HTML body is preferred:
    /// some feeds put Markdown or raw HTML in `content_text`.
    var post: Post? {
        guard let id = id?.value ?? url.map(PostID.string) else { return nil }
        let writer = authors?.first ?? author
        let html = contentHtml.map(HTMLText.read)
        var post = Post(
            id: id,
            author: Author(name: writer?.name ?? "", handle: nil, avatarURL: writer?.avatar),
            title: title.map(HTMLText.decodingCharacterReferences), content: html?.text ?? contentText ?? summary ?? "",
            likes: nil, createdAt: datePublished.flatMap(FeedDate.parse), url: url,
            attachments: pictures)
        post.links = html?.links ?? []
        return post
    }

    /// The attachments, the item's `image` first unless an attachment is that picture.
    var pictures: [Attachment] {
        let listed = attachments?.map(\.attachment) ?? []
        guard let image, !image.isEmpty, !listed.contains(where: { $0.url == image }) else { return listed }
        return [Attachment(kind: .image, url: image)] + listed
    }
}

/// The fields of a JSON Feed document besides its items.
struct JSONFeedHeader: Decodable {
    var title: String?
    var nextUrl: String?
    /// The feed's author (1.1 `authors`, 1.0 `author`): every item without one of its own
    /// has it.
    var authors: [JSONFeedItem.JSONFeedAuthor]?
    var author: JSONFeedItem.JSONFeedAuthor?
    var icon: String?
    var favicon: String?

    /// The title as text: publishers escape it as if it were HTML.
    var plainTitle: String? { title.map(HTMLText.decodingCharacterReferences) }

    /// Who an item with no author of its own is by: the feed's author, else the feed
    /// itself, by its title and icon.
    var inheritedAuthor: Author? {
        if let writer = authors?.first ?? author, let name = writer.name, !name.isEmpty {
            return Author(name: name, handle: nil, avatarURL: writer.avatar)
        }
        guard let title = plainTitle?.trimmingWhitespace(), !title.isEmpty else { return nil }
        return Author(name: title, avatarURL: icon ?? favicon)
    }
}
