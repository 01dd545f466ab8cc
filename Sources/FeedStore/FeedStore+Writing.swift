import FeedCore
import FoundationEssentials

/// What the store keeps: each answer, each failure and each mark, a transaction each.
extension FeedStore {
    /// A source answered: its title, validators and posts are kept, in one transaction,
    /// and it is brought back within its bounds. Read and liked marks of posts it lists
    /// again stay.
    public func saveAnswer(
        source key: String, title: String?, posts: [Post], etag: String?, lastModified: String?, at now: Date,
        keep: Int = FeedStore.postsPerSource
    ) throws(Unavailable) {
        // A feed longer than the bound keeps its newest: a file of 100,000 posts is not
        // written whole to keep 500 of it.
        let posts = Self.newest(posts, limit: keep)
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
                try prune(source: id, keeping: keep, now: now, in: database)
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

    /// At most `keep` posts a source besides the liked, newest kept; read ones past
    /// `readPostsKeptFor` let go.
    private func prune(source id: Int64, keeping keep: Int, now: Date, in database: SQLiteDatabase) throws {
        try database.execute(
            """
            DELETE FROM posts WHERE source_id = ?1 AND liked = 0 AND post_id NOT IN (
                SELECT post_id FROM posts WHERE source_id = ?1 AND liked = 0
                ORDER BY COALESCE(created_at, listed_at) DESC LIMIT ?2)
            """, [.integer(id), .integer(Int64(keep))])
        try database.execute(
            """
            DELETE FROM posts WHERE source_id = ? AND liked = 0 AND read_at IS NOT NULL
                AND COALESCE(created_at, listed_at) < ?
            """, [.integer(id), .real(now.timeIntervalSince1970 - Self.readPostsKeptFor)])
    }
}
