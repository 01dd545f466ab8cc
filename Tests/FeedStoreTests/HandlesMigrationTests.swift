import FeedCore
import Foundation
import TestSupport
import Testing

@testable import FeedStore

/// Version 6 of the store: Bluesky handles and the accounts they resolved to. A store made
/// by version 5 (the file in Fixtures, made by the viewer at that version: a recorded
/// timeline page, its boost liked and read there) keeps every post and mark, and then
/// keeps handles, and Bluesky posts with their records.
@Suite struct HandlesMigrationTests {
    private let now = Date(timeIntervalSince1970: 1_796_000_000)

    private func versionFiveStore() throws -> (folder: String, path: String) {
        let folder = try ScratchFolder.make("store").path
        let path = folder + "/store.sqlite3"
        try FileManager.default.copyItem(
            atPath: BoostMigrationTests.fixtures.appendingPathComponent("store-v5.sqlite3").path, toPath: path)
        return (folder, path)
    }

    @Test func aVersionFiveStoreKeepsItsPostsAndMarksAndTakesHandles() throws {
        let (folder, path) = try versionFiveStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let old = try SQLiteDatabase(path: path, create: false)
        #expect(try old.scalar("PRAGMA user_version").integer == 5, "the fixture is a version 5 store")
        let key = try #require(try old.scalar("SELECT key FROM sources").text)
        let before = try old.execute("SELECT post_id, liked, read_at FROM posts ORDER BY post_id")
        let store = try FeedStore.open(at: path, now: now).store
        let database = try SQLiteDatabase(path: path, create: false)
        #expect(try database.scalar("PRAGMA user_version").integer == Int64(StoreSchema.current))
        #expect(try database.execute("SELECT post_id, liked, read_at FROM posts ORDER BY post_id") == before)
        let source = try #require(try store.sources([key])[key])
        let boost = BoostMigrationTests.boost
        #expect(source.posts.map(\.id) == [.string("112575574204709755"), boost, .string("112519727722591236")])
        #expect(source.liked == [boost] && Array(source.read.keys) == [boost])
        #expect(source.posts[1].statusID == BoostMigrationTests.boosted)

        // Handles: kept, case aside, in place of an older answer, and trusted for a day.
        #expect(try store.id(ofHandle: "chriskenny.bsky.social", now: now) == nil)
        try store.remember(handle: "ChrisKenny.bsky.social", id: "did:plc:old", at: now - 60)
        try store.remember(handle: "chriskenny.bsky.social", id: "did:plc:wpe35pganb6d4pg4ekmfy6u5", at: now)
        #expect(try store.id(ofHandle: "CHRISKENNY.bsky.social", now: now) == "did:plc:wpe35pganb6d4pg4ekmfy6u5")
        #expect(try store.id(ofHandle: "chriskenny.bsky.social", now: now + FeedStore.handleLifetime - 1) != nil)
        #expect(try store.id(ofHandle: "chriskenny.bsky.social", now: now + FeedStore.handleLifetime + 1) == nil)
        let again = try FeedStore.open(at: path, now: now).store
        #expect(try again.id(ofHandle: "chriskenny.bsky.social", now: now) == "did:plc:wpe35pganb6d4pg4ekmfy6u5")
        #expect(try database.scalar("PRAGMA integrity_check").text == "ok")
    }

    @Test func aPostComesBackWithItsNetworkItsPayloadAndItsQuotes() throws {
        let (folder, path) = try versionFiveStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try FeedStore.open(at: path, now: now).store
        var post = Post(
            id: .string("at://did:plc:a/app.bsky.feed.post/3l"), author: Author(name: "A", handle: "a.example"),
            content: "a post", likes: 3, createdAt: now, url: "https://bsky.app/profile/a.example/post/3l",
            boosts: 1, replies: 2, statusID: "at://did:plc:a/app.bsky.feed.post/3l", marks: [.favourited])
        post.quotes = 4
        post.network = NetworkID("bluesky")
        post.payload = #"{"c":"bafyrei","l":"at:\/\/did:plc:me\/app.bsky.feed.like\/3k"}"#
        let source = "https://bsky.app/profile/a.example"
        try store.saveAnswer(source: source, title: nil, posts: [post], etag: nil, lastModified: nil, at: now)
        let kept = try #require(try FeedStore.open(at: path, now: now).store.sources([source])[source])
        #expect(kept.posts == [post])
        #expect(kept.posts.first?.network == NetworkID("bluesky"))
    }

    @Test func theOutboxKeepsAnActionsPayload() throws {
        let (folder, path) = try versionFiveStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try FeedStore.open(at: path, now: now).store
        let unlike = FeedStore.Queued(
            actor: "@bskyr.bsky.social", kind: .like, target: "at://did:plc:a/app.bsky.feed.post/3l", on: false,
            targetURL: "https://bsky.app/profile/a.example/post/3l",
            payload: #"{"c":"bafyrei","l":"at:\/\/did:plc:me\/app.bsky.feed.like\/3k"}"#, queuedAt: now)
        let mastodon = FeedStore.Queued(
            actor: "@me@mastodon.example", kind: .boost, target: "1", on: true, targetURL: nil, queuedAt: now)
        try store.queue(unlike)
        try store.queue(mastodon)
        let again = try FeedStore.open(at: path, now: now).store
        #expect(try again.queued(by: "@bskyr.bsky.social") == [unlike])
        #expect(try again.queued(by: "@me@mastodon.example") == [mastodon])
        try again.unqueue(unlike)
        #expect(try again.queued(by: "@bskyr.bsky.social").isEmpty)
    }
}
