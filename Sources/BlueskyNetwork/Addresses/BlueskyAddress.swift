import FeedCore
import FoundationEssentials

/// A Bluesky feed as the web names it, and the AppView request that reads it:
/// `https://bsky.app/profile/HANDLE` (an author's posts, `getAuthorFeed`),
/// `…/profile/HANDLE/feed/NAME` (a custom feed, `getFeed`), `…/profile/HANDLE/lists/ID`
/// (a list, `getListFeed`), and `https://bsky.app/` itself, the signed-in reader's
/// Following timeline (`getTimeline`). HANDLE may be a DID already.
struct BlueskyAddress: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case author
        case feed(String)
        case list(String)
        case timeline
    }

    /// The handle or DID the address names; empty for the timeline.
    var actor: String
    var kind: Kind

    /// Where Bluesky's public feeds are read without an account.
    static let publicAppView = "https://public.api.bsky.app"

    init(actor: String, kind: Kind) {
        self.actor = actor
        self.kind = kind
    }

    /// The address `url` names; nil for any other page (a post, a search).
    init?(_ url: URL) {
        guard let host = url.host()?.lowercased(), host == "bsky.app" || host == "www.bsky.app",
            url.scheme?.lowercased() == "https"
        else { return nil }
        let parts = url.path(percentEncoded: false).split(separator: "/").map(String.init)
        switch parts.count {
        case 0: self.init(actor: "", kind: .timeline)
        case 2 where parts[0] == "profile": self.init(actor: parts[1], kind: .author)
        case 4 where parts[0] == "profile" && parts[2] == "feed": self.init(actor: parts[1], kind: .feed(parts[3]))
        case 4 where parts[0] == "profile" && parts[2] == "lists": self.init(actor: parts[1], kind: .list(parts[3]))
        default: return nil
        }
        guard kind == .timeline || Self.isActor(actor) else { return nil }
    }

    /// A DID (`did:plc:…`, `did:web:…`) or a handle (a domain name).
    static func isActor(_ text: String) -> Bool {
        if text.hasPrefix("did:") { return text.count > 4 }
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2
            && labels.allSatisfy { label in
                !label.isEmpty && label.count <= 63
                    && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            }
    }

    /// Whether the actor is a DID already, needing no resolving.
    var namesDID: Bool { actor.hasPrefix("did:") }

    /// What the status line and rows call it.
    var title: String {
        switch kind {
        case .author: "@\(actor)"
        case .feed(let name): "feed \(name) by @\(actor)"
        case .list(let id): "list \(id) by @\(actor)"
        case .timeline: "Bluesky Following"
        }
    }

    /// The request for its first page at `base` (the AppView, or the reader's PDS), the
    /// actor being `did`.
    func request(base: String, did: String) -> String {
        let xrpc = base + "/xrpc/"
        switch kind {
        case .author: return xrpc + "app.bsky.feed.getAuthorFeed?actor=" + FormEncoding.escape(did)
        case .feed(let name):
            return xrpc + "app.bsky.feed.getFeed?feed="
                + FormEncoding.escape("at://\(did)/app.bsky.feed.generator/\(name)")
        case .list(let id):
            return xrpc + "app.bsky.feed.getListFeed?list="
                + FormEncoding.escape("at://\(did)/app.bsky.graph.list/\(id)")
        case .timeline: return xrpc + "app.bsky.feed.getTimeline"
        }
    }

    /// `com.atproto.identity.resolveHandle` of `handle` at `base`.
    static func resolveRequest(base: String, handle: String) -> String {
        base + "/xrpc/com.atproto.identity.resolveHandle?handle=" + FormEncoding.escape(handle)
    }

    /// The page after the one `request` read: the same request with `cursor=`.
    static func nextPage(of request: String, cursor: String) -> String {
        PageAddress.setting("cursor", to: FormEncoding.escape(cursor), in: request)
    }

    /// Whether `request` is an XRPC request of a Bluesky feed (its answers page by cursor).
    static func isFeedRequest(_ request: String) -> Bool {
        guard let xrpc = request.firstRange(of: "/xrpc/") else { return false }
        let method = request[xrpc.upperBound...].prefix { $0 != "?" && $0 != "#" }
        return feedMethods.contains(String(method))
    }

    private static let feedMethods: Set<String> = [
        "app.bsky.feed.getAuthorFeed", "app.bsky.feed.getFeed", "app.bsky.feed.getListFeed",
        "app.bsky.feed.getTimeline",
    ]
}
