import FeedCore
import FoundationEssentials

/// A post as the store writes it: a column for each field a row shows, so that reading a
/// few thousand posts at start decodes no JSON; the rare parts (attachments, a poll) as
/// one JSON text of the store's own form, never the model's, so that a change to the
/// model in memory never silently changes what files on disk mean.
enum StoredPost {
    /// The post's columns after `source_id`, in this order.
    static let columns = [
        "post_id", "id_is_number", "created_at", "author", "handle", "avatar", "title", "content", "url", "likes",
        "boosts", "replies", "boosted_by", "hides_content", "extras", "status_id", "marks",
        "in_reply_to_id", "reply_to", "network", "payload", "version",
    ]

    /// The values of `columns` for `post`.
    static func values(of post: Post) throws -> [SQLiteDatabase.Value] {
        let isNumber: Bool
        if case .number = post.id { isNumber = true } else { isNumber = false }
        let extras = try Extras(post).map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        let fields: [SQLiteDatabase.Value] = [
            .text(key(of: post.id)), .integer(isNumber ? 1 : 0), .init(post.createdAt?.timeIntervalSince1970),
            .text(post.author.name), .init(post.author.handle), .init(post.author.avatarURL), .init(post.title),
            .text(post.content), .init(post.url), .init(post.likes), .init(post.boosts), .init(post.replies),
            .init(post.boostedBy), .integer(post.hidesContent ? 1 : 0), .init(extras), .init(post.statusID),
            .integer(Int64(post.marks.rawValue)), .init(post.inReplyToID), .init(post.replyTo),
            .init(post.network?.rawValue), .init(post.payload),
        ]
        return fields + [.integer(version(of: fields))]
    }

    /// The post of a row of `columns` (without `version`).
    static func post(from row: ArraySlice<SQLiteDatabase.Value>) -> Post? {
        // Read in place, by the slice's own indices: a copy of each row cost a start from
        // the store a tenth of its time.
        guard row.count >= columns.count - 1 else { return nil }
        let start = row.startIndex
        func value(_ column: Int) -> SQLiteDatabase.Value { row[start + column] }
        guard let id = value(0).text, let name = value(3).text,
            let content = value(7).text
        else { return nil }
        var post = Post(
            id: value(1).integer == 1 ? Int64(id).map(PostID.number) ?? .string(id) : .string(id),
            author: Author(name: name, handle: value(4).text, avatarURL: value(5).text), title: value(6).text,
            content: content, likes: value(9).integer.map { Int($0) },
            createdAt: value(2).real.map(Date.init(timeIntervalSince1970:)), url: value(8).text,
            boosts: value(10).integer.map { Int($0) }, replies: value(11).integer.map { Int($0) },
            boostedBy: value(12).text, hidesContent: value(13).integer == 1)
        if let text = value(14).text, let extras = try? JSONDecoder().decode(Extras.self, from: Data(text.utf8)) {
            extras.apply(to: &post)
        }
        post.statusID = value(15).text
        post.marks = StatusMarks(rawValue: UInt8(truncatingIfNeeded: value(16).integer ?? 0))
        post.inReplyToID = value(17).text
        post.replyTo = value(18).text
        post.network = value(19).text.map(NetworkID.init(rawValue:))
        if let payload = value(20).text { post.payload = payload }
        return post
    }

    /// The key a post is known by in its source: its id in words, as the view's marks
    /// give it back (`PostID.untagged`).
    static func key(of id: PostID) -> String {
        id.description
    }

    /// A digest of the fields, so that a post listed again unchanged is not written (nor
    /// indexed) again: FNV-1a over each value's words.
    private static func version(of fields: [SQLiteDatabase.Value]) -> Int64 {
        var hash = FNV1a()
        for field in fields {
            let words: String =
                switch field {
                case .null: "\u{0}"
                case .integer(let number): "i\(number)"
                case .real(let number): "r\(number)"
                case .text(let text): "t\(text)"
                }
            hash.add(words.utf8)
            hash.endField()
        }
        return Int64(bitPattern: hash.value)
    }

