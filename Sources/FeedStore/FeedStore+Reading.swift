import FeedCore
import FoundationEssentials

/// What the store gives back: the sources' kept answers, and the posts a search finds.
extension FeedStore {
    /// The columns `StoredPost` reads, in its order (less the version).
    static let postColumns = StoredPost.columns.dropLast().joined(separator: ", ")

    /// What the store holds of the sources `keys` names (a URL, or a file's real path);
    /// sources it has never seen are absent. With `newest`, only that many posts of them
    /// all, the newest: a first screen's worth, read before the rest.
    public func sources(_ keys: [String], newest: Int? = nil) throws(Unavailable) -> [String: Source] {
        try withDatabase { database in
            var found: [String: Source] = [:]
            var keyOfID: [Int64: String] = [:]
            for key in keys {
                let rows = try database.execute(
                    """
                    SELECT id, title, etag, last_modified, last_success, last_failure, failure_message, failures
                    FROM sources WHERE key = ?
                    """, [.text(key)])
                guard let row = rows.first, let id = row[0].integer else { continue }
                keyOfID[id] = key
                found[key] = Source(
                    title: row[1].text, etag: row[2].text, lastModified: row[3].text,
                    lastSuccess: row[4].real.map(Date.init(timeIntervalSince1970:)),
                    lastFailure: row[5].real.map(Date.init(timeIntervalSince1970:)), failureMessage: row[6].text,
                    failures: Int(row[7].integer ?? 0))
            }
            guard !keyOfID.isEmpty else { return found }
            var listed: [Int64: [ListedPost]] = [:]
            if let newest {
                var all: [(source: Int64, post: ListedPost)] = []
                try forEachPost(of: Array(keyOfID.keys), in: database, newest: newest) { all.append(($0, $1)) }
                // Each source's newest, or the newest of them all: the newest of these.
                all.sort { ListedPost.comesBefore($0.post, $1.post) }
                for (source, post) in all.prefix(newest) { listed[source, default: []].append(post) }
            } else {
                try forEachPost(of: Array(keyOfID.keys), in: database) { source, post in
                    listed[source, default: []].append(post)
                }
            }
            for (id, posts) in listed {
                guard let key = keyOfID[id] else { continue }
                // Newest first, undated last, then the last listed first (a feed's order).
                for post in posts.sorted(by: ListedPost.comesBefore) {
                    found[key]?.posts.append(post.post)
                    if let readAt = post.readAt { found[key]?.read[post.post.id] = Date(timeIntervalSince1970: readAt) }
                    if post.liked { found[key]?.liked.insert(post.post.id) }
                }
            }
            return found
        }
    }

    /// A stored post with what the view's order and marks need of its row.
    private struct ListedPost {
        var post: Post
        var listedAt: Double
        var readAt: Double?
        var liked: Bool

        static func comesBefore(_ a: ListedPost, _ b: ListedPost) -> Bool {
            switch (a.post.createdAt, b.post.createdAt) {
            case (let x?, let y?) where x != y: x > y
            case (.some, nil): true
            case (nil, .some): false
            default: a.listedAt > b.listedAt
            }
        }
    }

    /// Each post of the sources `ids`, with its source's id. Where they hold most of the
    /// store's sources, in one walk of the table in the order it is stored, each page read
    /// once; a source at a time through the key, where that would jump about the file for
    /// each (300 sources' 15,000 posts: 6,000 reads of a page, 50 ms of a start's 150).
    ///
    /// With `newest`, only that many of them all, the newest first, where the table is
    /// walked; that many of each, where each is read through the key.
    private func forEachPost(
        of ids: [Int64], in database: SQLiteDatabase, newest: Int? = nil, _ body: (Int64, ListedPost) -> Void
    ) throws(SQLiteDatabase.Failure) {
        let all = try database.execute("SELECT count(*) FROM sources").first?[0].integer ?? 0
        let columns = "source_id, listed_at, read_at, liked, \(Self.postColumns)"
        func collect(_ row: [SQLiteDatabase.Value]) {
            // One unreadable post costs only itself.
            guard let source = row[0].integer, let post = StoredPost.post(from: row.dropFirst(4)) else { return }
            body(
                source,
                ListedPost(post: post, listedAt: row[1].real ?? 0, readAt: row[2].real, liked: row[3].integer == 1))
        }
        if 2 * ids.count >= all {
            // `+source_id`: the table itself is walked, not the key. The ids are the
            // store's own integers, written out.
            let list = ids.map(String.init).joined(separator: ", ")
            try database.forEachRow(
                "SELECT \(columns) FROM posts WHERE +source_id IN (\(list))\(Self.newestFirst(newest))", [], collect)
        } else {
            for id in ids {
                try database.forEachRow(
                    "SELECT \(columns) FROM posts WHERE source_id = ?\(Self.newestFirst(newest))", [.integer(id)],
                    collect)
            }
        }
    }

    /// The clause that keeps the `newest` rows: newest first (undated last, as SQLite
    /// sorts NULL below every number), then the last listed first; none without `newest`.
    static func newestFirst(_ newest: Int?) -> String {
        newest.map { " ORDER BY created_at DESC, listed_at DESC LIMIT \($0)" } ?? ""
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
}
