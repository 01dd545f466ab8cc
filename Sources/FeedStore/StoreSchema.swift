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
        """,
        // 2: a full-text index of the posts' titles, text and authors, kept by triggers,
        // and filled from the posts a version 1 file holds.
        """
        CREATE VIRTUAL TABLE posts_text USING fts5 (
            title, content, author, tokenize = 'unicode61 remove_diacritics 2'
        );
        CREATE TRIGGER posts_text_insert AFTER INSERT ON posts BEGIN
            INSERT INTO posts_text (rowid, title, content, author) VALUES (
                NEW.rowid, json_extract(NEW.body, '$.ti'), json_extract(NEW.body, '$.co'),
                json_extract(NEW.body, '$.an'));
        END;
        CREATE TRIGGER posts_text_update AFTER UPDATE OF body ON posts BEGIN
            DELETE FROM posts_text WHERE rowid = OLD.rowid;
            INSERT INTO posts_text (rowid, title, content, author) VALUES (
                NEW.rowid, json_extract(NEW.body, '$.ti'), json_extract(NEW.body, '$.co'),
                json_extract(NEW.body, '$.an'));
        END;
        CREATE TRIGGER posts_text_delete AFTER DELETE ON posts BEGIN
            DELETE FROM posts_text WHERE rowid = OLD.rowid;
        END;
        INSERT INTO posts_text (rowid, title, content, author)
            SELECT rowid, json_extract(body, '$.ti'), json_extract(body, '$.co'), json_extract(body, '$.an')
            FROM posts;
        """,
    ]

    /// The version a file made by this build is at.
    static var current: Int { migrations.count }
}
