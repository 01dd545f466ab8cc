import FeedCore
import FoundationEssentials
import Glibc
import Synchronization

/// The memory between runs: each source's newest posts as decoded, its title, validators
/// and health, and each post's read and liked marks, in one SQLite file.
///
/// Every change is one transaction; the file is in WAL mode, so that readers never wait on
/// the writer, and a second viewer on the same file waits its turn (`BEGIN IMMEDIATE`, a
/// busy timeout) rather than failing. A file that is not a store, is damaged, or was made
/// by a newer version is moved aside, never deleted.
public final class FeedStore: Sendable {
    /// Why the store cannot be used: the viewer runs without it and says so once.
    public struct Unavailable: Error, Equatable, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    /// What the store holds of one source.
    public struct Source: Equatable, Sendable {
        public var title: String?
        public var etag: String?
        public var lastModified: String?
        public var lastSuccess: Date?
        public var lastFailure: Date?
        public var failureMessage: String?
        public var failures = 0
        /// Newest first.
        public var posts: [Post] = []
        public var read: [PostID: Date] = [:]
        public var liked: Set<PostID> = []
    }

    /// The most posts kept for a source, besides the liked.
    public static let postsPerSource = 500
    /// Read posts older than this are let go; unread and liked ones stay.
    public static let readPostsKeptFor: TimeInterval = 90 * 24 * 3600
    static let answersPerIndexMerge = 50

    /// The connection, owned by its mutex: SQLite's connection is opened without a mutex
    /// of its own, and this one serialises the calls.
    let connection: Mutex<Connection>
    /// Writes handed over to be done in order, off the caller's thread.
    let queue = StoreQueue()
    /// The first write that failed, and who is told of it (once).
    let problem = Mutex(Problem())
    public let path: String

    /// The connection, and the answers written through it since the full-text index was
    /// last merged.
    struct Connection {
        let database: SQLiteDatabase
        var answersSinceMerge = 0
    }

    private init(database: sending SQLiteDatabase) {
        self.path = database.path
        connection = Mutex(Connection(database: database))
    }

    /// Opens the store at `path`, creating or migrating it. A file that cannot be a store
    /// (not SQLite, damaged, or from a newer version) is renamed
    /// `store.sqlite3.broken-TIME` and a fresh store started: `notice` says so.
    public static func open(at path: String, now: Date = Date()) throws(Unavailable) -> (
        store: FeedStore, notice: String?
    ) {
        try StoreLocation.prepare(path)
        do {
            return (try FeedStore(database: opened(path)), nil)
        } catch let problem as NotAStore {
            let moved = try moveAside(path, now: now)
            try StoreLocation.prepare(path)
            do {
                return (
                    try FeedStore(database: opened(path)),
                    "the store \(problem.reason); it was moved aside as \(moved.split(separator: "/").last ?? "")"
                )
            } catch {
                throw Unavailable("the store cannot be made again: \(error)")
            }
        } catch let failure as SQLiteDatabase.Failure {
            throw Unavailable("the store cannot be opened: \(failure.message)")
        } catch {
            throw Unavailable("the store cannot be opened: \(error)")
        }
    }

    private struct NotAStore: Error {
        var reason: String
    }

    /// The connection, checked and brought to the current version.
    private static func opened(_ path: String) throws -> SQLiteDatabase {
        let database: SQLiteDatabase
        let version: Int
        do {
            database = try SQLiteDatabase(path: path)
            try database.execute("PRAGMA journal_mode = WAL")
            // The log is copied into the file every 250 pages (1 MiB), and cut back to that
            // size after: the file and its log stay within the store's bound.
            try database.execute("PRAGMA wal_autocheckpoint = 250")
            // A small page cache: the store is read once at start, then mostly written.
            try database.execute("PRAGMA cache_size = -128")
            try database.execute("PRAGMA journal_size_limit = 1048576")
            version = Int(try database.scalar("PRAGMA user_version").integer ?? 0)
            // Checked before a migration writes to it; a file of this version is checked
            // after the start's first screen (`checkLater`): the check reads the whole
            // file, most of a start from a store that is not in the page cache.
            if version > 0, version < StoreSchema.current, try database.scalar("PRAGMA quick_check").text != "ok" {
                throw NotAStore(reason: "was damaged")
            }
        } catch let failure as SQLiteDatabase.Failure where failure.isNotAStore {
            throw NotAStore(reason: "was not a store (\(failure.message))")
        }
        if version > StoreSchema.current {
            throw NotAStore(
                reason: "was made by a newer version (schema \(version), this one reads \(StoreSchema.current))")
        }
        try database.execute("PRAGMA foreign_keys = ON")
        try migrate(database, from: version)
        return database
    }

