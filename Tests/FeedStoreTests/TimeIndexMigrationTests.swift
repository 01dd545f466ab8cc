import FeedCore
import Foundation
import TestSupport
import Testing

@testable import FeedStore

/// Version 4 of the store: the posts indexed by time, for a start's first screen. A store
/// made by version 3 (the file in Fixtures, made by the viewer at that version: a recorded
/// timeline page, its boost liked and read there) keeps every post and mark, and its newest
/// are read through the index.
@Suite struct TimeIndexMigrationTests {
    private let now = Date(timeIntervalSince1970: 1_796_000_000)

    @Test func aVersionThreeStoreKeepsItsPostsAndMarksAndReadsItsNewestByTime() throws {
        let folder = try ScratchFolder.make("store").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/store.sqlite3"
        try FileManager.default.copyItem(
            atPath: BoostMigrationTests.fixtures.appendingPathComponent("store-v3.sqlite3").path, toPath: path)
        let old = try SQLiteDatabase(path: path, create: false)
        #expect(try old.scalar("PRAGMA user_version").integer == 3, "the fixture is a version 3 store")
        let key = try #require(try old.scalar("SELECT key FROM sources").text)
        let store = try FeedStore.open(at: path, now: now).store
        let database = try SQLiteDatabase(path: path, create: false)
        #expect(try database.scalar("PRAGMA user_version").integer == Int64(StoreSchema.current))
        // Every post and mark as it was.
        let source = try #require(try store.sources([key])[key])
        let boost = BoostMigrationTests.boost
        #expect(source.posts.map(\.id) == [.string("112575574204709755"), boost, .string("112519727722591236")])
        #expect(source.liked == [boost] && Array(source.read.keys) == [boost])
        // The newest, by the index: a walk from its end, no sort of the table.
        let newest = try #require(try store.sources([key], newest: 2)[key])
        #expect(newest.posts.map(\.id) == Array(source.posts.prefix(2)).map(\.id))
        let plan = try database.execute(
            "EXPLAIN QUERY PLAN SELECT source_id FROM posts WHERE +source_id IN (1)\(FeedStore.newestFirst(200))")
        let steps = plan.compactMap { $0.last?.text }
        #expect(steps.contains { $0.contains("USING INDEX posts_by_time") }, "\(steps)")
        #expect(!steps.contains { $0.contains("TEMP B-TREE") }, "\(steps)")
        #expect(try database.scalar("PRAGMA integrity_check").text == "ok")
    }
}
