import FeedCore
import FoundationEssentials
import Glibc

/// Where the store lives, and making its folder and file private: a home timeline holds
/// private posts.
public enum StoreLocation {
    /// `$XDG_STATE_HOME/shimmerfeed/store.sqlite3`, else
    /// `~/.local/state/shimmerfeed/store.sqlite3`; nil with neither variable set.
    public static func defaultPath(environment: [String: String]) -> String? {
        statePath("store.sqlite3", environment: environment)
    }

    /// `name` in the reader's state folder (the store's, the drafts'):
    /// `$XDG_STATE_HOME/shimmerfeed`, else `~/.local/state/shimmerfeed`; nil when neither
    /// variable says.
    public static func statePath(_ name: String, environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/shimmerfeed/" + name
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/shimmerfeed/" + name
    }

    /// Creates the store's folder (0700, with its parents) and the file (0600) when they
    /// are missing; an existing folder or file keeps the permissions its owner gave it.
    static func prepare(_ path: String) throws(FeedStore.Unavailable) {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !folder.isEmpty, let failure = PrivateFolder.make(folder) { throw .init(failure) }
        let descriptor = Glibc.open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .init("cannot open \(path): \(String(cString: strerror(errno)))") }
        close(descriptor)
    }
}
