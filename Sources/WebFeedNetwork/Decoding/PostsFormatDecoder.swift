import FeedCore
import FoundationEssentials

/// One element of our posts array.
struct PostRecord: Decodable, FeedEntry {
    var id: FlexibleID
    var author: AuthorRecord
    var title: String?
    var content: String
    var likes: Int
    var createdAt: String
    var url: String?

    struct AuthorRecord: Decodable {
        var name: String
        var handle: String?
        var avatar: String?
    }

    var post: Post? {
        Post(
            id: id.value,
            author: Author(name: author.name, handle: author.handle, avatarURL: author.avatar),
            title: title, content: content, likes: likes,
            createdAt: FeedDate.parse(createdAt), url: url)
    }
}

/// An id that may be a JSON number or a string.
struct FlexibleID: Decodable {
    var value: PostID

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int64.self) {
            value = .number(number)
        } else if let text = try? container.decode(String.self) {
            value = .string(text)
        } else {
            throw DecodingError.typeMismatch(
                PostID.self,
                .init(codingPath: decoder.codingPath, debugDescription: "expected a number or a string"))
        }
    }
}
