/// The store's tables, version by version. `PRAGMA user_version` says which version a file
/// is at; each migration takes a file of the version before it to its own, in the
/// transaction that also sets the version, so that a file is never half migrated.
enum StoreSchema {
    /// Migration `n` (counting from 1) takes a file from version `n - 1` to `n`.
    static let migrations: [String] = [
        // 1: sources with their validators and health; posts as decoded, a column a field,
        // with read and liked.
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
            id_is_number INTEGER NOT NULL DEFAULT 0,
            created_at REAL,
            author TEXT NOT NULL,
            handle TEXT,
            avatar TEXT,
            title TEXT,
            content TEXT NOT NULL,
            url TEXT,
            likes INTEGER,
            boosts INTEGER,
            replies INTEGER,
            boosted_by TEXT,
            hides_content INTEGER NOT NULL DEFAULT 0,
            extras TEXT,
            version INTEGER NOT NULL,
            listed_at REAL NOT NULL,
            read_at REAL,
            liked INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (source_id, post_id)
        );
        """,
        // 2: a full-text index of the posts' titles, text and authors, kept by triggers,
        // and filled from the posts a version 1 file holds. Contentless: the text is in the
        // posts already, and is not kept twice; a post leaves the index by FTS5's 'delete'
        // command, with the words it had. `detail = column`: no word positions, which a
        // search of words (not phrases) never asks, at about half the index's size.
        """
        CREATE VIRTUAL TABLE posts_text USING fts5 (
            title, content, author, content = '', detail = column,
            tokenize = 'unicode61 remove_diacritics 2'
        );
        CREATE TRIGGER posts_text_insert AFTER INSERT ON posts BEGIN
            INSERT INTO posts_text (rowid, title, content, author) VALUES (NEW.rowid, NEW.title, NEW.content, NEW.author);
        END;
        CREATE TRIGGER posts_text_update AFTER UPDATE OF title, content, author ON posts BEGIN
            INSERT INTO posts_text (posts_text, rowid, title, content, author)
                VALUES ('delete', OLD.rowid, OLD.title, OLD.content, OLD.author);
            INSERT INTO posts_text (rowid, title, content, author) VALUES (NEW.rowid, NEW.title, NEW.content, NEW.author);
        END;
        CREATE TRIGGER posts_text_delete AFTER DELETE ON posts BEGIN
            INSERT INTO posts_text (posts_text, rowid, title, content, author)
                VALUES ('delete', OLD.rowid, OLD.title, OLD.content, OLD.author);
        END;
        INSERT INTO posts_text (rowid, title, content, author) SELECT rowid, title, content, author FROM posts;
        """,
        // 3: a boost is known by its own id, where version 2 knew it by the id of
        // the status it boosts (so two people's boosts of one status were one row). Which
        // boost a row was is not in the file: each keeps its marks under a name no id has,
        // `StoreSchema.boostBeforeV3` and the old id, until an answer lists it again and
        // the row takes the boost's own id (`FeedStore.adoptBoosts`). Nothing is deleted.
        """
        UPDATE posts SET post_id = '\(boostBeforeV3)' || post_id WHERE boosted_by IS NOT NULL;
        """,
        // 4: the posts by time: a start reads the newest posts of all its sources, a first
        // screen's worth, before the rest (`FeedStore.sources(_:newest:)`), and through this
        // walks a few hundred entries from the end where it sorted the whole table.
        """
        CREATE INDEX posts_by_time ON posts (created_at, listed_at);
        """,
        // 5: a server's post's id there (the boosted one, for a boost), the reader's marks
        // on its server, and the status and account it answers, so that a post read from the
        // store can be acted on and says to whom it replies; and the
        // outbox, the actions on their way to a server, written before each is sent and
        // taken out when the server has answered. One row a status and mark: the last
        // press is the one to send. No token is kept here, only who acts.
        """
        ALTER TABLE posts ADD COLUMN status_id TEXT;
        ALTER TABLE posts ADD COLUMN marks INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE posts ADD COLUMN in_reply_to_id TEXT;
        ALTER TABLE posts ADD COLUMN reply_to TEXT;
        CREATE TABLE outbox (
            actor TEXT NOT NULL,
            status_id TEXT NOT NULL,
            mark INTEGER NOT NULL,
            action TEXT NOT NULL,
            status_url TEXT,
            queued_at REAL NOT NULL,
            PRIMARY KEY (actor, status_id, mark)
        );
        """,
        // 6: handles and the accounts' ids they resolved to, so that a feed named by a
        // handle is asked for without resolving it again at every start (a handle may move
        // to another account: it is resolved again once its answer is a day old); and the
        // post's record for each action in the outbox, whose like or repost it makes or
        // deletes.
        """
        ALTER TABLE outbox ADD COLUMN record TEXT;
        CREATE TABLE handles (
            handle TEXT PRIMARY KEY,
            did TEXT NOT NULL,
            resolved_at REAL NOT NULL
        );
        """,
        // 7: the outbox in no network's words: what the reader did (`kind`: like, boost,
        // bookmark, vote, post, read) to which post (`target`, its id on its server), set
        // or undone, and the network's own payload beside it. Version 6 kept an action by
        // the name of one network's endpoint (`reblog`, `unfavourite`) and its mark; each of
        // its rows is carried over as it was, in order. And each post's network and
        // payload, in columns of their own (a version 6 post's payload is read from its
        // extras, where it was).
        """
        CREATE TABLE outbox_v7 (
            number INTEGER PRIMARY KEY,
            actor TEXT NOT NULL,
            kind TEXT NOT NULL,
            target TEXT NOT NULL,
            target_url TEXT,
            undo INTEGER NOT NULL DEFAULT 0,
            payload TEXT,
            queued_at REAL NOT NULL,
            UNIQUE (actor, kind, target)
        );
        INSERT INTO outbox_v7 (actor, kind, target, target_url, undo, payload, queued_at)
            SELECT actor, CASE mark WHEN 2 THEN 'boost' WHEN 4 THEN 'bookmark' ELSE 'like' END, status_id,
                status_url, action LIKE 'un%', record, queued_at
            FROM outbox ORDER BY queued_at;
        DROP TABLE outbox;
        ALTER TABLE outbox_v7 RENAME TO outbox;
        ALTER TABLE posts ADD COLUMN network TEXT;
        ALTER TABLE posts ADD COLUMN payload TEXT;
        """,
    ]

    /// The prefix of a version 2 boost's key, until an answer names the boost.
    static let boostBeforeV3 = "boost-before-v3:"

    /// The version a file made by this build is at.
    static var current: Int { migrations.count }
}
