import FeedCore
import FoundationEssentials

/// A post as the store writes it: its own JSON form, so that a change to the model in
/// memory never silently changes what files on disk mean. Short keys: a store holds
/// thousands of these.
struct StoredPost: Codable, Equatable {
    struct Media: Codable, Equatable {
        var k: String
        var d: String?
        var u: String?
        var t: String?
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
    }

    /// The id, and whether it was a number.
    var id: String
    var n: Bool
    var an: String
    var ah: String?
    var aa: String?
    var ti: String?
    var co: String
    var li: Int?
    var ca: Double?
    var ur: String?
    var bo: Int?
    var re: Int?
    var bb: String?
    var hc: Bool?
    var at: [Media]?
    var po: Ballot?

    init(_ post: Post) {
        switch post.id {
        case .number(let value): (id, n) = (String(value), true)
        case .string(let value): (id, n) = (value, false)
        }
        an = post.author.name
        ah = post.author.handle
        aa = post.author.avatarURL
        ti = post.title
        co = post.content
        li = post.likes
        ca = post.createdAt?.timeIntervalSince1970
        ur = post.url
        bo = post.boosts
        re = post.replies
        bb = post.boostedBy
        hc = post.hidesContent ? true : nil
        at =
            post.attachments.isEmpty
            ? nil
            : post.attachments.map {
                Media(k: Self.name(of: $0.kind), d: $0.description, u: $0.url, t: $0.thumbnailURL)
            }
        po = post.poll.map {
            Ballot(
                o: $0.options.map { Choice(t: $0.title, v: $0.votes) }, v: $0.votes, p: $0.voters,
                e: $0.closesAt?.timeIntervalSince1970, c: $0.closed)
        }
    }

    var post: Post {
        Post(
            id: n ? Int64(id).map(PostID.number) ?? .string(id) : .string(id),
            author: Author(name: an, handle: ah, avatarURL: aa), title: ti, content: co, likes: li,
            createdAt: ca.map(Date.init(timeIntervalSince1970:)), url: ur, boosts: bo, replies: re,
            boostedBy: bb, hidesContent: hc ?? false,
            attachments: at?.map {
                Attachment(kind: Self.kind(named: $0.k), description: $0.d, url: $0.u, thumbnailURL: $0.t)
            } ?? [],
            poll: po.map {
                Poll(
                    options: $0.o.map { Poll.Option(title: $0.t, votes: $0.v) }, votes: $0.v, voters: $0.p,
                    closed: $0.c, closesAt: $0.e.map(Date.init(timeIntervalSince1970:)))
            })
    }

    /// The key a post is known by in its source: its id in words, as the view's marks
    /// give it back (`PostID.untagged`).
    static func key(of id: PostID) -> String {
        id.description
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
