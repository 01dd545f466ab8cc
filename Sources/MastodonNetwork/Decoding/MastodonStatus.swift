import FeedCore
import FoundationEssentials

/// One Mastodon Status entity. A boost carries the boosted status in `reblog`.
struct MastodonStatus: Decodable, FeedEntry {
    var id: String
    var createdAt: String
    var content: String
    var spoilerText: String?
    var url: String?
    var uri: String?
    var account: Account
    var favouritesCount: Int
    var reblogsCount: Int?
    var repliesCount: Int?
    var reblog: Reblog?
    var mediaAttachments: [Media]?
    var poll: PollEntity?
    var inReplyToId: String?
    var inReplyToAccountId: String?
    var mentions: [Mention]?
    /// The reader's filters that matched (only in an answer read with a token).
    var filtered: [FilterResult]?

    struct FilterResult: Decodable {
        var filter: Filter

        struct Filter: Decodable {
            var title: String?
            /// `warn`, `hide`, or (Mastodon 4.4) `blur`, for the media alone.
            var filterAction: String?
        }
    }

    /// The filter the viewer follows: one that hides wins over those that warn.
    var serverFilter: ServerFilter? {
        guard let results = filtered, !results.isEmpty else { return nil }
        let chosen = results.first { $0.filter.filterAction == "hide" } ?? results[0]
        return ServerFilter(title: chosen.filter.title ?? "", hides: chosen.filter.filterAction == "hide")
    }

    struct Mention: Decodable {
        var id: String
        var acct: String
    }

    /// The handle of the account this status answers: one it mentions, or its own author.
    var replyTo: String? {
        guard inReplyToId != nil, let accountID = inReplyToAccountId else { return nil }
        if accountID == account.id { return account.acct }
        return mentions?.first { $0.id == accountID }?.acct
    }

    /// The reader's own marks; absent from an answer read without a token.
    var favourited: Bool?
    var reblogged: Bool?
    var bookmarked: Bool?

    /// The reader's marks as one set.
    var marks: StatusMarks {
        var marks: StatusMarks = []
        if favourited == true { marks.insert(.favourited) }
        if reblogged == true { marks.insert(.boosted) }
        if bookmarked == true { marks.insert(.bookmarked) }
        return marks
    }

    struct Media: Decodable {
        /// image, gifv, video, audio or unknown.
        var type: String?
        var description: String?
        var url: String?
        var previewUrl: String?
        var blurhash: String?
        var meta: Meta?

        /// The sizes Mastodon measured: the original's, and the preview's (older servers
        /// give a video's at the top).
        struct Meta: Decodable {
            var original: Size?
            var small: Size?
            var width: Int?
            var height: Int?

            struct Size: Decodable {
                var width: Int?
                var height: Int?
            }
        }

        var attachment: Attachment {
            let size = meta?.original ?? meta?.small ?? Meta.Size(width: meta?.width, height: meta?.height)
            return Attachment(
                kind: Attachment.kind(named: type) ?? .file, description: description?.trimmingWhitespace(),
                url: url, thumbnailURL: previewUrl, width: size.width, height: size.height, blurhash: blurhash)
        }
    }

    struct PollEntity: Decodable {
        var id: String?
        var multiple: Bool?
        var ownVotes: [Int]?
        var expiresAt: String?
        var expired: Bool?
        var votesCount: Int?
        var votersCount: Int?
        var options: [Option]?

        struct Option: Decodable {
            var title: String?
            var votesCount: Int?
        }

        var poll: Poll {
            Poll(
                options: (options ?? []).map { Poll.Option(title: $0.title ?? "", votes: $0.votesCount) },
                votes: votesCount,
                voters: votersCount, closed: expired ?? false, closesAt: expiresAt.flatMap(FeedDate.parse), id: id,
                multiple: multiple ?? false, ownVotes: ownVotes ?? [])
        }
    }

    struct Account: Decodable {
        var id: String?
        var username: String
        var acct: String
        var displayName: String?
        var avatar: String?
        /// The avatar as a still picture: `avatar` may be an animated GIF.
        var avatarStatic: String?
    }

    /// A status nested in a status (a boost), decoded with the same fields.
    final class Reblog: Decodable, Sendable {
        let status: MastodonStatus

        init(from decoder: any Decoder) throws {
            status = try MastodonStatus(from: decoder)
        }
    }

    var post: Post? {
        if let boosted = reblog?.status.post {
            // The boost's own id: two people's boosts of one status are two rows (and two
            // places in the timeline's paging); the boosted status's web address is what
            // joins it to the same status from another source.
            var post = boosted
            post.id = .string(id)
            post.boostedBy = account.name
            post.serverFilter = serverFilter ?? post.serverFilter
            return post
        }
        let spoiler = spoilerText.flatMap { $0.isEmpty ? nil : $0 }
        let (text, links) = HTMLText.read(content)
        var post = Post(
            id: .string(id),
            author: Author(name: account.name, handle: account.acct, avatarURL: account.avatarStatic ?? account.avatar),
            title: spoiler, content: text, likes: favouritesCount,
            createdAt: FeedDate.parse(createdAt), url: url ?? uri, boosts: reblogsCount, replies: repliesCount,
            hidesContent: spoiler != nil, attachments: mediaAttachments?.map(\.attachment) ?? [], poll: poll?.poll,
            statusID: id, marks: marks, inReplyToID: inReplyToId, replyTo: replyTo)
        post.network = .mastodon
        post.serverFilter = serverFilter
        post.links = links
        return post
    }
}

extension MastodonStatus.Account {
    /// The display name without its custom emoji (`:kde:`, drawn as pictures by Mastodon,
    /// as text here), or the username when nothing else is left.
    var name: String {
        let name = Self.withoutShortcodes(displayName ?? "")
        return name.isEmpty ? username : name
    }

    /// `text` without `:shortcode:` words (two or more letters, digits or `_` between
    /// colons, standing apart from the words around them, as Mastodon finds them), its
    /// spaces folded.
    static func withoutShortcodes(_ text: String) -> String {
        func isWord(_ character: Character?) -> Bool {
            character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false
        }
        var result = ""
        var rest = Substring(text)
        while let start = rest.firstIndex(of: ":") {
            let after = rest.index(after: start)
            let code = rest[after...].prefix { isWord($0) }
            let end = code.endIndex
            let apart = !isWord(result.last ?? rest[..<start].last) && rest[..<start].last != ":"
            if apart, code.count >= 2, end < rest.endIndex, rest[end] == ":",
                !isWord(rest[rest.index(after: end)...].first)
            {
                result += rest[..<start]
                rest = rest[rest.index(after: end)...]
            } else {
                result += rest[...start]
                rest = rest[after...]
            }
        }
        result += rest
        return result.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
