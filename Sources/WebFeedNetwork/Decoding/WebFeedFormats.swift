import FeedCore
import FeedXML
import FoundationEssentials

/// Our own format: `{"posts": [...]}`, or an array of posts. Asked last: an array no other
/// format claims is ours.
struct PostsFormat: JSONPostFormat {
    typealias Entry = PostRecord

    var name: String { "posts" }
    var shapeName: String { "an object with \"posts\" or an array of posts" }
    var listKeys: [String] { ["posts"] }

    func plan(_ shape: JSONShape, asked: Bool) throws(Failure) -> JSONPlan? {
        switch shape.kind {
        case .array:
            return JSONPlan(elements: shape.elements)
        case .object:
            guard shape.keys.contains("posts") else {
                if asked { throw Failure.unexpectedShape("expected an object with \"posts\"") }
                return nil
            }
            guard let elements = shape.lists["posts"], shape.memberFirstBytes["posts"] == UInt8(ascii: "[") else {
                throw Failure.unexpectedShape("\"posts\" should be an array")
            }
            return JSONPlan(elements: elements, header: shape.members.filter { $0.key != "posts" })
        }
    }
}

/// JSON Feed 1.1 (and 1.0): an object with "items".
struct JSONFeedFormat: JSONPostFormat {
    typealias Entry = JSONFeedItem

    var name: String { "jsonfeed" }
    var shapeName: String { "a JSON Feed (an object with \"items\")" }
    var listKeys: [String] { ["items"] }

    func plan(_ shape: JSONShape, asked: Bool) throws(Failure) -> JSONPlan? {
        guard case .object = shape.kind else {
            if asked {
                throw Failure.unexpectedShape("expected a JSON Feed (an object with \"items\"), found an array")
            }
            return nil
        }
        // A document with "posts" is ours, whatever else it has.
        guard asked || !shape.keys.contains("posts"), shape.keys.contains("items") else {
            if asked { throw Failure.unexpectedShape("expected an object with \"items\"") }
            return nil
        }
        guard let elements = shape.lists["items"], shape.memberFirstBytes["items"] == UInt8(ascii: "[") else {
            throw Failure.unexpectedShape("\"items\" should be an array")
        }
        return JSONPlan(elements: elements, header: shape.members.filter { $0.key != "items" })
    }

    /// The title and next page, and the author and icon an item without its own takes.
    func header(_ members: [(key: String, value: Data)]) -> DocumentHeader {
        var object = Data("{".utf8)
        for (offset, member) in members.enumerated() {
            if offset > 0 { object.append(UInt8(ascii: ",")) }
            object.append(contentsOf: Array("\"\(member.key)\":".utf8))
            object.append(member.value)
        }
        object.append(UInt8(ascii: "}"))
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let header = (try? decoder.decode(JSONFeedHeader.self, from: object)) ?? JSONFeedHeader()
        let feed = Feed(
            title: header.plainTitle.map(TextSanitizer.singleLine), posts: [],
            nextPage: header.nextUrl.map(TextSanitizer.singleLine))
        return DocumentHeader(feed: feed, author: header.inheritedAuthor, icon: header.icon ?? header.favicon)
    }
}

/// RSS (2.0, 0.9x, 1.0) and Atom, read by FeedXML.
struct XMLFeedReader: XMLFeedReading {
    var names: [String] { ["rss", "atom"] }

    func looksLikeXML(_ data: Data) -> Bool {
        XMLFeedDecoder.looksLikeXML(data)
    }

    func decode(_ data: Data, documentURL: String?, charset: String?) throws -> Feed {
        try XMLFeedDecoder.decode(data, documentURL: documentURL, charset: charset)
    }

    func fromFirstTag(_ data: Data) -> Data {
        XMLFeedDecoder.fromFirstTag(data)
    }
}
