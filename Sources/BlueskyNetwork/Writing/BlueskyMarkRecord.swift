import FoundationEssentials

/// A like (`app.bsky.feed.like`) or a repost (`app.bsky.feed.repost`) record: the post it
/// marks, by address and content id, and when.
struct BlueskyMarkRecord: Encodable, Sendable {
    var collection: String
    var subject: BlueskyPostRecord.PostRef
    var createdAt: Date

    private enum Keys: String, CodingKey {
        case type = "$type"
        case subject, createdAt
    }

    func encode(to encoder: any Encoder) throws {
        var record = encoder.container(keyedBy: Keys.self)
        try record.encode(collection, forKey: .type)
        try record.encode(subject, forKey: .subject)
        try record.encode(BlueskyDatetime.string(from: createdAt), forKey: .createdAt)
    }
}
