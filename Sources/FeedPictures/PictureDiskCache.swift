import FeedCore
import FoundationEssentials

/// Pictures' bytes on disk, under `$XDG_CACHE_HOME/shimmerfeed/pictures/` (else
/// `~/.cache/…`), with the validators that revalidate them: at most `limit` bytes, the
/// least recently used out first. A cache, not a store: anything here may go.
public final class PictureDiskCache: Sendable {
    public struct Entry: Sendable {
        public var bytes: [UInt8]
        public var validators: HTTPValidators
    }

    /// 100 MB.
    public static let defaultLimit = 100_000_000
    public let folder: String
    let limit: Int

    public init(folder: String, limit: Int = PictureDiskCache.defaultLimit) {
        self.folder = folder
        self.limit = limit
    }

    /// `$XDG_CACHE_HOME/shimmerfeed/pictures`, else `~/.cache/shimmerfeed/pictures`.
    public static func defaultFolder(environment: [String: String]) -> String? {
        CacheFolder.path("pictures", environment: environment)
    }

    /// The copy kept of `url`, marked as used now; nil when there is none.
    public func entry(for url: String) -> Entry? {
        let base = path(for: url)
        guard let meta = FileManager.default.contents(atPath: base + ".meta"),
            let bytes = FileManager.default.contents(atPath: base + ".picture")
        else { return nil }
        let lines = String(decoding: meta, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        // The first line names the URL: a hash shared by two addresses is not a hit.
        guard lines.count >= 3, lines[0] == url else { return nil }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: base + ".picture")
        return Entry(
            bytes: Array(bytes),
            validators: HTTPValidators(
                etag: lines[1].isEmpty ? nil : String(lines[1]),
                lastModified: lines[2].isEmpty ? nil : String(lines[2])))
    }

    /// Keeps `bytes` for `url`, then trims the folder to its limit. A failure to write
    /// only means the next run fetches it again.
    public func store(_ bytes: [UInt8], validators: HTTPValidators, for url: String) {
        guard bytes.count <= limit, prepareFolder() else { return }
        let base = path(for: url)
        // Validators are header values: a line break in one would split the record.
        func field(_ value: String?) -> String { (value ?? "").filter { $0 != "\n" && $0 != "\r" } }
        let meta = [url.filter { $0 != "\n" }, field(validators.etag), field(validators.lastModified)]
            .joined(separator: "\n")
        do {
            try Data(bytes).write(to: URL(filePath: base + ".picture"), options: .atomic)
            try Data(meta.utf8).write(to: URL(filePath: base + ".meta"), options: .atomic)
        } catch {
            return
        }
        trim()
    }

    /// Removes the least recently used pictures until the folder holds `limit` bytes.
    func trim() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        var pictures: [(base: String, size: Int, used: Date)] = []
        var total = 0
        for name in names where name.hasSuffix(".picture") {
            let base = folder + "/" + name.dropLast(".picture".count)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: base + ".picture") else {
                continue
            }
            let size = (attributes[.size] as? Int) ?? Int((attributes[.size] as? UInt64) ?? 0)
            let used = (attributes[.modificationDate] as? Date) ?? .distantPast
            pictures.append((base, size, used))
            total += size
        }
        guard total > limit else { return }
        for picture in pictures.sorted(by: { $0.used < $1.used }) where total > limit {
            try? FileManager.default.removeItem(atPath: picture.base + ".picture")
            try? FileManager.default.removeItem(atPath: picture.base + ".meta")
            total -= picture.size
        }
    }

    private func prepareFolder() -> Bool {
        if FileManager.default.fileExists(atPath: folder) { return true }
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            return true
        } catch {
            return false
        }
    }

    /// The file's name: FNV-1a of the address, 64 bits in hex.
    func path(for url: String) -> String {
        var hash = FNV1a()
        hash.add(url.utf8)
        return folder + "/" + hash.hex
    }
}
