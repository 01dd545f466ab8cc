import FeedCore
import FoundationEssentials
import Synchronization

/// One tt-rss feed's articles (`getHeadlines`), newest first: a page of `pageSize` with their
/// content at the first load, further pages by `skip`; at each refresh only the articles
/// newer than the newest already here (`since_id`) with their content, and the read and
/// starred state of those already here without it, so that reading done elsewhere shows.
final class TTRSSFeedLoader: FeedLoading {
    let session: TTRSSSession
    let feed: TTRSSFeed
    /// The first page's posts as the last load left them, between refreshes.
    private let kept = Mutex<[Post]>([])

    init(session: TTRSSSession, feed: TTRSSFeed) {
        self.session = session
        self.feed = feed
    }

    static let pageSize = 30
    /// The most posts a refresh keeps asking the state of; the oldest beyond go.
    static let keptLimit = 200

    func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
        let known = kept.withLock { $0 }
        let posts: [Post]
        if let newest = known.compactMap(\.statusID).compactMap(Int.init).max() {
            let newer = try await headlines(["since_id": .number(newest), "limit": .number(Self.keptLimit)])
            let states = try await states(of: known.count)
            var merged = newer
            let arrived = Set(newer.map(\.id))
            for var post in known where !arrived.contains(post.id) {
                if let state = post.statusID.flatMap({ states[$0] }) {
                    post.readOnServer = state.read
                    post.marks = state.starred ? .favourited : []
                }
                merged.append(post)
            }
            posts = Array(merged.prefix(Self.keptLimit))
        } else {
            posts = try await headlines(["limit": .number(Self.pageSize)])
        }
        kept.withLock { $0 = posts }
        let next = known.isEmpty && posts.count == Self.pageSize ? pageAddress(skip: posts.count) : nil
        var answer = Feed(title: feed.title, posts: posts, nextPage: next)
        answer.unreadElsewhere = max(0, try await unreadCount() - posts.count { $0.readOnServer == false })
        return answer
    }

    /// How many of the feed's articles the server holds unread: the account's counters,
    /// asked once for all its feeds' loads of a round.
    private func unreadCount() async throws -> Int {
        try await session.unreadCounts()[feed.id] ?? 0
    }

    func loadPage(_ url: String) async throws -> Feed {
        guard let skip = Self.skip(in: url) else { throw Failure.noFurtherPages }
        let posts = try await headlines(["limit": .number(Self.pageSize), "skip": .number(skip)])
        return Feed(
            title: feed.title, posts: posts,
            nextPage: posts.count == Self.pageSize ? pageAddress(skip: skip + posts.count) : nil)
    }

    /// A further page's address: the API's, with the feed and where the page starts.
    func pageAddress(skip: Int) -> String {
        "\(session.api.endpoint)?feed=\(feed.id)&skip=\(skip)"
    }

    static func skip(in address: String) -> Int? {
        guard let query = address.split(separator: "?", maxSplits: 1).last else { return nil }
        for pair in query.split(separator: "&") where pair.hasPrefix("skip=") {
            return Int(pair.dropFirst("skip=".count)).flatMap { $0 >= 0 ? $0 : nil }
        }
        return nil
    }

    /// The feed's articles with their content, as posts.
    private func headlines(_ parameters: [String: TTRSSParameter]) async throws -> [Post] {
        var asked = parameters
        asked["feed_id"] = .number(feed.id)
        asked["show_content"] = .flag(true)
        asked["include_attachments"] = .flag(true)
        asked["view_mode"] = .text("all_articles")
        let headlines = try await session.call("getHeadlines", asked, as: [Lenient<TTRSSHeadline>].self)
        return headlines.compactMap(\.value).map { $0.post(feed: feed) }
    }

    /// The read and starred state of the newest `count` articles, by id, without content.
    private func states(of count: Int) async throws -> [String: (read: Bool, starred: Bool)] {
        struct State: Decodable {
            var id: TTRSSNumber
            var unread: TTRSSFlag?
            var marked: TTRSSFlag?
        }
        let asked: [String: TTRSSParameter] = [
            "feed_id": .number(feed.id), "limit": .number(min(max(count, 1), Self.keptLimit)),
            "show_content": .flag(false), "view_mode": .text("all_articles"),
        ]
        let states = try await session.call("getHeadlines", asked, as: [Lenient<State>].self)
        var byID: [String: (read: Bool, starred: Bool)] = [:]
        for state in states.compactMap(\.value) {
            byID[String(state.id.value)] = (state.unread?.value == false, state.marked?.value == true)
        }
        return byID
    }
}

/// An element of a list decoded on its own: one article tt-rss wrote oddly costs that
/// article, never the list.
struct Lenient<Value: Decodable>: Decodable {
    let value: Value?

    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}

extension Lenient: Sendable where Value: Sendable {}
