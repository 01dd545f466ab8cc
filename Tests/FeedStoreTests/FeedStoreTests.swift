import CSQLite
import FeedCore
import Foundation
import Synchronization
import Testing

@testable import FeedStore

/// The store on a temporary file: what goes in comes out, within its bounds, and a file
/// that cannot be a store is moved aside, never lost.
@Suite struct FeedStoreTests {
    /// A folder of the test's own, removed after it.
    private final class Scratch {
        let folder: String
        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)").path
        }
        var path: String { folder + "/shimmerfeed/store.sqlite3" }
        deinit { try? FileManager.default.removeItem(atPath: folder) }
    }

    private let now = Date(timeIntervalSince1970: 1_796_000_000)

    private func post(_ id: String, hoursAgo: Double, title: String? = nil) -> Post {
        Post(
            id: .string(id), author: Author(name: "Ada Park", handle: "@ada", avatarURL: "https://e.org/a.png"),
            title: title, content: "Text of \(id)", likes: 3, createdAt: now.addingTimeInterval(-hoursAgo * 3600),
            url: "https://e.org/\(id)",
            attachments: [Attachment(kind: .image, description: "alt", url: "https://e.org/p.jpg")])
    }

    @Test func theFolderIsPrivateAndTheFileToo() throws {
        let scratch = try Scratch()
        _ = try FeedStore.open(at: scratch.path, now: now)
        let folder = try FileManager.default.attributesOfItem(atPath: scratch.folder + "/shimmerfeed")
        let file = try FileManager.default.attributesOfItem(atPath: scratch.path)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        #expect((file[.posixPermissions] as? Int) == 0o600)
    }

    @Test func anAnswerComesBackAsItWasKept() throws {
        let scratch = try Scratch()
        let store = try FeedStore.open(at: scratch.path, now: now).store
        var poll = post("3", hoursAgo: 3)
        poll.poll = Poll(
            options: [.init(title: "Tabs", votes: 12), .init(title: "Spaces", votes: nil)], votes: 12, closed: true)
        poll.hidesContent = true
        // A status a filter of the reader's on their server collapses: still collapsed from
        // the store at the next start.
        var filtered = post("2", hoursAgo: 2)
        filtered.serverFilter = ServerFilter(title: "animes", hides: false)
        filtered.links = [PostLink(text: "the docs", url: "https://e.org/docs")]
        let posts = [post("1", hoursAgo: 1, title: "One"), filtered, poll]
        try store.saveAnswer(
            source: "https://e.org/feed", title: "E", posts: posts, etag: "\"v1\"",
            lastModified: "Mon, 30 Nov 2026 10:00:00 GMT",
            at: now)
        // Another connection, as the next run would open.
        let again = try FeedStore.open(at: scratch.path, now: now).store
        let source = try #require(
            try again.sources(["https://e.org/feed", "https://unknown.example/"])["https://e.org/feed"])
        #expect(source.posts == posts)
        #expect(
            source.title == "E" && source.etag == "\"v1\"" && source.lastModified == "Mon, 30 Nov 2026 10:00:00 GMT")
        #expect(source.lastSuccess == now)
        #expect(try again.sources(["https://unknown.example/"]).isEmpty)
    }

    /// The posts come back newest first, undated last, then the last listed first, with
    /// their marks, whether the sources asked for hold most of the store (one walk of the
    /// table) or few of its sources (a source at a time, through the key).
    @Test func theKeptPostsComeBackInTheirOrderReadEitherWay() throws {
        let scratch = try Scratch()
        let store = try FeedStore.open(at: scratch.path, now: now).store
        var undated = post("u", hoursAgo: 0)
        undated.createdAt = nil
        let sources = (0..<6).map { "https://e.org/\($0)/feed" }
        for (index, source) in sources.enumerated() {
            // Saved in two answers, so that each source's rows lie apart in the file, and
            // two posts as old as each other (a, then c) were last listed a minute apart.
            try store.saveAnswer(
                source: source, title: "S\(index)", posts: [post("a\(index)", hoursAgo: 5), undated],
                etag: nil, lastModified: nil, at: now)
        }
        for (index, source) in sources.enumerated() {
            try store.saveAnswer(
                source: source, title: "S\(index)",
                posts: [post("b\(index)", hoursAgo: 1), post("c\(index)", hoursAgo: 5), undated],
                etag: nil, lastModified: nil, at: now.addingTimeInterval(60))
        }
        try store.saveMarks(
            read: [(source: sources[2], post: .string("c2"), readAt: now)],
            liked: [(source: sources[2], post: .string("c2"), liked: true)])
        let many = try store.sources(Array(sources.prefix(5)))  // five of six: the walk
        let few = try store.sources([sources[2]])  // one of six: the key
        for found in [many[sources[2]], few[sources[2]]] {
            let source = try #require(found)
            #expect(
                source.posts.map(\.id.description) == ["b2", "c2", "a2", "u"], "newest, then last listed, undated last")
            #expect(source.read.keys.map(\.description) == ["c2"])
            #expect(source.liked.map(\.description) == ["c2"])
            #expect(source.title == "S2")
        }
        #expect(many.count == 5 && few.count == 1)
        #expect(many[sources[0]]?.posts.map(\.id.description) == ["b0", "c0", "a0", "u"])
    }

    /// A first screen's worth: the newest posts of all the sources asked for, each source's
    /// in its order with their marks, whether the table is walked (most of the store's
    /// sources) or each source read through the key (few of them).
    @Test func theNewestOfAllTheSourcesComeFirstReadEitherWay() throws {
        let scratch = try Scratch()
        let store = try FeedStore.open(at: scratch.path, now: now).store
        let sources = (0..<6).map { "https://e.org/\($0)/feed" }
        var undated = post("u", hoursAgo: 0)
        undated.createdAt = nil
        for (index, source) in sources.enumerated() {
            // Source i's post j is 6j + i hours old: the sources' posts interleave.
            let posts = (0..<4).map { post("p\(index)-\($0)", hoursAgo: Double(6 * $0 + index)) }
            try store.saveAnswer(
                source: source, title: "S\(index)", posts: posts + [undated], etag: nil, lastModified: nil, at: now)
        }
        try store.saveMarks(
            read: [(source: sources[2], post: .string("p2-1"), readAt: now)],
            liked: [(source: sources[2], post: .string("p2-1"), liked: true)])
        func ids(_ found: [String: FeedStore.Source], _ index: Int) -> [String]? {
            found[sources[index]]?.posts.map(\.id.description)
        }
        // Five of six sources, the walk: 0 to 4, 6 and 7 hours old.
        let many = try store.sources(Array(sources.prefix(5)), newest: 7)
        #expect(ids(many, 0) == ["p0-0", "p0-1"] && ids(many, 1) == ["p1-0", "p1-1"])
        #expect(ids(many, 2) == ["p2-0"] && ids(many, 3) == ["p3-0"] && ids(many, 4) == ["p4-0"])
        #expect(many[sources[0]]?.title == "S0", "every source asked for, with what it has of the newest")
        // Two of six, through the key: 2, 4 and 8 hours old.
        let few = try store.sources([sources[2], sources[4]], newest: 3)
        #expect(ids(few, 2) == ["p2-0", "p2-1"] && ids(few, 4) == ["p4-0"])
        #expect(few[sources[2]]?.read.keys.map(\.description) == ["p2-1"])
        #expect(few[sources[2]]?.liked.map(\.description) == ["p2-1"])
        // More than there are: all of them, undated last.
        #expect(ids(try store.sources([sources[5]], newest: 50), 5) == ["p5-0", "p5-1", "p5-2", "p5-3", "u"])
    }

    /// An answer is kept whole or not at all: a write that fails midway leaves the source
    /// as it was.
    @Test func anAnswerThatFailsMidwayChangesNothing() throws {
        let scratch = try Scratch()
        let store = try FeedStore.open(at: scratch.path, now: now).store
        try store.saveAnswer(
            source: "s", title: "Before", posts: [post("1", hoursAgo: 1)], etag: "\"a\"", lastModified: nil, at: now)
        let database = try SQLiteDatabase(path: scratch.path)
        try database.execute(
            "CREATE TRIGGER refuse BEFORE INSERT ON posts WHEN NEW.post_id = 'bad' BEGIN SELECT RAISE(ABORT, 'refused'); END"
        )
        #expect(throws: FeedStore.Unavailable.self) {
            try store.saveAnswer(
                source: "s", title: "After", posts: [post("2", hoursAgo: 0.5), post("bad", hoursAgo: 0.2)],
                etag: "\"b\"",
                lastModified: nil, at: now + 60)
        }
        let source = try #require(try store.sources(["s"])["s"])
        #expect(source.title == "Before" && source.etag == "\"a\"")
        #expect(source.posts.map(\.id) == [.string("1")])
    }

    /// A write that fails (a full disk) takes the store out of use for the run, and the
    /// reader is told once.
    @Test func aFailedWriteIsToldOnceAndTheStoreRests() throws {
        let scratch = try Scratch()
        let store = try FeedStore.open(at: scratch.path, now: now).store
        let database = try SQLiteDatabase(path: scratch.path)
        try database.execute(
            "CREATE TRIGGER full BEFORE INSERT ON sources BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END")
        let told = Mutex<[String]>([])
        store.tellProblem { text in told.withLock { $0.append(text) } }
        #expect(told.withLock { $0 }.isEmpty)
        store.keep { (store) throws(FeedStore.Unavailable) in
            try store.saveFailure(source: "s", message: "x", at: now)
        }
        #expect(
            told.withLock { $0 }
                == ["going on without the store: the store could not be written: database or disk is full"])
        store.keep { (store) throws(FeedStore.Unavailable) in
            try store.saveFailure(source: "s", message: "y", at: now)
        }
        #expect(told.withLock { $0 }.count == 1, "said once")
        // Told once in the run: a listener that comes later hears nothing more.
        let late = Mutex<[String]>([])
        store.tellProblem { text in late.withLock { $0.append(text) } }
        #expect(late.withLock { $0 }.isEmpty, "already told")
        try database.execute("DROP TRIGGER full")
        store.keep { (store) throws(FeedStore.Unavailable) in
            try store.saveFailure(source: "s", message: "x", at: now)
        }
        #expect(try store.sources(["s"]).isEmpty, "no more writes this run")
    }

    /// A write that failed before anyone listened is told to the first listener, at once.
    @Test func aFailureBeforeTheListenerIsToldWhenItComes() throws {
        let scratch = try Scratch()
        let store = try FeedStore.open(at: scratch.path, now: now).store
        try SQLiteDatabase(path: scratch.path).execute(
            "CREATE TRIGGER full BEFORE INSERT ON sources BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END")
        store.keep { (store) throws(FeedStore.Unavailable) in
            try store.saveFailure(source: "s", message: "x", at: now)
        }
        let told = Mutex<[String]>([])
        store.tellProblem { text in told.withLock { $0.append(text) } }
        #expect(
            told.withLock { $0 }
                == ["going on without the store: the store could not be written: database or disk is full"])
    }

    @Test func numericIdsStayNumbers() throws {
        let scratch = try Scratch()
        let store = try FeedStore.open(at: scratch.path, now: now).store
        var number = post("x", hoursAgo: 1)
        number.id = .number(42)
        var text = post("y", hoursAgo: 2)
        text.id = .string("43")
        try store.saveAnswer(source: "s", title: nil, posts: [number, text], etag: nil, lastModified: nil, at: now)
        #expect(try store.sources(["s"])["s"]?.posts.map(\.id) == [.number(42), .string("43")])
        // A mark names a post by its id in words, as the view gives it back.
        try store.saveMarks(read: [("s", .string("42"), now)], liked: [])
        #expect(try store.sources(["s"])["s"]?.read == [.number(42): now])
    }

    @Test func readAndLikedMarksOutliveAnotherAnswer() throws {
        let scratch = try Scratch()
        let store = try FeedStore.open(at: scratch.path, now: now).store
        let posts = [post("1", hoursAgo: 1), post("2", hoursAgo: 2)]
        try store.saveAnswer(source: "s", title: nil, posts: posts, etag: nil, lastModified: nil, at: now)
        try store.saveMarks(read: [("s", .string("2"), now)], liked: [])
        try store.saveMarks(read: [], liked: [("s", .string("1"), true)])
        try store.saveAnswer(source: "s", title: nil, posts: posts, etag: nil, lastModified: nil, at: now + 60)
        let source = try #require(try store.sources(["s"])["s"])
        #expect(source.read == [.string("2"): now])
        #expect(source.liked == [.string("1")])
        try store.saveMarks(read: [("s", .string("2"), nil)], liked: [])
        #expect(try store.sources(["s"])["s"]?.read.isEmpty == true, "unread again")
    }

    @Test func failuresAndNotModifiedAreKept() throws {
        let scratch = try Scratch()
        let store = try FeedStore.open(at: scratch.path, now: now).store
        try store.saveFailure(source: "s", message: "HTTP 503", at: now)
        try store.saveFailure(source: "s", message: "HTTP 503", at: now + 10)
        var source = try #require(try store.sources(["s"])["s"])
        #expect(source.failures == 2 && source.failureMessage == "HTTP 503" && source.lastFailure == now + 10)
        try store.saveNotModified(source: "s", at: now + 20)
        source = try #require(try store.sources(["s"])["s"])
        #expect(source.failures == 0 && source.lastSuccess == now + 20)
    }

    /// `keep=3`: the source keeps its newest three, and its liked, and no more.
    @Test func aSourceKeepsWhatItsKeepSays() throws {
        let scratch = try Scratch()
        let store = try FeedStore.open(at: scratch.path, now: now).store
        let posts = (0..<10).map { post("p\($0)", hoursAgo: Double($0 + 10)) }
        try store.saveAnswer(source: "s", title: nil, posts: posts, etag: nil, lastModified: nil, at: now, keep: 3)
        #expect(try #require(try store.sources(["s"])["s"]).posts.map(\.id.description) == ["p0", "p1", "p2"])
        // Newer posts push the older out of the three.
        let newer = (0..<2).map { post("n\($0)", hoursAgo: Double($0)) }
        try store.saveAnswer(source: "s", title: nil, posts: newer, etag: nil, lastModified: nil, at: now, keep: 3)
        #expect(try #require(try store.sources(["s"])["s"]).posts.map(\.id.description) == ["n0", "n1", "p0"])
    }

    /// A saved search finds the store's posts of the sources named (or of every source),
    /// with the posts a source handed over just before it.
    @Test func aSavedSearchFindsWhatTheStoreHoldsAfterItsWrites() async throws {
        let scratch = try Scratch()
        let store = try FeedStore.open(at: scratch.path, now: now).store
        var swift = post("a", hoursAgo: 1, title: "Swift on the terminal")
        swift.content = "ncurses bindings, at last"
        var other = post("b", hoursAgo: 2, title: "Cooking")
        other.content = "a crème brûlée"
        try store.saveAnswer(source: "one", title: nil, posts: [swift, other], etag: nil, lastModified: nil, at: now)
        var later = post("c", hoursAgo: 0.5, title: "More Swift")
        later.content = "and NCURSES again"
        let (handedOver, now) = (later, now)
        // Many writes before it, the matching one last: a search that did not wait for
        // them would run while they are still being written.
        let filler = (0..<200).map { post("f\($0)", hoursAgo: Double($0) + 3) }
        for round in 0..<30 {
            store.later { (store) throws(FeedStore.Unavailable) in
                try store.saveAnswer(
                    source: "filler\(round)", title: nil, posts: filler, etag: nil, lastModified: nil, at: now)
            }
        }
        store.later { (store) throws(FeedStore.Unavailable) in
            try store.saveAnswer(source: "two", title: nil, posts: [handedOver], etag: nil, lastModified: nil, at: now)
        }
        let everywhere = try await SavedSearchLoader(store: store, query: "swift ncurs", keys: []).load { _, _, _ in }
        #expect(everywhere.posts.map(\.id.description) == ["c", "a"], "newest first, the later write found")
        let one = try await SavedSearchLoader(store: store, query: "swift", keys: ["one"]).load { _, _, _ in }
        #expect(one.posts.map(\.id.description) == ["a"])
        let accents = try await SavedSearchLoader(store: store, query: "CREME", keys: []).load { _, _, _ in }
        #expect(accents.posts.map(\.id.description) == ["b"], "case and accents aside")
    }

    @Test func eachSourceKeepsItsNewestFiveHundredAndItsLiked() throws {
        let scratch = try Scratch()
        let store = try FeedStore.open(at: scratch.path, now: now).store
        try store.saveAnswer(
            source: "s", title: nil, posts: [post("old", hoursAgo: 10_000)], etag: nil, lastModified: nil, at: now)
        try store.saveAnswer(
            source: "s", title: nil, posts: [post("liked", hoursAgo: 20_000)], etag: nil, lastModified: nil, at: now)
        try store.saveMarks(read: [], liked: [("s", .string("liked"), true)])
        let many = (0..<600).map { post("p\($0)", hoursAgo: Double($0)) }
        try store.saveAnswer(source: "s", title: nil, posts: many, etag: nil, lastModified: nil, at: now)
        let kept = try #require(try store.sources(["s"])["s"]).posts.map(\.id.description)
        #expect(kept.count == FeedStore.postsPerSource + 1)
        #expect(kept.first == "p0" && kept.contains("p499") && !kept.contains("p500") && !kept.contains("old"))
        #expect(kept.contains("liked"), "a liked post is never let go")
    }

    @Test func readPostsOlderThanNinetyDaysGoUnreadOnesStay() throws {
        let scratch = try Scratch()
        let store = try FeedStore.open(at: scratch.path, now: now).store
        let old = [post("read", hoursAgo: 24 * 100), post("unread", hoursAgo: 24 * 100), post("new", hoursAgo: 1)]
        try store.saveAnswer(source: "s", title: nil, posts: old, etag: nil, lastModified: nil, at: now)
        try store.saveMarks(read: [("s", .string("read"), now)], liked: [])
        try store.saveAnswer(
            source: "s", title: nil, posts: [post("newer", hoursAgo: 0.5)], etag: nil, lastModified: nil, at: now)
        let kept = Set(try #require(try store.sources(["s"])["s"]).posts.map(\.id.description))
        #expect(kept == ["unread", "new", "newer"])
    }

    @Test func aFileThatIsNotAStoreIsMovedAsideNotLost() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(
            atPath: scratch.folder + "/shimmerfeed", withIntermediateDirectories: true)
        let words = Data("my notes, not a database\n".utf8) + Data(repeating: 0x41, count: 4096)
        try words.write(to: URL(fileURLWithPath: scratch.path))
        let (_, notice) = try FeedStore.open(at: scratch.path, now: now)
        #expect(notice?.hasPrefix("the store was not a store") == true)
        #expect(notice?.hasSuffix("moved aside as store.sqlite3.broken-1796000000") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path + ".broken-1796000000")) == words)
        #expect(try SQLiteDatabase(path: scratch.path).scalar("PRAGMA integrity_check").text == "ok")
    }

    /// Twice in one second: the second file goes beside the first, which is kept.
    @Test(.timeLimit(.minutes(1))) func aSecondBrokenFileInTheSameSecondKeepsTheFirst() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(
            atPath: scratch.folder + "/shimmerfeed", withIntermediateDirectories: true)
        for note in ["first notes", "second notes"] {
            try Data("\(note), not a database\n".utf8).write(to: URL(fileURLWithPath: scratch.path))
            _ = try FeedStore.open(at: scratch.path, now: now)
        }
        let first = try Data(contentsOf: URL(fileURLWithPath: scratch.path + ".broken-1796000000"))
        let second = try Data(contentsOf: URL(fileURLWithPath: scratch.path + ".broken-1796000000-2"))
        #expect(String(decoding: first, as: UTF8.self).hasPrefix("first notes"))
        #expect(String(decoding: second, as: UTF8.self).hasPrefix("second notes"))
    }

    @Test func aDamagedFileIsMovedAside() throws {
        let scratch = try Scratch()
        let store = try FeedStore.open(at: scratch.path, now: now).store
        try store.saveAnswer(
            source: "s", title: nil, posts: (0..<200).map { post("p\($0)", hoursAgo: Double($0)) }, etag: nil,
            lastModified: nil, at: now)
        // Checkpointed into the main file, then its last page overwritten: a page of
        // posts, which opening the file alone would never read.
        try SQLiteDatabase(path: scratch.path).execute("PRAGMA wal_checkpoint(TRUNCATE)")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: scratch.path))
        #expect(bytes.count > 8192)
        bytes.replaceSubrange((bytes.count - 4096)..<bytes.count, with: Data(repeating: 0xFF, count: 4096))
        try bytes.write(to: URL(fileURLWithPath: scratch.path))
        // Opened as it is (the whole file is read after the first screen, not before it);
        // the check finds the damage, moves the file aside and takes the store out of use.
        let (damaged, notice) = try FeedStore.open(at: scratch.path, now: now)
        #expect(notice == nil)
        let told = Mutex<[String]>([])
        damaged.tellProblem { message in told.withLock { $0.append(message) } }
        let damage = try #require(damaged.checkIntegrity(now: now))
        #expect(damage.contains("moved aside as store.sqlite3.broken-1796000000"), "\(damage)")
        #expect(told.withLock { $0 }.count == 1 && told.withLock { $0 }.first?.contains(damage) == true)
        #expect(FileManager.default.fileExists(atPath: scratch.path + ".broken-1796000000"))
        // No write reaches it, and the next run's store is a fresh one.
        damaged.keep { (store) throws(FeedStore.Unavailable) in
            try store.saveAnswer(source: "t", title: nil, posts: [], etag: nil, lastModified: nil, at: now)
        }
        let (fresh, again) = try FeedStore.open(at: scratch.path, now: now)
        #expect(try again == nil && fresh.sources(["s", "t"]).isEmpty)
        #expect(fresh.checkIntegrity(now: now) == nil, "a sound store passes")
    }

    /// A store of the version before is checked before its migration writes to it.
    @Test func aDamagedFileOfAnOlderVersionIsMovedAsideBeforeItsMigration() throws {
        let scratch = try Scratch()
        let store = try FeedStore.open(at: scratch.path, now: now).store
        try store.saveAnswer(
            source: "s", title: nil, posts: (0..<200).map { post("p\($0)", hoursAgo: Double($0)) }, etag: nil,
            lastModified: nil, at: now)
        let database = try SQLiteDatabase(path: scratch.path)
        try database.execute("PRAGMA user_version = \(StoreSchema.current - 1)")
        try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: scratch.path))
        bytes.replaceSubrange((bytes.count - 4096)..<bytes.count, with: Data(repeating: 0xFF, count: 4096))
        try bytes.write(to: URL(fileURLWithPath: scratch.path))
        let (fresh, notice) = try FeedStore.open(at: scratch.path, now: now)
        #expect(notice?.contains("moved aside as store.sqlite3.broken-1796000000") == true, "\(notice ?? "")")
        #expect(try fresh.sources(["s"]).isEmpty)
    }

    @Test func aStoreOfANewerVersionIsMovedAside() throws {
        let scratch = try Scratch()
        _ = try FeedStore.open(at: scratch.path, now: now)
        let database = try SQLiteDatabase(path: scratch.path)
        try database.execute("PRAGMA user_version = \(StoreSchema.current + 1)")
        let (_, notice) = try FeedStore.open(at: scratch.path, now: now)
        #expect(notice?.contains("made by a newer version") == true)
        let aside = try SQLiteDatabase(path: scratch.path + ".broken-1796000000", create: false)
        #expect(try aside.scalar("PRAGMA user_version").integer == Int64(StoreSchema.current + 1), "kept as it was")
    }

    /// Every migration from a file the version before made: version 0 is an empty file.
    @Test func everyMigrationFromThePreviousVersion() throws {
        let scratch = try Scratch()
        try StoreLocation.prepare(scratch.path)
        let database = try SQLiteDatabase(path: scratch.path)
        #expect(try database.scalar("PRAGMA user_version").integer == 0)
        try FeedStore.migrate(database, from: 0)
        #expect(try database.scalar("PRAGMA user_version").integer == Int64(StoreSchema.current))
        let tables = try database.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        let names = Set(tables.compactMap { $0.first?.text })
        #expect(names.isSuperset(of: ["posts", "sources", "posts_text"]))
        // Migrating again changes nothing.
        try FeedStore.migrate(database, from: StoreSchema.current)
        #expect(try database.scalar("PRAGMA integrity_check").text == "ok")
    }

    @Test func aReadOnlyFolderMakesTheStoreUnavailableNotACrash() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.folder, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: scratch.folder)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: scratch.folder) }
        guard geteuid() != 0 else {
            // root writes anywhere: a read-only folder cannot be made for it.
            #expect(throws: Never.self) { _ = try FeedStore.open(at: scratch.path, now: now) }
            return
        }
        #expect(throws: FeedStore.Unavailable.self) { _ = try FeedStore.open(at: scratch.path, now: now) }
    }

    @Test func twoConnectionsWritingAtOnceBothLand() async throws {
        let scratch = try Scratch()
        let first = try FeedStore.open(at: scratch.path, now: now).store
        let second = try FeedStore.open(at: scratch.path, now: now).store
        let now = self.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, store) in [first, second].enumerated() {
                group.addTask {
                    for round in 0..<50 {
                        let id = "c\(index)-\(round)"
                        let post = Post(
                            id: .string(id), author: Author(name: "A"), content: id, likes: nil, createdAt: now)
                        try store.saveAnswer(
                            source: "s", title: nil, posts: [post], etag: nil, lastModified: nil, at: now)
                        try store.saveMarks(read: [("s", .string(id), now)], liked: [])
                    }
                }
            }
            try await group.waitForAll()
        }
        let source = try #require(try first.sources(["s"])["s"])
        #expect(source.posts.count == 100)
        #expect(source.read.count == 100, "neither connection lost the other's read marks")
    }
}

