import FeedCore
import FoundationEssentials

/// The feeds an account listed the last time its server was reached, so that a run offline
/// (or with the server down) still shows each feed's kept posts under its title and tag.
/// A cache: the server holds the list; this copy is only for when it cannot be asked.
struct TTRSSFeedListMemory {
    let path: String

    /// `$XDG_CACHE_HOME/shimmerfeed/ttrss/ACCOUNT.json` (else `~/.cache/…`).
    init?(environment: [String: String], account: String) {
        let name = String(account.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
        guard let path = CacheFolder.path("ttrss/" + name + ".json", environment: environment) else { return nil }
        self.path = path
    }

    func read() -> [TTRSSFeed]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode([TTRSSFeed].self, from: data)
    }

    func keep(_ feeds: [TTRSSFeed]) {
        guard let data = try? JSONEncoder().encode(feeds) else { return }
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? data.write(to: URL(filePath: path), options: .atomic)
    }
}
