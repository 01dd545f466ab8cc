import FeedCore
import Foundation
import TestSupport
import Testing

@testable import FeedStore

/// Version 3 of the store: a Mastodon boost is known by its own id. A store made by
/// version 2 (the file in Fixtures, made by the viewer at that version: a recorded
/// timeline page with one boost, liked and read there) keeps its marks through the change.
@Suite struct BoostMigrationTests {
    private let now = Date(timeIntervalSince1970: 1_796_000_000)
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    /// The boost's own id, and the boosted status's (version 2's key for the boost).
    static let boost = PostID.string("112526202686547299")
    static let boosted = "112525606646148711"

    /// The version 2 store, copied into a folder of the test's own; and its source's key.
    private func versionTwoStore() throws -> (folder: String, path: String, key: String) {
        let folder = try ScratchFolder.make("store").path
        let path = folder + "/store.sqlite3"
        try FileManager.default.copyItem(
            atPath: Self.fixtures.appendingPathComponent("store-v2-boost.sqlite3").path, toPath: path)
        let old = try SQLiteDatabase(path: path, create: false)
        #expect(try old.scalar("PRAGMA user_version").integer == 2, "the fixture is a version 2 store")
        let key = try #require(try old.scalar("SELECT key FROM sources").text)
        return (folder, path, key)
    }

    /// The recorded page, as this version decodes it.
    private func page() throws -> [Post] {
        try FeedDocumentDecoder.decode(
            Data(contentsOf: Self.fixtures.appendingPathComponent("mastodon-boost-page.json"))
        )
        .posts
    }

    @Test func aBoostReadAndLikedBeforeKeepsItsMarksUnderItsOwnId() throws {
        let (folder, path, key) = try versionTwoStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try FeedStore.open(at: path, now: now).store
        // Migrated: nothing lost, the boost's row under its interim name with its marks.
        let before = try #require(try store.sources([key])[key])
        #expect(before.posts.count == 3)
        let interim = PostID.string(StoreSchema.boostBeforeV3 + Self.boosted)
        #expect(before.liked == [interim] && before.read.keys.contains(interim))
        let readAt = before.read[interim]
        // The next answer names the boost: the row takes its id, and keeps its marks.
        let posts = try page()
        #expect(posts.map(\.id).contains(Self.boost))
        try store.saveAnswer(source: key, title: nil, posts: posts, etag: nil, lastModified: nil, at: now)
        let after = try #require(try store.sources([key])[key])
        #expect(after.posts.map(\.id) == posts.map(\.id), "three rows, none twice")
        #expect(after.liked == [Self.boost])
        #expect(after.read[Self.boost] == readAt && after.read.count == 1)
        #expect(try SQLiteDatabase(path: path).scalar("PRAGMA user_version").integer == Int64(StoreSchema.current))
    }

    @Test func theBoostedStatusListedByItselfTakesTheMarksWhenNoBoostDoes() throws {
        let (folder, path, key) = try versionTwoStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try FeedStore.open(at: path, now: now).store
        var status = try #require(try page().first { $0.id == Self.boost })
        status.id = .string(Self.boosted)
        status.boostedBy = nil
        try store.saveAnswer(source: key, title: nil, posts: [status], etag: nil, lastModified: nil, at: now)
        let after = try #require(try store.sources([key])[key])
        #expect(after.liked == [.string(Self.boosted)])
        #expect(after.read.keys.contains(.string(Self.boosted)))
    }

    @Test func anotherPersonsBoostOfTheStatusIsARowOfItsOwn() throws {
        let (folder, path, key) = try versionTwoStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try FeedStore.open(at: path, now: now).store
        var other = try #require(try page().first { $0.id == Self.boost })
        other.id = .string("112526410012345678")
        other.boostedBy = "Jürgen Kneidinger"
        try store.saveAnswer(source: key, title: nil, posts: [other], etag: nil, lastModified: nil, at: now)
        let after = try #require(try store.sources([key])[key])
        // Not that boost's marks: the old row waits, marks and all, for its own boost.
        #expect(after.liked == [.string(StoreSchema.boostBeforeV3 + Self.boosted)])
        #expect(after.posts.contains { $0.id == other.id })
        try store.saveAnswer(
            source: key, title: nil, posts: try page() + [other], etag: nil, lastModified: nil, at: now)
        let both = try #require(try store.sources([key])[key])
        #expect(both.posts.count == 4, "two people's boosts of one status are two rows")
        #expect(both.liked == [Self.boost])
    }
}
