extension FeedDocumentDecoder {
    /// Where the posts are and what format they are in.
    struct Plan {
        var format: FeedFormat
        var elements: [Range<Int>]
        /// The document's other members (a JSON Feed's title and next_url).
        var header: [(key: String, value: Range<Int>)] = []

        private init(format: FeedFormat, elements: [Range<Int>], header: [(key: String, value: Range<Int>)] = []) {
            self.format = format
            self.elements = elements
            self.header = header
        }

        init(bytes: UnsafeBufferPointer<UInt8>, format requested: FeedFormat) throws {
            if requested.isXML {
                throw Failure.unexpectedShape("--format \(requested.rawValue) reads XML; this document is not XML")
            }
            let start = JSONStructure.skipWhitespace(bytes, from: JSONStructure.startOfDocument(bytes))
            guard start < bytes.count else { throw Failure.empty }
            switch bytes[start] {
            case UInt8(ascii: "["):
                self = try Self.ofArray(bytes, from: start, requested: requested)
            case UInt8(ascii: "{"):
                self = try Self.ofObject(bytes, from: start, requested: requested)
            default:
                // A lone value: say which, unless it is not JSON at all.
                guard JSONSyntaxLocator.firstProblem(in: bytes) == nil else { throw NotStructured() }
                throw Failure.unexpectedShape(
                    "expected an object with \"posts\" or an array of posts, found \(JSONValueKind.describe(bytes[start]))"
                )
            }
        }

        /// Anything after the document's one value makes it not JSON.
        private static func checkNothingAfter(_ end: Int, in bytes: UnsafeBufferPointer<UInt8>) throws {
            if JSONStructure.skipWhitespace(bytes, from: end) < bytes.count { throw NotStructured() }
        }

        /// An array: of posts, or of Mastodon statuses when its first element has an account,
        /// or of notifications when that account came with a type and no content.
        private static func ofArray(
            _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, requested: FeedFormat
        ) throws -> Plan {
            guard let list = JSONStructure.scanArray(bytes, from: start, limit: bytes.count) else {
                throw NotStructured()
            }
            try checkNothingAfter(list.end, in: bytes)
            switch requested {
            case .jsonfeed:
                throw Failure.unexpectedShape("expected a JSON Feed (an object with \"items\"), found an array")
            case .bluesky:
                throw Failure.unexpectedShape("expected a Bluesky feed (an object with \"feed\"), found an array")
            case .posts, .mastodon, .notifications, .rss, .atom:
                return Plan(format: requested, elements: list.elements)
            case .auto:
                let firstKeys = Set(
                    list.elements.first.flatMap { JSONStructure.members(of: bytes, in: $0) }?.map(\.key) ?? [])
                guard firstKeys.contains("account") else { return Plan(format: .posts, elements: list.elements) }
                // A notification has a type and an account, and no text of its own.
                let isNotification = firstKeys.contains("type") && !firstKeys.contains("content")
                return Plan(format: isNotification ? .notifications : .mastodon, elements: list.elements)
            }
        }

        /// An object: one Mastodon status, a JSON Feed's "items", a Bluesky feed's "feed" or
        /// our own "posts".
        private static func ofObject(
            _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, requested: FeedFormat
        ) throws -> Plan {
            guard
                let scan = JSONStructure.scanObject(
                    bytes, from: start, limit: bytes.count, listKeys: ["posts", "items", "feed"])
            else { throw NotStructured() }
            try checkNothingAfter(scan.end, in: bytes)
            let keys = Set(scan.members.map(\.key))
            // One Status (what /api/v1/statuses/:id returns): a feed of one post.
            if requested == .mastodon || requested == .auto, keys.isSuperset(of: ["id", "account", "content"]) {
                return Plan(format: .mastodon, elements: [start..<scan.end])
            }
            if requested == .mastodon {
                throw Failure.unexpectedShape("expected Mastodon statuses, found an object that is not one")
            }
            if requested == .notifications {
                throw Failure.unexpectedShape("expected an array of Mastodon notifications, found an object")
            }
            if requested == .bluesky || (requested == .auto && Self.isBlueskyFeed(bytes, scan: scan, keys: keys)) {
                guard let elements = scan.lists["feed"] else {
                    throw Failure.unexpectedShape("expected a Bluesky feed: an object with a \"feed\" array")
                }
                return Plan(format: .bluesky, elements: elements, header: scan.members.filter { $0.key != "feed" })
            }
            let isJSONFeed =
                requested == .jsonfeed || (requested == .auto && !keys.contains("posts") && keys.contains("items"))
            let listKey = isJSONFeed ? "items" : "posts"
            guard let list = scan.members.last(where: { $0.key == listKey }) else {
                throw Failure.unexpectedShape(
                    requested == .auto
                        ? "JSON of no known shape: expected {\"posts\": [...]}, a JSON Feed with \"items\", a Bluesky feed, or an array of posts or Mastodon statuses"
                        : "expected an object with \"\(listKey)\"")
            }
            guard let listElements = scan.lists[listKey],
                JSONStructure.firstByte(of: bytes, in: list.value) == UInt8(ascii: "[")
            else {
                throw Failure.unexpectedShape("\"\(listKey)\" should be an array")
            }
            return Plan(
                format: isJSONFeed ? .jsonfeed : .posts, elements: listElements,
                header: scan.members.filter { $0.key != listKey })
        }

        /// A Bluesky feed: "feed" is its one list, of elements that each hold a "post" (an
        /// empty page of it is one too, with no "posts" or "items").
        private static func isBlueskyFeed(
            _ bytes: UnsafeBufferPointer<UInt8>, scan: JSONStructure.ObjectScan, keys: Set<String>
        ) -> Bool {
            guard let elements = scan.lists["feed"], !keys.contains("posts"), !keys.contains("items") else {
                return false
            }
            guard let first = elements.first else { return true }
            return JSONStructure.members(of: bytes, in: first)?.contains { $0.key == "post" } ?? false
        }
    }
}
