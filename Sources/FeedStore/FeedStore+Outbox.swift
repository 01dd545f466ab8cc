import FeedCore
import FoundationEssentials

/// The outbox: the reader's actions on their way to a server. Each is written here before
/// it is sent and taken out once the server has answered (taken or refused), so that one
/// the viewer could not send (killed, offline, the network down) is sent at the next
/// chance. One row a status and mark: a later press takes the earlier's place.
extension FeedStore {
    /// An action kept to send.
    public struct Queued: Equatable, Sendable {
        /// Who acts: the account (`@me@host`), or the token's variable and its server;
        /// never the token itself.
        public var actor: String
        public var statusID: String
        public var action: ServerAction
        public var statusURL: String?
        public var queuedAt: Date
        /// A Bluesky post's record: what the like or repost points to, and the reader's own
        /// record of it, which undoing deletes.
        public var record: BlueskyRecord?

        public init(
            actor: String, statusID: String, action: ServerAction, statusURL: String?, queuedAt: Date,
            record: BlueskyRecord? = nil
        ) {
            self.record = record
            self.actor = actor
            self.statusID = statusID
            self.action = action
            self.statusURL = statusURL
            self.queuedAt = queuedAt
        }
    }

    /// Keeps `queued`, in place of an earlier action on the same status and mark.
    public func queue(_ queued: Queued) throws(Unavailable) {
        try withDatabase { database in
            try database.transaction {
                try database.execute(
                    """
                    INSERT OR REPLACE INTO outbox (actor, status_id, mark, action, status_url, queued_at, record)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        .text(queued.actor), .text(queued.statusID), .integer(Int64(queued.action.mark.rawValue)),
                        .text(queued.action.endpoint), .init(queued.statusURL),
                        .real(queued.queuedAt.timeIntervalSince1970), .init(Self.recordText(queued.record)),
                    ])
            }
        }
    }

    /// A Bluesky record as the outbox keeps it: its CID and the reader's like and repost.
    private static func recordText(_ record: BlueskyRecord?) -> String? {
        record.map {
            String(decoding: (try? JSONEncoder().encode(StoredPost.Extras.Record($0))) ?? Data(), as: UTF8.self)
        }
    }

    private static func record(_ text: String?) -> BlueskyRecord? {
        guard let text, let kept = try? JSONDecoder().decode(StoredPost.Extras.Record.self, from: Data(text.utf8))
        else {
            return nil
        }
        return kept.record
    }

    /// Takes `queued` out, once the server has answered it; a later press that took its
    /// place (another action, or the same queued since) stays.
    public func unqueue(_ queued: Queued) throws(Unavailable) {
        try withDatabase { database in
            try database.transaction {
                try database.execute(
                    """
                    DELETE FROM outbox
                    WHERE actor = ? AND status_id = ? AND mark = ? AND action = ? AND queued_at = ?
                    """,
                    [
                        .text(queued.actor), .text(queued.statusID), .integer(Int64(queued.action.mark.rawValue)),
                        .text(queued.action.endpoint), .real(queued.queuedAt.timeIntervalSince1970),
                    ])
            }
        }
    }

    /// The actions `actor` has waiting, oldest first.
    public func queued(by actor: String) throws(Unavailable) -> [Queued] {
        try withDatabase { database in
            try database.execute(
                "SELECT status_id, action, status_url, queued_at, record FROM outbox WHERE actor = ? ORDER BY queued_at",
                [.text(actor)]
            ).compactMap { row in
                guard let statusID = row[0].text, let action = row[1].text.flatMap(ServerAction.init(endpoint:)),
                    let queuedAt = row[3].real
                else { return nil }
                return Queued(
                    actor: actor, statusID: statusID, action: action, statusURL: row[2].text,
                    queuedAt: Date(timeIntervalSince1970: queuedAt), record: Self.record(row[4].text))
            }
        }
    }
}
