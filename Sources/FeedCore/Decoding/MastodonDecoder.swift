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

    struct Account: Decodable {
        var username: String
        var acct: String
        var displayName: String?
        var avatar: String?
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
            var post = boosted
            post.boostedBy = account.name
            return post
        }
        let spoiler = spoilerText.flatMap { $0.isEmpty ? nil : $0 }
        return Post(
            id: .string(id),
            author: Author(name: account.name, handle: account.acct, avatarURL: account.avatar),
            title: spoiler, content: HTMLText.plainText(content), likes: favouritesCount,
            createdAt: FeedDate.parse(createdAt), url: url ?? uri, boosts: reblogsCount, replies: repliesCount,
            hidesContent: spoiler != nil)
    }
}

extension MastodonStatus.Account {
    /// The display name, or the username when it is empty.
    var name: String {
        guard let displayName, !displayName.trimmingWhitespace().isEmpty else { return username }
        return displayName
    }
}
