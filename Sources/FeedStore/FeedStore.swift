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
    private let connection: Mutex<Connection>
    /// Writes handed over to be done in order, off the caller's thread.
    private let queue = StoreQueue()
    /// The first write that failed, and who is told of it (once).
    private let problem = Mutex(Problem())
    public let path: String

    /// The connection, and the answers written through it since the full-text index was
    /// last merged.
    private struct Connection {
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
            if version > 0, try database.scalar("PRAGMA quick_check").text != "ok" {
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

    // MARK: reading

    /// What the store holds of the sources `keys` names (a URL, or a file's real path);
    /// sources it has never seen are absent.
    public func sources(_ keys: [String]) throws(Unavailable) -> [String: Source] {
        try withDatabase { database in
            var found: [String: Source] = [:]
            for key in keys {
                let rows = try database.execute(
                    """
                    SELECT id, title, etag, last_modified, last_success, last_failure, failure_message, failures
                    FROM sources WHERE key = ?
                    """, [.text(key)])
                guard let row = rows.first, let id = row[0].integer else { continue }
                var source = Source(
                    title: row[1].text, etag: row[2].text, lastModified: row[3].text,
                    lastSuccess: row[4].real.map(Date.init(timeIntervalSince1970:)),
                    lastFailure: row[5].real.map(Date.init(timeIntervalSince1970:)), failureMessage: row[6].text,
                    failures: Int(row[7].integer ?? 0))
                try database.forEachRow(
                    """
                    SELECT read_at, liked, \(Self.postColumns) FROM posts WHERE source_id = ?
                    ORDER BY created_at IS NULL, created_at DESC, listed_at DESC
                    """, [.integer(id)]
                ) { row in
                    // One unreadable post costs only itself.
                    guard let decoded = StoredPost.post(from: row.dropFirst(2)) else { return }
                    source.posts.append(decoded)
                    if let readAt = row[0].real { source.read[decoded.id] = Date(timeIntervalSince1970: readAt) }
                    if row[1].integer == 1 { source.liked.insert(decoded.id) }
                }
                found[key] = source
            }
            return found
        }
    }

    /// Stored posts of the sources `keys` names that hold every word of `query` in their
    /// title, text or author (each word a prefix, case and accents aside), newest first,
    /// at most `limit`; with the key of the source each came from.
    public func search(_ query: String, in keys: [String], limit: Int = 200) throws(Unavailable) -> [(
        source: String, post: Post
    )] {
        // The words as the index's tokenizer cuts them (letters and digits), each quoted
        // as a prefix: FTS5's syntax never sees the reader's characters as operators, and
        // no term is a phrase, which an index without positions cannot answer.
        let words = query.split { !$0.isLetter && !$0.isNumber }.map { "\"\($0)\"*" }
        guard !words.isEmpty, !keys.isEmpty else { return [] }
        return try withDatabase { database in
            let placeholders = Array(repeating: "?", count: keys.count).joined(separator: ", ")
            let rows = try database.execute(
                """
                SELECT sources.key, \(Self.postColumns.split(separator: ", ").map { "posts.\($0)" }.joined(separator: ", "))
                FROM posts_text
                JOIN posts ON posts.rowid = posts_text.rowid
                JOIN sources ON sources.id = posts.source_id
                WHERE posts_text MATCH ? AND sources.key IN (\(placeholders))
                ORDER BY posts.created_at IS NULL, posts.created_at DESC LIMIT ?
                """, [.text(words.joined(separator: " "))] + keys.map { .text($0) } + [.integer(Int64(limit))])
            return rows.compactMap { row in
                guard let key = row[0].text, let post = StoredPost.post(from: row.dropFirst()) else { return nil }
                return (key, post)
            }
        }
    }

    // MARK: writing

    /// A source answered: its title, validators and posts are kept, in one transaction,
    /// and it is brought back within its bounds. Read and liked marks of posts it lists
    /// again stay.
    public func saveAnswer(
        source key: String, title: String?, posts: [Post], etag: String?, lastModified: String?, at now: Date
    ) throws(Unavailable) {
        // A feed longer than the bound keeps its newest: a file of 100,000 posts is not
        // written whole to keep 500 of it.
        let posts = Self.newest(posts, limit: Self.postsPerSource)
        try withDatabase { database in
            try database.transaction {
                let id = try sourceID(key, in: database)
                try database.execute(
                    """
                    UPDATE sources SET title = COALESCE(?, title), etag = ?, last_modified = ?, last_success = ?,
                        failures = 0, failure_message = NULL WHERE id = ?
                    """,
                    [.init(title), .init(etag), .init(lastModified), .real(now.timeIntervalSince1970), .integer(id)])
                try adoptBoosts(posts, source: id, in: database)
                for post in posts {
                    // A post listed again as it was changes its time only: its fields, and the
                    // index of them, are written when they change (its version differs).
                    let values = try StoredPost.values(of: post)
                    try database.execute(Self.upsert, [.integer(id), .real(now.timeIntervalSince1970)] + values)
                    try database.execute(Self.rewrite, [.integer(id)] + values)
                }
                try prune(source: id, now: now, in: database)
            }
        }
        try compactIndexNowAndThen()
    }

    /// The rows a version 2 store kept for boosts (by the boosted status's id) take the ids
    /// of the posts that are them now, with their read and liked marks: a boost by the
    /// same person of the status at the same address, or else the status itself.
    private func adoptBoosts(_ posts: [Post], source id: Int64, in database: SQLiteDatabase) throws {
        let pattern = StoreSchema.boostBeforeV3 + "*"
        guard
            try database.scalar(
                "SELECT EXISTS (SELECT 1 FROM posts WHERE source_id = ? AND post_id GLOB ?)",
                [.integer(id), .text(pattern)]
            ).integer == 1
        else { return }
        for post in posts where post.url != nil {
            let key = StoredPost.key(of: post.id)
            try database.execute(
                """
                UPDATE posts SET post_id = ?2 WHERE rowid = (
                    SELECT rowid FROM posts WHERE source_id = ?1 AND post_id GLOB ?3 AND url = ?4
                        AND (boosted_by = ?5 OR (?5 IS NULL AND post_id = ?6))
                    LIMIT 1)
                AND NOT EXISTS (SELECT 1 FROM posts WHERE source_id = ?1 AND post_id = ?2)
                """,
                [
                    .integer(id), .text(key), .text(pattern), .init(post.url), .init(post.boostedBy),
                    .text(StoreSchema.boostBeforeV3 + key),
                ])
        }
    }

    /// The `limit` newest of `posts` (undated ones last, in their order); `copying`, a
    /// list of its own even when all of them are kept.
    static func newest(_ posts: [Post], limit: Int, copying: Bool = false) -> [Post] {
        guard posts.count > limit else { return copying ? posts.map { $0 } : posts }
        let dated = posts.indices.filter { posts[$0].createdAt != nil }
            .sorted { posts[$0].createdAt! > posts[$1].createdAt! }
        let undated = posts.indices.filter { posts[$0].createdAt == nil }
        return (dated + undated).prefix(limit).map { posts[$0] }
    }

    /// The columns `StoredPost` reads, in its order (less the version).
    private static let postColumns = StoredPost.columns.dropLast().joined(separator: ", ")

    /// A post written; one kept already has its times brought up to date.
    private static let upsert: String = {
        let columns = StoredPost.columns
        let placeholders = (3..<(3 + columns.count)).map { "?\($0)" }.joined(separator: ", ")
        return """
            INSERT INTO posts (source_id, listed_at, \(columns.joined(separator: ", "))) VALUES (?1, ?2, \(placeholders))
            ON CONFLICT (source_id, post_id) DO UPDATE SET listed_at = excluded.listed_at, created_at = excluded.created_at
            """
    }()

    /// A post kept rewritten, when its version (a digest of its fields) changed.
    private static let rewrite: String = {
        let columns = StoredPost.columns
        let sets = columns.enumerated().dropFirst().map { "\($1) = ?\($0 + 2)" }.joined(separator: ", ")
        return """
            UPDATE posts SET \(sets) WHERE source_id = ?1 AND post_id = ?2 AND version IS NOT ?\(columns.count + 1)
            """
    }()

    /// Every so many answers, a bounded step of merging the full-text index's segments: a
    /// deleted post's words otherwise stay in it as markers, and refreshes that let old
    /// posts go would grow it without end.
    private func compactIndexNowAndThen() throws(Unavailable) {
        let due = connection.withLock { connection in
            connection.answersSinceMerge += 1
            guard connection.answersSinceMerge >= Self.answersPerIndexMerge else { return false }
            connection.answersSinceMerge = 0
            return true
        }
        guard due else { return }
        try withDatabase { database in
            try database.execute("INSERT INTO posts_text (posts_text, rank) VALUES ('merge', 500)")
        }
    }

    /// A source's answer "not modified": only when it last succeeded changes.
    public func saveNotModified(source key: String, at now: Date) throws(Unavailable) {
        try withDatabase { database in
            try database.transaction {
                let id = try sourceID(key, in: database)
                try database.execute(
                    "UPDATE sources SET last_success = ?, failures = 0, failure_message = NULL WHERE id = ?",
                    [.real(now.timeIntervalSince1970), .integer(id)])
            }
        }
    }

    /// A source's load failed: when, why, and how many times in a row (its back-off).
    public func saveFailure(source key: String, message: String, at now: Date) throws(Unavailable) {
        try withDatabase { database in
            try database.transaction {
                let id = try sourceID(key, in: database)
                try database.execute(
                    "UPDATE sources SET last_failure = ?, failure_message = ?, failures = failures + 1 WHERE id = ?",
                    [.real(now.timeIntervalSince1970), .text(message), .integer(id)])
            }
        }
    }

    /// Read marks (nil: unread again) and likes, in one transaction. A mark on a post the
    /// store does not hold changes nothing.
    public func saveMarks(
        read: [(source: String, post: PostID, readAt: Date?)], liked: [(source: String, post: PostID, liked: Bool)]
    ) throws(Unavailable) {
        guard !read.isEmpty || !liked.isEmpty else { return }
        try withDatabase { database in
            try database.transaction {
                for mark in read {
                    try database.execute(
                        """
                        UPDATE posts SET read_at = ?
                        WHERE source_id = (SELECT id FROM sources WHERE key = ?) AND post_id = ?
                        """,
                        [
                            .init(mark.readAt?.timeIntervalSince1970), .text(mark.source),
                            .text(StoredPost.key(of: mark.post)),
                        ])
                }
                for mark in liked {
                    try database.execute(
                        """
                        UPDATE posts SET liked = ?
                        WHERE source_id = (SELECT id FROM sources WHERE key = ?) AND post_id = ?
                        """, [.integer(mark.liked ? 1 : 0), .text(mark.source), .text(StoredPost.key(of: mark.post))])
                }
            }
        }
    }

    /// Runs a write whose failure must not stop the caller: the store is then out of use
    /// for the rest of the run, and the listener of `tellProblem` is told once.
    public func keep(_ write: (FeedStore) throws(Unavailable) -> Void) {
        guard problem.withLock({ $0.message == nil }) else { return }
        do {
            try write(self)
        } catch {
            let tell = problem.withLock { state in
                if state.message == nil { state.message = error.description }
                return state.untold()
            }
            tell?()
        }
    }

    /// `write`, later, after the writes asked for before it, on the store's own thread:
    /// for a load, which must not wait on the disk.
    public func later(_ write: @escaping @Sendable (FeedStore) throws(Unavailable) -> Void) {
        queue.add { [self] in keep(write) }
    }

    /// Waits for the writes handed over so far: at quit.
    public func finishWrites() {
        queue.finish()
    }

    /// Whom to tell, once and from the thread the write failed on, when the store goes out
    /// of use (at once, when it already has).
    public func tellProblem(to listener: @escaping @Sendable (String) -> Void) {
        let tell = problem.withLock { state in
            state.listener = listener
            return state.untold()
        }
        tell?()
    }

    /// The first failure, and who is to hear of it.
    private struct Problem {
        var message: String?
        var listener: (@Sendable (String) -> Void)?
        var told = false

        /// Telling the listener, to be done outside the lock, when there is a failure and a
        /// listener and it was not told yet.
        mutating func untold() -> (@Sendable () -> Void)? {
            guard let message, let listener, !told else { return nil }
            told = true
            return { listener("going on without the store: \(message)") }
        }
    }

    // MARK: helpers

    @discardableResult
    private func withDatabase<T: Sendable>(_ body: (SQLiteDatabase) throws -> T) throws(Unavailable) -> T {
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

    private func sourceID(_ key: String, in database: SQLiteDatabase) throws -> Int64 {
        try database.execute("INSERT INTO sources (key) VALUES (?) ON CONFLICT (key) DO NOTHING", [.text(key)])
        guard let id = try database.scalar("SELECT id FROM sources WHERE key = ?", [.text(key)]).integer else {
            throw Unavailable("the store lost a source it had just written")
        }
        return id
    }

    /// At most `postsPerSource` posts a source besides the liked, newest kept; read ones
    /// past `readPostsKeptFor` let go.
    private func prune(source id: Int64, now: Date, in database: SQLiteDatabase) throws {
        try database.execute(
            """
            DELETE FROM posts WHERE source_id = ?1 AND liked = 0 AND post_id NOT IN (
                SELECT post_id FROM posts WHERE source_id = ?1 AND liked = 0
                ORDER BY COALESCE(created_at, listed_at) DESC LIMIT ?2)
            """, [.integer(id), .integer(Int64(Self.postsPerSource))])
        try database.execute(
            """
            DELETE FROM posts WHERE source_id = ? AND liked = 0 AND read_at IS NOT NULL
                AND COALESCE(created_at, listed_at) < ?
            """, [.integer(id), .real(now.timeIntervalSince1970 - Self.readPostsKeptFor)])
    }
}
