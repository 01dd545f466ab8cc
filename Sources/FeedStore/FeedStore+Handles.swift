import FeedCore
import FoundationEssentials

/// Handles as they resolved to accounts' ids on their network: a feed named by a handle
/// asks for the account's id, kept here between runs.
extension FeedStore {
    /// How long a resolved handle is trusted: a handle can be moved to another account.
    public static let handleLifetime: TimeInterval = 24 * 3600

    /// The id `handle` resolved to, while that answer is younger than `handleLifetime`.
    public func id(ofHandle handle: String, now: Date) throws(Unavailable) -> String? {
        try withDatabase { database in
            let rows = try database.execute(
                "SELECT did FROM handles WHERE handle = ? AND resolved_at > ?",
                [.text(handle.lowercased()), .real(now.timeIntervalSince1970 - Self.handleLifetime)])
            return rows.first?.first?.text
        }
    }

    /// Keeps what `handle` resolved to, in place of what it resolved to before.
    public func remember(handle: String, id: String, at date: Date) throws(Unavailable) {
        try withDatabase { database in
            try database.transaction {
                try database.execute(
                    "INSERT OR REPLACE INTO handles (handle, did, resolved_at) VALUES (?, ?, ?)",
                    [.text(handle.lowercased()), .text(id), .real(date.timeIntervalSince1970)])
            }
        }
    }
}
