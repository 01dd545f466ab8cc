import Foundation

/// Our own feed format: `{"posts": [...]}` or a bare array of posts, snake_case keys.
///
/// Each post is decoded on its own, so one bad post is skipped and counted instead of
/// failing the whole feed.
public enum PostsFormatDecoder {
    public static func decode(_ data: Data) throws(FeedError) -> Feed {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let document: Document
        do {
            document = try decoder.decode(Document.self, from: data)
        } catch {
            throw FeedErrorDescription.describe(error, data: data)
        }
        var posts: [Post] = []
        posts.reserveCapacity(document.entries.count)
        var skipped = 0
        var firstSkipReason: String?
        for (offset, entry) in document.entries.enumerated() {
            switch entry.result {
            case .success(let post):
                posts.append(post.sanitized())
            case .failure(let reason):
                skipped += 1
                if firstSkipReason == nil { firstSkipReason = "post \(offset + 1): \(reason)" }
            }
        }
        if posts.isEmpty, let firstSkipReason {
            throw FeedError("no post could be read; \(firstSkipReason)")
        }
        return Feed(posts: posts, skipped: skipped, firstSkipReason: firstSkipReason)
    }

    private struct Document: Decodable {
        var entries: [Entry]

        enum CodingKeys: String, CodingKey { case posts }

        init(from decoder: any Decoder) throws {
            if var list = try? decoder.unkeyedContainer() {
                entries = try Entry.decodeAll(from: &list)
                return
            }
            let container: KeyedDecodingContainer<CodingKeys>
            do {
                container = try decoder.container(keyedBy: CodingKeys.self)
            } catch {
                throw FeedError(
                    "expected an object with \"posts\" or an array of posts, found "
                        + JSONKind.describe(decoder))
            }
            guard container.contains(.posts) else {
                throw FeedError("expected an object with \"posts\" or an array of posts")
            }
            var list: UnkeyedDecodingContainer
            do {
                list = try container.nestedUnkeyedContainer(forKey: .posts)
            } catch {
                throw FeedError("\"posts\" should be an array")
            }
            entries = try Entry.decodeAll(from: &list)
        }
    }

    /// One element of the posts array: a post, or why it is not one.
    private struct Entry: Decodable {
        var result: Result<Post, FeedError>

        init(from decoder: any Decoder) throws {
            do {
                result = .success(try PostRecord(from: decoder).post)
            } catch {
                result = .failure(FeedErrorDescription.describeField(error))
            }
        }

        static func decodeAll(from list: inout UnkeyedDecodingContainer) throws -> [Entry] {
            var entries: [Entry] = []
            while !list.isAtEnd { entries.append(try list.decode(Entry.self)) }
            return entries
        }
    }

    private struct PostRecord: Decodable {
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

        var post: Post {
            Post(
                id: id.value,
                author: Author(name: author.name, handle: author.handle, avatarURL: author.avatar),
                title: title, content: content, likes: likes,
                createdAt: FeedDate.parse(createdAt), url: url)
        }
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

extension Post {
    /// The post with every string made safe for the terminal (see `TextSanitizer`).
    func sanitized() -> Post {
        Post(
            id: id.sanitized(),
            author: Author(
                name: TextSanitizer.singleLine(author.name),
                handle: author.handle.map(TextSanitizer.singleLine).flatMap { $0.isEmpty ? nil : $0 },
                avatarURL: author.avatarURL.map(TextSanitizer.singleLine)),
            title: title.map(TextSanitizer.singleLine).flatMap { $0.isEmpty ? nil : $0 },
            content: TextSanitizer.multiline(content),
            likes: max(0, likes),
            createdAt: createdAt,
            url: url.map(TextSanitizer.singleLine).flatMap { $0.isEmpty ? nil : $0 })
    }
}

extension PostID {
    fileprivate func sanitized() -> PostID {
        switch self {
        case .number: self
        case .string(let text): .string(TextSanitizer.singleLine(text))
        }
    }
}