    /// The parts few posts have, in short keys.
    struct Extras: Codable, Equatable {
        struct Media: Codable, Equatable {
            var k: String
            var d: String?
            var u: String?
            var t: String?
            /// The picture's size and BlurHash (added with pictures; older rows lack them).
            var w: Int?
            var h: Int?
            var b: String?
        }

        struct Choice: Codable, Equatable {
            var t: String
            var v: Int?
        }

        struct Ballot: Codable, Equatable {
            var o: [Choice]
            var v: Int?
            var p: Int?
            var e: Double?
            var c: Bool
            /// The poll's id, several choices, the reader's (added with votes; older rows lack them).
            var i: String?
            var m: Bool?
            var w: [Int]?
        }

        /// The reader's server filter that matched (added with mutes; older rows lack it).
        struct Filter: Codable, Equatable {
            var t: String
            var h: Bool
        }

        /// A link of the text (added with links; older rows lack them).
        struct Link: Codable, Equatable {
            var t: String
            var u: String
        }

        var at: [Media]?
        var po: Ballot?
        var fi: Filter?
        var ln: [Link]?
        /// Version 6's payload of a post of the network that needs one (a record's content
        /// id, and the reader's own records), kept as an object of strings; since version 7
        /// the post's `payload` column holds it, as the network's own text.
        var bs: [String: String]?
        /// The count of quotes, where the network counts them (added in version 6).
        var qc: Int?

        /// Nil for a post with no attachments, poll, server filter, links or quotes.
        init?(_ post: Post) {
            guard
                !post.attachments.isEmpty || post.poll != nil || post.serverFilter != nil || !post.links.isEmpty
                    || post.quotes != nil
            else { return nil }
            qc = post.quotes
            ln = post.links.isEmpty ? nil : post.links.map { Link(t: $0.text, u: $0.url) }
            fi = post.serverFilter.map { Filter(t: $0.title, h: $0.hides) }
            at =
                post.attachments.isEmpty
                ? nil
                : post.attachments.map {
                    Media(
                        k: Self.name(of: $0.kind), d: $0.description, u: $0.url, t: $0.thumbnailURL, w: $0.width,
                        h: $0.height, b: $0.blurhash)
                }
            po = post.poll.map {
                Ballot(
                    o: $0.options.map { Choice(t: $0.title, v: $0.votes) }, v: $0.votes, p: $0.voters,
                    e: $0.closesAt?.timeIntervalSince1970, c: $0.closed, i: $0.id, m: $0.multiple ? true : nil,
                    w: $0.ownVotes.isEmpty ? nil : $0.ownVotes)
            }
        }

        func apply(to post: inout Post) {
            post.payload = bs.map(Self.payload(of:))
            post.quotes = qc
            post.links = ln?.map { PostLink(text: $0.t, url: $0.u) } ?? []
            post.serverFilter = fi.map { ServerFilter(title: $0.t, hides: $0.h) }
            post.attachments =
                at?.map {
                    Attachment(
                        kind: Self.kind(named: $0.k), description: $0.d, url: $0.u, thumbnailURL: $0.t, width: $0.w,
                        height: $0.h, blurhash: $0.b)
                } ?? []
            post.poll = po.map {
                Poll(
                    options: $0.o.map { Poll.Option(title: $0.t, votes: $0.v) }, votes: $0.v, voters: $0.p,
                    closed: $0.c, closesAt: $0.e.map(Date.init(timeIntervalSince1970:)), id: $0.i,
                    multiple: $0.m ?? false,
                    ownVotes: $0.w ?? [])
            }
        }

        /// A version 6 payload's object as its network's text: its keys sorted, as the
        /// network writes it.
        static func payload(of object: [String: String]) -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return String(decoding: (try? encoder.encode(object)) ?? Data("{}".utf8), as: UTF8.self)
        }

        private static func name(of kind: Attachment.Kind) -> String {
            switch kind {
            case .image: "image"
            case .video: "video"
            case .audio: "audio"
            case .file: "file"
            }
        }

        private static func kind(named name: String) -> Attachment.Kind {
            switch name {
            case "image": .image
            case "video": .video
            case "audio": .audio
            default: .file
            }
        }
    }
}
