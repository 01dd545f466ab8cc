import FeedCore
import FoundationEssentials

/// What the store gives back: the sources' kept answers, and the posts a search finds.
extension FeedStore {
    /// The columns `StoredPost` reads, in its order (less the version).
    static let postColumns = StoredPost.columns.dropLast().joined(separator: ", ")

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
}
