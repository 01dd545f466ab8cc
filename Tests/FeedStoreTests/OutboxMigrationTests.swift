import FeedCore
import Foundation
import TestSupport
import Testing

@testable import FeedStore

/// Version 5 of the store: a Mastodon post's status id and the reader's marks on its
/// server, and the outbox of actions on their way. A store made by version 4 (the file in
/// Fixtures, made by the viewer at that version: a recorded timeline page, its boost liked
/// and read there) keeps every post and mark, and then keeps what version 5 adds.
@Suite struct OutboxMigrationTests {
    private let now = Date(timeIntervalSince1970: 1_796_000_000)

    /// The version 4 store, copied into a folder of the test's own.
    private func versionFourStore() throws -> (folder: String, path: String) {
        let folder = try ScratchFolder.make("store").path
        let path = folder + "/store.sqlite3"
        try FileManager.default.copyItem(
            atPath: BoostMigrationTests.fixtures.appendingPathComponent("store-v4.sqlite3").path, toPath: path)
        return (folder, path)
    }

    @Test func aVersionFourStoreKeepsItsPostsAndMarksAndTakesStatusesAndAnOutbox() throws {
        let (folder, path) = try versionFourStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let old = try SQLiteDatabase(path: path, create: false)
        #expect(try old.scalar("PRAGMA user_version").integer == 4, "the fixture is a version 4 store")
        let key = try #require(try old.scalar("SELECT key FROM sources").text)
        let store = try FeedStore.open(at: path, now: now).store
        let database = try SQLiteDatabase(path: path, create: false)
        #expect(try database.scalar("PRAGMA user_version").integer == Int64(StoreSchema.current))
        let source = try #require(try store.sources([key])[key])
        let boost = BoostMigrationTests.boost
        #expect(source.posts.map(\.id) == [.string("112575574204709755"), boost, .string("112519727722591236")])
        #expect(source.liked == [boost] && Array(source.read.keys) == [boost])
        // What version 4 did not keep is not made up: no status ids until the page is listed again.
        #expect(source.posts.allSatisfy { $0.statusID == nil && $0.marks == [] })

        // Listed again, the page's posts keep their status ids and the reader's marks.
        var posts = try FeedDocumentDecoder.decode(
            Data(contentsOf: BoostMigrationTests.fixtures.appendingPathComponent("mastodon-boost-page.json"))
        ).posts
        posts[0].marks = [.favourited, .bookmarked]
        try store.saveAnswer(source: key, title: nil, posts: posts, etag: nil, lastModified: nil, at: now)
        let listed = try #require(try store.sources([key])[key])
        #expect(listed.posts.map(\.statusID) == posts.map(\.statusID))
        #expect(listed.posts.map(\.inReplyToID) == posts.map(\.inReplyToID))
        #expect(listed.posts.map(\.replyTo) == posts.map(\.replyTo))
        #expect(posts.contains { $0.replyTo != nil }, "the page holds a reply")
        #expect(listed.posts.first?.marks == [.favourited, .bookmarked])
        #expect(listed.posts[1].statusID == BoostMigrationTests.boosted, "a boost's status is the boosted one")
        #expect(listed.liked == [boost], "the like kept through the listing")
        #expect(try database.scalar("PRAGMA integrity_check").text == "ok")
    }

    @Test func theOutboxKeepsTheLastPressOfEachStatusAndMarkUntilItIsAnswered() throws {
        let (folder, path) = try versionFourStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try FeedStore.open(at: path, now: now).store
        let actor = "@me@mastodon.example"
        let favourite = FeedStore.Queued(
            actor: actor, kind: .like, target: "1", on: true, targetURL: nil, queuedAt: now)
        let boost = FeedStore.Queued(
            actor: actor, kind: .boost, target: "1", on: true, targetURL: "https://elsewhere.example/@ada/1",
            queuedAt: now + 1)
        try store.queue(favourite)
        try store.queue(boost)
        #expect(try store.queued(by: actor) == [favourite, boost])
        #expect(try store.queued(by: "@other@mastodon.example").isEmpty)
        // Pressed again before it was sent: the unfavourite takes the favourite's place.
        var unfavourite = favourite
        unfavourite.on = false
        unfavourite.queuedAt = now + 2
        try store.queue(unfavourite)
        #expect(try store.queued(by: actor) == [boost, unfavourite])
        // The favourite's answer comes late: the press that took its place stays.
        try store.unqueue(favourite)
        #expect(try store.queued(by: actor) == [boost, unfavourite])
        try store.unqueue(unfavourite)
        try store.unqueue(boost)
        #expect(try store.queued(by: actor).isEmpty)
        // Kept on disk, for the next run.
        try store.queue(boost)
        let again = try FeedStore.open(at: path, now: now).store
        #expect(try again.queued(by: actor) == [boost])
    }
}