    /// Takes `database` from `version` to the current one, a migration per transaction.
    static func migrate(_ database: SQLiteDatabase, from version: Int) throws {
        for next in version..<StoreSchema.current {
            try database.transaction {
                // Another viewer may have migrated it meanwhile.
                let now = Int(try database.scalar("PRAGMA user_version").integer ?? 0)
                guard now == next else { return }
                try database.executeScript(StoreSchema.migrations[next])
                // A pragma takes no bound value; this is our own integer.
                try database.execute("PRAGMA user_version = \(next + 1)")
            }
        }
    }

    /// Checks the whole file (`PRAGMA quick_check`) on the store's own thread, holding the
    /// connection meanwhile, so that no write reaches a damaged file: one is moved aside
    /// (never deleted), the store goes out of use for the run, and the listener of
    /// `tellProblem` hears it; the next run starts a fresh store.
    public func checkLater(now: Date = Date()) {
        queue.add { [self] in _ = checkIntegrity(now: now) }
    }

    /// `checkLater`'s check, here and now; what the reader is told of the damage, if any.
    @discardableResult
    public func checkIntegrity(now: Date) -> String? {
        let damage: String? = connection.withLock { connection in
            let result = try? connection.database.scalar("PRAGMA quick_check").text
            guard result != "ok" else { return nil }
            let detail = result.map { TextSanitizer.singleLine($0) } ?? "unreadable"
            guard let moved = try? Self.moveAside(path, now: now) else {
                return "the store is damaged (\(detail)) and cannot be moved aside"
            }
            let name = moved.split(separator: "/").last.map(String.init) ?? moved
            return
                "the store was damaged (\(detail)); it was moved aside as \(name), and the next run starts a fresh one"
        }
        guard let damage else { return nil }
        goOutOfUse(damage)
        return damage
    }

    /// Renames the file (and its WAL and shared-memory files) aside; returns the new path.
    private static func moveAside(_ path: String, now: Date) throws(Unavailable) -> String {
        let stamp = Int(now.timeIntervalSince1970)
        var target = "\(path).broken-\(stamp)"
        var suffix = 1
        while access(target, F_OK) == 0 {
            suffix += 1
            target = "\(path).broken-\(stamp)-\(suffix)"
        }
        guard rename(path, target) == 0 else {
            throw Unavailable("the store is unreadable and cannot be moved aside: \(String(cString: strerror(errno)))")
        }
        for extra in ["-wal", "-shm"] where access(path + extra, F_OK) == 0 {
            _ = rename(path + extra, target + extra)
        }
        return target
    }

    // MARK: helpers

    @discardableResult
    func withDatabase<T: Sendable>(_ body: (SQLiteDatabase) throws -> T) throws(Unavailable) -> T {
        do {
            return try connection.withLock { connection in try body(connection.database) }
        } catch let failure as SQLiteDatabase.Failure {
            throw Unavailable("the store could not be written: \(failure.message)")
        } catch let unavailable as Unavailable {
            throw unavailable
        } catch {
            throw Unavailable("the store could not be written: \(error)")
        }
    }

    func sourceID(_ key: String, in database: SQLiteDatabase) throws -> Int64 {
        try database.execute("INSERT INTO sources (key) VALUES (?) ON CONFLICT (key) DO NOTHING", [.text(key)])
        guard let id = try database.scalar("SELECT id FROM sources WHERE key = ?", [.text(key)]).integer else {
            throw Unavailable("the store lost a source it had just written")
        }
        return id
    }
}
