import FeedCore
import FoundationEssentials

/// A post's thread as `app.bsky.feed.getPostThread` answers it: the post, its parents one
/// inside the other up to the thread's root (`parent`), and its replies as a tree
/// (`replies`, each with replies of its own). Each node is a post view
/// (`#threadViewPost`), or a post not found (`#notFoundPost`: deleted) or blocked
/// (`#blockedPost`), which the thread keeps as a row that says so. Where the AppView
/// stopped (the `depth` asked), a node has no `replies` at all: nil here, where an empty
/// list is a post with none.
indirect enum BlueskyThread: Decodable {
    case post(BlueskyPostView, parent: BlueskyThread?, replies: [BlueskyThread]?)
    case notFound(uri: String)
    case blocked(uri: String, author: String?)
    /// A node of a type this reader does not know (a later lexicon's): left out.
    case other

    private enum Keys: String, CodingKey {
        case type = "$type"
        case post, parent, replies, uri, author, notFound, blocked, thread
    }

    init(from decoder: any Decoder) throws {
        let node = try decoder.container(keyedBy: Keys.self)
        // A node without its type (as some answers nest them) is known by its keys.
        let type =
            try node.decodeIfPresent(String.self, forKey: .type)
            ?? (node.contains(.post)
                ? "app.bsky.feed.defs#threadViewPost"
                : node.contains(.notFound)
                    ? "app.bsky.feed.defs#notFoundPost"
                    : node.contains(.blocked) ? "app.bsky.feed.defs#blockedPost" : "")
        switch type {
        case "app.bsky.feed.defs#threadViewPost":
            self = .post(
                try node.decode(BlueskyPostView.self, forKey: .post),
                parent: try node.decodeIfPresent(BlueskyThread.self, forKey: .parent),
                replies: try node.decodeIfPresent([BlueskyThread].self, forKey: .replies))
        case "app.bsky.feed.defs#notFoundPost":
            self = .notFound(uri: try node.decode(String.self, forKey: .uri))
        case "app.bsky.feed.defs#blockedPost":
            struct Author: Decodable { var did: String? }
            let author = try? node.decodeIfPresent(Author.self, forKey: .author)
            self = .blocked(uri: try node.decode(String.self, forKey: .uri), author: author?.did)
        default:
            self = .other
        }
    }

    /// An answer's thread.
    static func answer(of data: Data) throws(Failure) -> BlueskyThread {
        struct Answer: Decodable { var thread: BlueskyThread }
        do {
            return try JSONDecoder().decode(Answer.self, from: data).thread
        } catch {
            throw Failure.unexpectedShape("expected a Bluesky thread (an object with \"thread\")")
        }
    }

    /// The answer's thread, as the thread view takes it: the parents root first, and the
    /// replies depth first, each reply after the post it answers (`inReplyToID`).
    static func context(of data: Data) throws(Failure) -> ThreadContext {
        try answer(of: data).context()
    }

    /// The thread as the view takes it; a post whose replies the AppView left out is
    /// followed by a row that says how many.
    func context() throws(Failure) -> ThreadContext {
        guard case .post(_, let parent, let replies) = self else {
            switch self {
            case .notFound: throw Failure.unexpected("the post is not found: deleted by its author")
            case .blocked: throw Failure.unexpected("the post is blocked")
            default: throw Failure.unexpectedShape("expected a Bluesky thread of a post")
            }
        }
        var ancestors: [Post] = []
        var above = parent
        while let node = above {
            // Each parent answers the one above it; the root, none.
            if let post = node.row(answering: node.parentNode) { ancestors.insert(post, at: 0) }
            above = node.parentNode
        }
        var descendants: [Post] = []
        func walk(_ replies: [BlueskyThread]?, under parent: BlueskyThread) {
            guard let replies else {
                if let more = parent.moreRepliesRow { descendants.append(more) }
                return
            }
            for reply in replies {
                guard let post = reply.row(answering: parent) else { continue }
                descendants.append(post)
                if case .post(_, _, let deeper) = reply { walk(deeper, under: reply) }
            }
        }
        walk(replies, under: self)
        return ThreadContext(ancestors: ancestors, descendants: descendants)
    }

    /// The addresses of the replies whose own replies the AppView left out (deeper than
    /// it went), nearest the post first.
    var cut: [String] {
        var found: [String] = []
        var level: [BlueskyThread] = [self]
        while !level.isEmpty {
            var next: [BlueskyThread] = []
            for node in level {
                guard case .post(let view, _, let replies) = node else { continue }
                if let replies {
                    next += replies
                } else if (view.replyCount ?? 0) > 0 {
                    found.append(view.uri)
                }
            }
            level = next
        }
        return found
    }

    /// The thread with `replies` under the post at `uri`, where they were left out.
    func grafting(_ replies: [BlueskyThread], at uri: String) -> BlueskyThread {
        guard case .post(let view, let parent, let own) = self else { return self }
        if view.uri == uri, own == nil { return .post(view, parent: parent, replies: replies) }
        return .post(view, parent: parent, replies: own?.map { $0.grafting(replies, at: uri) })
    }

    /// "3 more replies", under a post whose replies were left out; nil where it has none.
    private var moreRepliesRow: Post? {
        guard case .post(let view, _, _) = self, let count = view.replyCount, count > 0 else { return nil }
        var row = Post(
            id: .string(view.uri + "#more"), author: Author(name: "More replies"),
            content: "\(count) more \(count == 1 ? "reply" : "replies") to this post: t on it opens its thread",
            likes: nil, createdAt: nil)
        row.network = .bluesky
        row.inReplyToID = view.uri
        return row
    }

    private var uri: String? {
        switch self {
        case .post(let view, _, _): view.uri
        case .notFound(let uri), .blocked(let uri, _): uri
        case .other: nil
        }
    }

    private var parentNode: BlueskyThread? {
        if case .post(_, let parent, _) = self { parent } else { nil }
    }

    /// The node as a row of the thread, answering the node `parent`: a post, or a row
    /// that says the post is gone or blocked.
    private func row(answering parent: BlueskyThread?) -> Post? {
        var post: Post
        switch self {
        case .post(let view, _, _):
            post = view.post
        case .notFound(let uri):
            post = Post(
                id: .string(uri), author: Author(name: "Post not found"), content: "Deleted by its author.",
                likes: nil, createdAt: nil, statusID: uri)
        case .blocked(let uri, _):
            post = Post(
                id: .string(uri), author: Author(name: "Blocked post"),
                content: "Its author blocks you, or you block them.", likes: nil, createdAt: nil, statusID: uri)
        case .other:
            return nil
        }
        post.network = .bluesky
        post.inReplyToID = parent?.uri
        // "↳ @handle", as a reply in a feed says whom it answers.
        if case .post(let view, _, _)? = parent { post.replyTo = view.author.handle }
        return post
    }
}
