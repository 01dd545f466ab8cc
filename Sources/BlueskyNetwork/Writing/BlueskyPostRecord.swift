import FoundationEssentials

/// An `app.bsky.feed.post` record as the reader writes it: the text as typed, its facets
/// at their UTF-8 byte ranges, the post it answers (`reply`: the thread's root and the
/// parent, each by address and content id), the post it quotes (an `app.bsky.embed.record`
/// embed), its languages and when it was written.
struct BlueskyPostRecord: Encodable, Sendable {
    /// A post by address (`at://…`) and content id: the lexicons' `strongRef`.
    struct PostRef: Codable, Hashable, Sendable {
        var uri: String
        var cid: String
    }

    var text: String
    var facets: [BlueskyFacets.Facet] = []
    /// The thread's first post and the post answered; nil for a post that answers none.
    var reply: (root: PostRef, parent: PostRef)?
    var quoted: PostRef?
    /// BCP 47 tags, three at most.
    var langs: [String] = []
    var createdAt: Date

    /// Bluesky's limits on a post's text: 300 characters as a person counts them
    /// (graphemes), and 3,000 bytes of UTF-8.
    static let maxGraphemes = 300
    static let maxBytes = 3000

    /// Why the text cannot be posted as it is, with its count; nil when it can.
    static func refusal(of text: String) -> String? {
        if text.count > maxGraphemes {
            return "\(text.count) characters: Bluesky takes \(maxGraphemes) at most"
        }
        if text.utf8.count > maxBytes {
            return "\(text.utf8.count) bytes: Bluesky takes \(maxBytes) at most"
        }
        return nil
    }

    private enum Keys: String, CodingKey {
        case type = "$type"
        case text, facets, reply, embed, langs, createdAt
        case root, parent, record, index, features, byteStart, byteEnd, uri, did, tag
    }

    func encode(to encoder: any Encoder) throws {
        var record = encoder.container(keyedBy: Keys.self)
        try record.encode("app.bsky.feed.post", forKey: .type)
        try record.encode(text, forKey: .text)
        if !facets.isEmpty {
            var list = record.nestedUnkeyedContainer(forKey: .facets)
            for facet in facets {
                var entry = list.nestedContainer(keyedBy: Keys.self)
                var index = entry.nestedContainer(keyedBy: Keys.self, forKey: .index)
                try index.encode(facet.byteStart, forKey: .byteStart)
                try index.encode(facet.byteEnd, forKey: .byteEnd)
                var features = entry.nestedUnkeyedContainer(forKey: .features)
                var feature = features.nestedContainer(keyedBy: Keys.self)
                switch facet.feature {
                case .link(let uri):
                    try feature.encode("app.bsky.richtext.facet#link", forKey: .type)
                    try feature.encode(uri, forKey: .uri)
                case .mention(let did):
                    try feature.encode("app.bsky.richtext.facet#mention", forKey: .type)
                    try feature.encode(did, forKey: .did)
                case .tag(let tag):
                    try feature.encode("app.bsky.richtext.facet#tag", forKey: .type)
                    try feature.encode(tag, forKey: .tag)
                }
            }
        }
        if let reply {
            var references = record.nestedContainer(keyedBy: Keys.self, forKey: .reply)
            try references.encode(reply.root, forKey: .root)
            try references.encode(reply.parent, forKey: .parent)
        }
        if let quoted {
            var embed = record.nestedContainer(keyedBy: Keys.self, forKey: .embed)
            try embed.encode("app.bsky.embed.record", forKey: .type)
            try embed.encode(quoted, forKey: .record)
        }
        if !langs.isEmpty { try record.encode(Array(langs.prefix(3)), forKey: .langs) }
        try record.encode(BlueskyDatetime.string(from: createdAt), forKey: .createdAt)
    }
}

extension BlueskyPostRecord {
    /// The record of `text`, its facets found (`BlueskyRichText`), mentions given the
    /// accounts `resolved` names (by handle, lowercased); a mention of a handle it does not
    /// name stays plain text, and is listed in `unresolved` for the reader's note.
    static func facets(of text: String, resolved: [String: String]) -> (
        facets: [BlueskyFacets.Facet], unresolved: [String]
    ) {
        var facets: [BlueskyFacets.Facet] = []
        var unresolved: [String] = []
        for found in BlueskyRichText.find(in: text) {
            let feature: BlueskyFacets.Facet.Feature
            switch found.kind {
            case .link(let uri): feature = .link(uri)
            case .tag(let tag): feature = .tag(tag)
            case .mention(let handle):
                guard let did = resolved[handle.lowercased()] else {
                    unresolved.append(handle)
                    continue
                }
                feature = .mention(did: did)
            }
            facets.append(BlueskyFacets.Facet(byteStart: found.byteStart, byteEnd: found.byteEnd, feature: feature))
        }
        return (facets, unresolved)
    }
}