/// Read and liked marks, handed over by the loop and written in batches off its thread.
@Suite struct MarkWriterTests {
    @Test func marksAreWrittenInABatchByTheirSourcesKeys() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let now = Date(timeIntervalSince1970: 1_796_000_000)
        let store = try FeedStore.open(at: folder + "/store.sqlite3", now: now).store
        let posts = ["a", "b"].map {
            Post(id: .string($0), author: Author(name: "A"), content: $0, likes: nil, createdAt: now)
        }
        try store.saveAnswer(source: "https://e.org/1", title: nil, posts: posts, etag: nil, lastModified: nil, at: now)
        let writer = MarkWriter(store: store, keys: [nil, "https://e.org/1"], interval: .seconds(3600), now: { now })
        // Marks as the view gives them: ids tagged with their source's index.
        writer.add([.read(PostID.string("a").tagged(by: 1), source: 1, true)])
        writer.add([.liked(PostID.string("b").tagged(by: 1), source: 1, true), .read(.string("0/x"), source: 0, true)])
        #expect(try store.sources(["https://e.org/1"])["https://e.org/1"]?.read.isEmpty == true, "not before the batch")
        writer.flush()
        let kept = try #require(try store.sources(["https://e.org/1"])["https://e.org/1"])
        #expect(kept.read == [.string("a"): now])
        #expect(kept.liked == [.string("b")])
    }

    @Test func aBatchIsWrittenWithinItsInterval() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try FeedStore.open(at: folder + "/store.sqlite3").store
        let post = Post(id: .string("a"), author: Author(name: "A"), content: "a", likes: nil, createdAt: nil)
        try store.saveAnswer(source: "k", title: nil, posts: [post], etag: nil, lastModified: nil, at: Date())
        let writer = MarkWriter(store: store, keys: ["k"], interval: .milliseconds(50))
        writer.add([.read(PostID.string("a").tagged(by: 0), source: 0, true)])
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while clock.now < deadline, try store.sources(["k"])["k"]?.read.isEmpty == true {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(try store.sources(["k"])["k"]?.read.count == 1)
    }
}

