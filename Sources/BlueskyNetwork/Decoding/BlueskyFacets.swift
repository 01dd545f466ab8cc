import FeedCore

/// Bluesky's rich text: a post's text is plain, and its links, mentions and tags are
/// facets that point into it by UTF-8 byte offsets (`app.bsky.richtext.facet`). A facet
/// whose range is empty, runs past the text's end or starts or ends inside a character's
/// bytes is left out: the text shows as written, and only that link is lost.
enum BlueskyFacets {
    /// A facet as the record gives it: its byte range and what it points to.
    struct Facet: Hashable, Sendable {
        enum Feature: Hashable, Sendable {
            case link(String)
            /// A mention of an account, by its DID.
            case mention(did: String)
            case tag(String)
        }

        var byteStart: Int
        var byteEnd: Int
        var feature: Feature

        init(byteStart: Int, byteEnd: Int, feature: Feature) {
            self.byteStart = byteStart
            self.byteEnd = byteEnd
            self.feature = feature
        }
    }

    /// The links of `text`, in the order of their facets' starts: the words each covers,
    /// and where it goes (a mention to its account's profile, a tag to its search).
    static func links(in text: String, facets: [Facet]) -> [PostLink] {
        let bytes = Array(text.utf8)
        return facets.sorted { $0.byteStart < $1.byteStart }.compactMap { facet in
            guard let words = words(of: facet, in: bytes) else { return nil }
            let url: String =
                switch facet.feature {
                case .link(let uri): uri
                case .mention(let did): "https://bsky.app/profile/" + did
                case .tag(let tag): "https://bsky.app/hashtag/" + (FormEncoding.escape(tag))
                }
            return PostLink(text: words, url: url)
        }
    }

    /// The words a facet covers; nil where its range is not whole characters of `bytes`:
    /// an end inside a character's bytes is not UTF-8, and a mark that joins the character
    /// before it is not the start of one.
    static func words(of facet: Facet, in bytes: [UInt8]) -> String? {
        let (start, end) = (facet.byteStart, facet.byteEnd)
        guard start >= 0, start < end, end <= bytes.count, !continuesCharacter(start, in: bytes),
            end == bytes.count || !continuesCharacter(end, in: bytes)
        else { return nil }
        return String(validating: bytes[start..<end], as: UTF8.self)
    }

    /// Whether the character at byte `index` belongs to the one before it: a combining
    /// mark, a joiner or a variation selector.
    private static func continuesCharacter(_ index: Int, in bytes: [UInt8]) -> Bool {
        var iterator = bytes[index...].makeIterator()
        var decoder = UTF8()
        guard index > 0, case .scalarValue(let scalar) = decoder.decode(&iterator) else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value)
        }
    }
}
