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

    struct JSONFeedAuthor: Decodable {
        var name: String?
        var url: String?
        var avatar: String?
    }

    /// Items without an id are ignored, as the specification says.
    var post: Post? {
        guard let id else { return nil }
        let writer = authors?.first ?? author
        let content = contentText ?? contentHtml.map(HTMLText.plainText) ?? summary ?? ""
        return Post(
            id: id.value,
            author: Author(name: writer?.name ?? "", handle: nil, avatarURL: writer?.avatar),
            title: title, content: content, likes: nil,
            createdAt: datePublished.flatMap(FeedDate.parse), url: url)
    }
}

/// The fields of a JSON Feed document besides its items.
struct JSONFeedHeader: Decodable {
    var title: String?
    var nextUrl: String?
}