/// The store's full-text index, and the migration that made it.
@Suite struct StoreSearchTests {
    private let now = Date(timeIntervalSince1970: 1_796_000_000)

    private func post(_ id: String, _ title: String, _ text: String, hoursAgo: Double) -> Post {
        Post(
            id: .string(id), author: Author(name: "Zoë Quill"), title: title, content: text, likes: nil,
            createdAt: now.addingTimeInterval(-hoursAgo * 3600))
    }

    @Test func wordsAreFoundByPrefixAccentsAndCaseAside() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try FeedStore.open(at: folder + "/s.sqlite3", now: now).store
        try store.saveAnswer(
            source: "a", title: nil,
            posts: [
                post("1", "Harbour walls", "The storm passed.", hoursAgo: 1),
                post("2", "Café", "Crème brûlée", hoursAgo: 2),
            ],
            etag: nil, lastModified: nil, at: now)
        try store.saveAnswer(
            source: "b", title: nil, posts: [post("3", "Other harbour", "x", hoursAgo: 3)], etag: nil,
            lastModified: nil,
            at: now)
        #expect(try store.search("harb", in: ["a", "b"]).map(\.post.id) == [.string("1"), .string("3")])
        #expect(try store.search("harb", in: ["b"]).map(\.source) == ["b"])
        #expect(try store.search("CREME brulee", in: ["a"]).map(\.post.id) == [.string("2")])
        #expect(try store.search("zoe", in: ["a"]).count == 2, "the author's name")
        #expect(try store.search("storm walls", in: ["a"]).map(\.post.id) == [.string("1")], "every word")
        // FTS5's syntax never reaches the index: quotes, operators, a lone star.
        for hostile in ["\"", "harbour OR", "NEAR(", "*", "a:b", "-x"] {
            #expect(throws: Never.self) { _ = try store.search(hostile, in: ["a"]) }
        }
        // A post updated, or let go, leaves the index with it.
        try store.saveAnswer(
            source: "a", title: nil, posts: [post("1", "Quay", "Calm.", hoursAgo: 1)], etag: nil, lastModified: nil,
            at: now)
        #expect(try store.search("harbour", in: ["a"]).isEmpty)
    }

    /// A file made by version 1 (no index) is brought to the current version, its posts
    /// indexed, nothing lost.
    @Test func migrationFromVersionOneIndexesWhatItHolds() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/s.sqlite3"
        try StoreLocation.prepare(path)
        do {
            // What version 1 of this program made: its schema, a source, a read post.
            let old = try SQLiteDatabase(path: path)
            try old.executeScript(StoreSchema.migrations[0])
            try old.execute("PRAGMA user_version = 1")
            try old.execute("INSERT INTO sources (id, key, title, etag) VALUES (1, 'a', 'Old', '\"e\"')")
            // Its columns written out, as version 1 wrote them.
            try old.execute(
                """
                INSERT INTO posts (source_id, post_id, created_at, author, title, content, version, listed_at, read_at)
                VALUES (1, '1', ?, 'Zoë Quill', 'Lighthouse', 'kept', 7, ?, ?)
                """,
                [
                    .real(now.timeIntervalSince1970 - 5 * 3600), .real(now.timeIntervalSince1970),
                    .real(now.timeIntervalSince1970),
                ])
        }
        let store = try FeedStore.open(at: path, now: now).store
        let source = try #require(try store.sources(["a"])["a"])
        #expect(source.title == "Old" && source.etag == "\"e\"")
        #expect(source.posts.map(\.title) == ["Lighthouse"])
        #expect(source.read == [.string("1"): now])
        #expect(try store.search("light", in: ["a"]).map(\.post.title) == ["Lighthouse"])
        #expect(try SQLiteDatabase(path: path).scalar("PRAGMA user_version").integer == Int64(StoreSchema.current))
    }
}

