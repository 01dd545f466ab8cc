import FeedCore
import Foundation
import TestSupport
import Testing

@testable import FeedStore

/// Version 7 of the store: the outbox in no network's words, and each post's network and
/// payload in columns of their own. The store in Fixtures was made by the viewer of
/// version 6 itself (Fixtures/SOURCES.md): six actions kept offline, four of a Mastodon
/// account under the names of Mastodon's endpoints, two of a Bluesky session with their
/// post's record. Every one comes back as what the reader did, in order, nothing lost.
@Suite struct NeutralOutboxMigrationTests {
    private let now = Date(timeIntervalSince1970: 1_796_700_000)
    static let mastodonActor = "@mastodonpy_test@127.0.0.1:46851"
    static let blueskyActor = "@bskyr.bsky.social"
    static let blueskyPost = "at://did:plc:qnzaaisqa3lafzmtjxt5nt52/app.bsky.feed.post/3lpk3nnns5u2b"
    static let cid = "bafyreig4tpekqkfrc4mgzogi6psjufioubsyqhs4hdufawl5k5ceydtuqa"

    /// The version 6 store, copied into a folder of the test's own.
    static func versionSixStore() throws -> (folder: String, path: String) {
        let folder = try ScratchFolder.make("store").path
        let path = folder + "/store.sqlite3"
        try FileManager.default.copyItem(
            atPath: BoostMigrationTests.fixtures.appendingPathComponent("store-v6-outbox.sqlite3").path, toPath: path)
        return (folder, path)
    }

    @Test func theKeptActionsOfVersionSixComeBackInNoNetworksWords() throws {
        let (folder, path) = try Self.versionSixStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let old = try SQLiteDatabase(path: path, create: false)
        #expect(try old.scalar("PRAGMA user_version").integer == 6, "the fixture is a version 6 store")
        #expect(try old.scalar("SELECT count(*) FROM outbox").integer == 6)
        let store = try FeedStore.open(at: path, now: now).store
        let database = try SQLiteDatabase(path: path, create: false)
        #expect(try database.scalar("PRAGMA user_version").integer == Int64(StoreSchema.current))
        let mastodon = try store.queued(by: Self.mastodonActor)
        #expect(mastodon.map(\.kind) == [.like, .boost, .bookmark, .boost])
        #expect(mastodon.map(\.on) == [true, true, true, false], "the unboost is an undo")
        #expect(
            mastodon.map(\.target) == [
                RecordedMastodon.newest, RecordedMastodon.newest, RecordedMastodon.newest, RecordedMastodon.second,
            ])
        #expect(mastodon.allSatisfy { $0.payload == nil && $0.targetURL?.hasPrefix("http://localhost:3000/@") == true })
        #expect(
            mastodon.map(\.action) == [
                ServerAction(mark: .favourited, on: true), ServerAction(mark: .boosted, on: true),
                ServerAction(mark: .bookmarked, on: true), ServerAction(mark: .boosted, on: false),
            ])
        #expect(zip(mastodon, mastodon.dropFirst()).allSatisfy { $0.queuedAt < $1.queuedAt }, "in the order pressed")
        let bluesky = try store.queued(by: Self.blueskyActor)
        #expect(bluesky.map(\.kind) == [.like, .boost] && bluesky.allSatisfy(\.on))
        #expect(bluesky.allSatisfy { $0.target == Self.blueskyPost })
        #expect(bluesky.allSatisfy { $0.payload == #"{"c":"\#(Self.cid)"}"# }, "the record, as it was kept")
        // Sent, one goes; the rest stay, and a press of the same kind takes its place.
        try store.unqueue(mastodon[0])
        #expect(try store.queued(by: Self.mastodonActor).count == 3)
        var unbookmark = mastodon[2]
        unbookmark.on = false
        unbookmark.queuedAt = now
        try store.queue(unbookmark)
        #expect(try store.queued(by: Self.mastodonActor).map(\.on) == [true, false, false])
        #expect(try database.scalar("PRAGMA integrity_check").text == "ok")
    }

    /// The posts version 6 kept: every one still there, read and liked as they were, a
    /// post of a network that needs a payload with it (read from where version 6 put it).
    @Test func theKeptPostsComeBackWithTheirPayloads() throws {
        let (folder, path) = try Self.versionSixStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let old = try SQLiteDatabase(path: path, create: false)
        let keys = try old.execute("SELECT key FROM sources ORDER BY id").compactMap { $0[0].text }
        let counts = try old.execute("SELECT count(*) FROM posts GROUP BY source_id ORDER BY source_id").compactMap {
            $0[0].integer
        }
        let store = try FeedStore.open(at: path, now: now).store
        let sources = try store.sources(keys)
        #expect(keys.compactMap { sources[$0]?.posts.count }.map(Int64.init) == counts)
        let bluesky = try #require(sources["https://bsky.app/"])
        let post = try #require(bluesky.posts.first { $0.statusID == Self.blueskyPost })
        #expect(post.payload == #"{"c":"\#(Self.cid)"}"#)
        #expect(bluesky.posts.allSatisfy { $0.payload?.hasPrefix(#"{"c":"#) == true })
        let mastodon = try #require(
            sources.values.first { $0.posts.contains { $0.statusID == RecordedMastodon.newest } })
        #expect(mastodon.posts.allSatisfy { $0.payload == nil })
    }
}
