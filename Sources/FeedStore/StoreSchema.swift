/// The store's tables, version by version. `PRAGMA user_version` says which version a file
/// is at; each migration takes a file of the version before it to its own, in the
/// transaction that also sets the version, so that a file is never half migrated.
enum StoreSchema {
    /// Migration `n` (counting from 1) takes a file from version `n - 1` to `n`.
    static let migrations: [String] = [
        // 1: sources with their validators and health; posts as decoded, with read and liked.
        """
        CREATE TABLE sources (
            id INTEGER PRIMARY KEY,
            key TEXT NOT NULL UNIQUE,
            title TEXT,
            etag TEXT,
            last_modified TEXT,
            last_success REAL,
            last_failure REAL,
            failure_message TEXT,
            failures INTEGER NOT NULL DEFAULT 0,
            not_before REAL
        );
        CREATE TABLE posts (
            source_id INTEGER NOT NULL REFERENCES sources(id),
            post_id TEXT NOT NULL,
            created_at REAL,
            listed_at REAL NOT NULL,
            body TEXT NOT NULL,
            read_at REAL,
            liked INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (source_id, post_id)
        );
        CREATE INDEX posts_by_time ON posts (source_id, created_at);
        """
    ]

    /// The version a file made by this build is at.
    static var current: Int { migrations.count }
}
