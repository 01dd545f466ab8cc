import FeedCore
import Foundation
import TestSupport
import Testing

@testable import FeedStore

/// What the store promises to keep: liked posts past every bound, a post marked unread
/// again, and numbers in what its index finds.
@Suite struct StoreKeepsTests {
    private let now = Date(timeIntervalSince1970: 1_796_000_000)

    private func scratch() throws -> String {
        try ScratchFolder.make("store").path
    }

    private func post(_ id: String, daysAgo: Double, title: String? = nil) -> Post {
        Post(
            id: .string(id), author: Author(name: "Ada Park"), title: title ?? "Post \(id)", content: "Text of \(id)",
            likes: nil, createdAt: now.addingTimeInterval(-daysAgo * 86_400))
    }

    /// A read, liked post 120 days old, among more posts than the bound, outlives both the
    /// 500 a source and the 90 days of read posts; the same post unliked does not.
    @Test func aLikedPostIsKeptPastEveryBound() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try FeedStore.open(at: folder + "/s.sqlite3", now: now).store
        let old = post("old", daysAgo: 120)
        let other = post("other", daysAgo: 119)
        try store.saveAnswer(source: "s", title: nil, posts: [old, other], etag: nil, lastModified: nil, at: now)
        try store.saveMarks(
            read: [("s", old.id, now), ("s", other.id, now)], liked: [("s", old.id, true)])
        // 500 newer posts: the old ones are past the bound of posts, and read past 90 days.
        let newer = (0..<FeedStore.postsPerSource).map { post("n\($0)", daysAgo: Double($0) / 100) }
        try store.saveAnswer(source: "s", title: nil, posts: newer, etag: nil, lastModified: nil, at: now)
        let kept = try #require(try store.sources(["s"])["s"])
        #expect(kept.posts.contains { $0.id == old.id }, "liked: kept")
        #expect(kept.liked == [old.id] && kept.read[old.id] == now)
        #expect(!kept.posts.contains { $0.id == other.id }, "read, not liked, past both bounds: let go")
        #expect(kept.posts.count == FeedStore.postsPerSource + 1)
        // Only read and 120 days old (no bound of count): liked keeps it, unliked lets it go.
        let alone = try scratch()
        defer { try? FileManager.default.removeItem(atPath: alone) }
        let small = try FeedStore.open(at: alone + "/s.sqlite3", now: now).store
        try small.saveAnswer(source: "s", title: nil, posts: [old, other], etag: nil, lastModified: nil, at: now)
        try small.saveMarks(read: [("s", old.id, now), ("s", other.id, now)], liked: [("s", old.id, true)])
        try small.saveAnswer(source: "s", title: nil, posts: [], etag: nil, lastModified: nil, at: now)
        #expect(try small.sources(["s"])["s"]?.posts.map(\.id) == [old.id])
    }

    /// `N` on a read post: the mark the view sends reaches the file, and the next run has it
    /// unread.
    @Test func aPostMarkedUnreadStaysUnreadAfterARestart() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/s.sqlite3"
        do {
            let store = try FeedStore.open(at: path, now: now).store
            try store.saveAnswer(
                source: "s", title: nil, posts: [post("a", daysAgo: 1), post("b", daysAgo: 2)], etag: nil,
                lastModified: nil, at: now)
            let writer = MarkWriter(store: store, keys: ["s"], interval: .seconds(3600), now: { self.now })
            let a = PostID.string("a").tagged(by: 0)
            let b = PostID.string("b").tagged(by: 0)
            writer.add([.read(a, source: 0, true), .read(b, source: 0, true)])
            writer.flush()
            #expect(try store.sources(["s"])["s"]?.read.count == 2)
            writer.add([.read(a, source: 0, false)])
            writer.flush()
        }
        // The next run.
        let again = try FeedStore.open(at: path, now: now).store
        let source = try #require(try again.sources(["s"])["s"])
        #expect(source.read.keys.sorted { $0.description < $1.description } == [.string("b")], "a unread again")
    }

    @Test(arguments: [("2026", "Plans for 2026"), ("v6", "Swift v6 is out"), ("iOS 18", "Shipping on iOS 18")])
    func theIndexFindsNumbers(query: String, title: String) throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try FeedStore.open(at: folder + "/s.sqlite3", now: now).store
        let posts = [
            post("1", daysAgo: 1, title: "Swift v6 is out"), post("2", daysAgo: 2, title: "Shipping on iOS 18"),
            post("3", daysAgo: 3, title: "Plans for 2026"), post("4", daysAgo: 4, title: "iOS 17 and v5"),
        ]
        try store.saveAnswer(source: "s", title: nil, posts: posts, etag: nil, lastModified: nil, at: now)
        #expect(try store.search(query, in: ["s"]).compactMap(\.post.title) == [title])
    }
}
