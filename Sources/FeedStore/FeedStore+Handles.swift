import FeedCore
import FoundationEssentials

/// Bluesky's handles as they resolved (`com.atproto.identity.resolveHandle`): a feed named
/// by a handle asks for the account's DID, kept here between runs.
extension FeedStore {
    /// How long a resolved handle is trusted: a handle can be moved to another account.
    public static let handleLifetime: TimeInterval = 24 * 3600

    /// The DID `handle` resolved to, while that answer is younger than `handleLifetime`.
    public func did(ofHandle handle: String, now: Date) throws(Unavailable) -> String? {
        try withDatabase { database in
            let rows = try database.execute(
                "SELECT did FROM handles WHERE handle = ? AND resolved_at > ?",
                [.text(handle.lowercased()), .real(now.timeIntervalSince1970 - Self.handleLifetime)])
            return rows.first?.first?.text
        }
    }

    /// Keeps what `handle` resolved to, in place of what it resolved to before.
    public func remember(handle: String, did: String, at date: Date) throws(Unavailable) {
        try withDatabase { database in
            try database.transaction {
                try database.execute(
                    "INSERT OR REPLACE INTO handles (handle, did, resolved_at) VALUES (?, ?, ?)",
                    [.text(handle.lowercased()), .text(did), .real(date.timeIntervalSince1970)])
            }
        }
    }
}