/// A source's loads as the store keeps them: handed over in order, off the load's way.
@Suite struct StoringFeedLoaderTests {
    private final class Scripted: FeedLoading {
        let answers: Mutex<[Result<Feed, Failure>]>
        init(_ answers: [Result<Feed, Failure>]) { self.answers = Mutex(answers) }
        func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
            try answers.withLock { $0.removeFirst() }.get()
        }
    }

    @Test func eachLoadIsKeptWithItsValidatorsItsNotModifiedAndItsFailure() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let now = Date(timeIntervalSince1970: 1_796_000_000)
        let store = try FeedStore.open(at: folder + "/s.sqlite3", now: now).store
        let post = Post(id: .string("a"), author: Author(name: "A"), content: "a", likes: nil, createdAt: now)
        let base = Scripted([.success(Feed(title: "T", posts: [post])), .failure(.notModified), .failure(.empty)])
        let loader = StoringFeedLoader(
            base, store: store, key: "k", currentValidators: { HTTPValidators(etag: "\"e\"") }, now: { now })
        _ = try await loader.load { _, _, _ in }
        await #expect(throws: Failure.notModified) { _ = try await loader.load { _, _, _ in } }
        await #expect(throws: Failure.empty) { _ = try await loader.load { _, _, _ in } }
        store.finishWrites()
        let kept = try #require(try store.sources(["k"])["k"])
        #expect(kept.posts.map(\.id) == [.string("a")] && kept.title == "T" && kept.etag == "\"e\"")
        #expect(kept.lastSuccess == now && kept.failures == 1 && kept.failureMessage == Failure.empty.message)
    }

    @Test func aLongFeedKeepsItsNewest() {
        let start = Date(timeIntervalSince1970: 1_796_000_000)
        let posts =
            (0..<(FeedStore.postsPerSource + 50)).map {
                Post(
                    id: .string("p\($0)"), author: Author(name: "A"), content: "", likes: nil,
                    createdAt: start + Double($0))
            } + [Post(id: .string("undated"), author: Author(name: "A"), content: "", likes: nil, createdAt: nil)]
        let kept = FeedStore.newest(posts.shuffled(), limit: FeedStore.postsPerSource)
        #expect(kept.count == FeedStore.postsPerSource)
        #expect(kept.first?.id == .string("p549") && kept.last?.id == .string("p50"))
        #expect(FeedStore.newest(Array(posts.prefix(3)), limit: 10).map(\.id) == posts.prefix(3).map(\.id))
    }
}
