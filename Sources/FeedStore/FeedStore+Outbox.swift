import FeedCore
import FoundationEssentials

/// The outbox: the reader's actions on their way to a server. Each is written here before
/// it is sent and taken out once the server has answered (taken or refused), so that one
/// the viewer could not send (killed, offline, the network down) is sent at the next
/// chance. One row a post and kind of action: a later press takes the earlier's place.
extension FeedStore {
    /// An action kept to send, in no network's words.
    public struct Queued: Equatable, Sendable {
        /// Who acts: the account (`@me@host`), or the token's variable and its server;
        /// never the token itself.
        public var actor: String
        public var kind: ActionKind
        /// The post's id on its server.
        public var target: String
        /// Set, or undone.
        public var on: Bool
        /// The post's address, to find it on the account's own server.
        public var targetURL: String?
        /// The network's own payload (a record's content id, the reader's own records).
        public var payload: String?
        public var queuedAt: Date

        public init(
            actor: String, kind: ActionKind, target: String, on: Bool, targetURL: String?, payload: String? = nil,
            queuedAt: Date
        ) {
            self.actor = actor
            self.kind = kind
            self.target = target
            self.on = on
            self.targetURL = targetURL
            self.payload = payload
            self.queuedAt = queuedAt
        }

        /// A like, boost or bookmark, as the reader's key made it: kept to send.
        public init(actor: String, action: ServerAction, target: ActionTarget, queuedAt: Date) {
            self.init(
                actor: actor, kind: action.kind, target: target.statusID, on: action.on, targetURL: target.statusURL,
                payload: target.payload, queuedAt: queuedAt)
        }

        /// The mark it sets or takes away; nil for an action of no mark (a vote, a post).
        public var action: ServerAction? { ServerAction(kind: kind, on: on) }
    }

    /// Keeps `queued`, in place of an earlier action of its kind on the same post.
    public func queue(_ queued: Queued) throws(Unavailable) {
        try withDatabase { database in
            try database.transaction {
                try database.execute(
                    """
                    INSERT OR REPLACE INTO outbox (actor, kind, target, target_url, undo, payload, queued_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        .text(queued.actor), .text(queued.kind.rawValue), .text(queued.target), .init(queued.targetURL),
                        .integer(queued.on ? 0 : 1), .init(queued.payload),
                        .real(queued.queuedAt.timeIntervalSince1970),
                    ])
            }
        }
    }

    /// Takes `queued` out, once the server has answered it; a later press that took its
    /// place (the undo, or the same queued since) stays.
    public func unqueue(_ queued: Queued) throws(Unavailable) {
        try withDatabase { database in
            try database.transaction {
                try database.execute(
                    """
                    DELETE FROM outbox
                    WHERE actor = ? AND kind = ? AND target = ? AND undo = ? AND queued_at = ?
                    """,
                    [
                        .text(queued.actor), .text(queued.kind.rawValue), .text(queued.target),
                        .integer(queued.on ? 0 : 1), .real(queued.queuedAt.timeIntervalSince1970),
                    ])
            }
        }
    }

    /// The actions `actor` has waiting, oldest first. A kind this build does not know (a
    /// later one's) stays in the outbox, untouched.
    public func queued(by actor: String) throws(Unavailable) -> [Queued] {
        try withDatabase { database in
            try database.execute(
                """
                SELECT kind, target, target_url, undo, payload, queued_at FROM outbox WHERE actor = ?
                ORDER BY queued_at, number
                """,
                [.text(actor)]
            ).compactMap { row in
                guard let kind = row[0].text.flatMap(ActionKind.init(rawValue:)), let target = row[1].text,
                    let queuedAt = row[5].real
                else { return nil }
                return Queued(
                    actor: actor, kind: kind, target: target, on: row[3].integer != 1, targetURL: row[2].text,
                    payload: row[4].text, queuedAt: Date(timeIntervalSince1970: queuedAt))
            }
        }
    }
}
