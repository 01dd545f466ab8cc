import FoundationEssentials

/// A Bluesky post's record as likes and reposts name it (a strong reference: its `at://`
/// address is the post's `statusID`, and its content id), and the reader's own like and
/// repost records of it, which undoing deletes. It travels with the post, the action and
/// the outbox as the post's payload: `{"c": CID, "l": LIKE, "r": REPOST}`.
struct BlueskyRecord: Hashable, Sendable, Codable {
    var cid: String
    var like: String?
    var repost: String?

    init(cid: String, like: String? = nil, repost: String? = nil) {
        self.cid = cid
        self.like = like
        self.repost = repost
    }

    private enum CodingKeys: String, CodingKey {
        case cid = "c"
        case like = "l"
        case repost = "r"
    }

    /// The record a payload holds; nil for none, or one that is not a record's.
    init?(payload: String?) {
        guard let payload, let record = try? JSONDecoder().decode(Self.self, from: Data(payload.utf8)) else {
            return nil
        }
        self = record
    }

    /// As a post's payload.
    var payload: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self)
    }
}
