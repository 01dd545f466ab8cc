import FeedCore
import FoundationEssentials

/// One element of a Bluesky feed's answer (`app.bsky.feed.defs#feedViewPost`), as
/// `getAuthorFeed`, `getFeed`, `getListFeed` and `getTimeline` give it: the post, the
/// post it answers, and why it is in the feed (a repost says who reposted it).
struct BlueskyFeedItem: Decodable, FeedEntry {
    var view: BlueskyPostView
    var reply: Reply?
    var reason: Reason?

    enum CodingKeys: String, CodingKey {
        case view = "post"
        case reply, reason
    }

    /// The thread around a reply: its parent is a post view, or a post not found or
    /// blocked (whose author is unknown).
    struct Reply: Decodable {
        var parent: Parent?

        struct Parent: Decodable {
            var author: BlueskyPostView.Profile?
        }
    }

    /// `reasonRepost` (who reposted it, and the repost's own record) or `reasonPin`.
    struct Reason: Decodable {
        var type: String?
        var by: BlueskyPostView.Profile?
        var uri: String?

        enum CodingKeys: String, CodingKey {
            case type = "$type"
            case by, uri
        }
    }

    var post: Post? {
        var post = view.post
        post.replyTo = reply?.parent?.author?.handle
        if reason?.type == "app.bsky.feed.defs#reasonRepost", let by = reason?.by {
            // The repost's own id: two people's reposts of one post are two rows.
            post.id = .string(reason?.uri ?? "\(view.uri)#repost-by-\(by.did ?? by.handle)")
            post.boostedBy = by.name
        }
        return post
    }
}

/// A post as the AppView shows it (`app.bsky.feed.defs#postView`).
struct BlueskyPostView: Decodable {
    var uri: String
    var cid: String?
    var author: Profile
    var record: Record
    var embed: BlueskyEmbed?
    var replyCount: Int?
    var repostCount: Int?
    var likeCount: Int?
    var quoteCount: Int?
    var indexedAt: String?
    /// The reader's own like and repost records (only in an answer read with a session).
    var viewer: Viewer?
    /// Moderation labels on the post (by labelers, or the author's own in the record).
    var labels: [Label]?

    struct Label: Decodable {
        var val: String?
    }

    struct Profile: Decodable {
        var did: String?
        var handle: String
        var displayName: String?
        var avatar: String?

        /// The display name, else the handle.
        var name: String {
            let name = (displayName ?? "").trimmingWhitespace()
            return name.isEmpty ? handle : name
        }

        var author: Author { Author(name: name, handle: handle, avatarURL: avatar) }
    }

    /// The post's record (`app.bsky.feed.post`): its text, facets, time and the author's
    /// own labels (`com.atproto.label.defs#selfLabels`).
    struct Record: Decodable {
        var text: String?
        var createdAt: String?
        var facets: [Facet]?
        var labels: SelfLabels?

        struct SelfLabels: Decodable {
            var values: [Label]?
        }
    }

    /// What the labels warn of, in words, where Bluesky's apps hide or warn by default
    /// (adult content, graphic media, a labeler's `!hide` or `!warn`); nil where none does.
    var warning: String? {
        let values = ((labels ?? []) + (record.labels?.values ?? [])).compactMap(\.val)
        var words: [String] = []
        for value in values {
            if let word = Self.warnings[value], !words.contains(word) { words.append(word) }
        }
        return words.isEmpty ? nil : "Labelled: " + words.joined(separator: ", ")
    }

    private static let warnings = [
        "porn": "adult content", "sexual": "sexually suggestive", "nudity": "nudity", "graphic-media": "graphic media",
        "gore": "graphic media", "!hide": "hidden by a moderator", "!warn": "content warning",
    ]

    struct Facet: Decodable {
        var index: Index?
        var features: [Feature]?

        struct Index: Decodable {
            var byteStart: Int?
            var byteEnd: Int?
        }

        /// A link, a mention or a tag; any other kind (new ones come) is nil and skipped.
        struct Feature: Decodable {
            var type: String?
            var uri: String?
            var did: String?
            var tag: String?

            enum CodingKeys: String, CodingKey {
                case type = "$type"
                case uri, did, tag
            }

            var feature: BlueskyFacets.Facet.Feature? {
                switch type {
                case "app.bsky.richtext.facet#link": uri.map(BlueskyFacets.Facet.Feature.link)
                case "app.bsky.richtext.facet#mention": did.map { .mention(did: $0) }
                case "app.bsky.richtext.facet#tag": tag.map(BlueskyFacets.Facet.Feature.tag)
                default: nil
                }
            }
        }

        var facets: [BlueskyFacets.Facet] {
            guard let start = index?.byteStart, let end = index?.byteEnd else { return [] }
            return (features ?? []).compactMap(\.feature).map {
                BlueskyFacets.Facet(byteStart: start, byteEnd: end, feature: $0)
            }
        }
    }

    struct Viewer: Decodable {
        var like: String?
        var repost: String?
    }

    /// The post's page on bsky.app: `at://DID/app.bsky.feed.post/RKEY` by its author's handle.
    static func webAddress(of uri: String, handle: String) -> String? {
        guard let address = BlueskyRecordAddress(uri), address.collection == "app.bsky.feed.post" else { return nil }
        return "https://bsky.app/profile/\(handle)/post/\(address.rkey)"
    }

    var post: Post {
        let text = record.text ?? ""
        let facets = (record.facets ?? []).flatMap(\.facets)
        var shown = BlueskyEmbed.Shown()
        embed?.show(into: &shown)
        var marks: StatusMarks = []
        if viewer?.like != nil { marks.insert(.favourited) }
        if viewer?.repost != nil { marks.insert(.boosted) }
        var post = Post(
            id: .string(uri), author: author.author,
            content: ([text] + shown.blocks).filter { !$0.isEmpty }
                .joined(separator: "\n\n"),
            likes: likeCount ?? 0, createdAt: (record.createdAt ?? indexedAt).flatMap(FeedDate.parse),
            url: Self.webAddress(of: uri, handle: author.handle), boosts: repostCount, replies: replyCount,
            attachments: shown.attachments, statusID: uri, marks: marks)
        post.quotes = quoteCount
        // Behind its warning until Enter, pictures too, as a content warning is.
        if let warning {
            post.title = warning
            post.hidesContent = true
        }
        post.links = BlueskyFacets.links(in: text, facets: facets) + shown.links
        post.network = .bluesky
        post.payload =
            BlueskyRecord(
                cid: TextSanitizer.singleLine(cid ?? ""), like: viewer?.like.map(TextSanitizer.singleLine),
                repost: viewer?.repost.map(TextSanitizer.singleLine)
            ).payload
        return post
    }
}
