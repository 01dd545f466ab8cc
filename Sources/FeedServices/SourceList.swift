import FeedCommandLine
import FeedCore
import FeedNetwork
import FeedXML
import FoundationEssentials
import Glibc

/// The sources of a run: those the command line names, else the subscriptions file's,
/// else the sample feed; an OPML file among them stands for the feeds it lists.
public struct SourceList: Sendable {
    public typealias Entry = SourceEntry

    public var entries: [Entry]
    /// The subscriptions file's `refresh`, for when `--refresh` is not given.
    public var refresh: Duration?
    /// The file the entries came from, when it was the subscriptions file.
    public var subscriptionsFile: String?

    /// The sources for `arguments`; reads the subscriptions file when there are none.
    public static func resolve(_ arguments: [String], environment: [String: String]) throws(Failure) -> SourceList {
        var list = SourceList(entries: [])
        var named = arguments.map { Subscriptions.Entry(source: $0) }
        if named.isEmpty, let path = Subscriptions.path(environment: environment),
            let text = try? String(contentsOfFile: path, encoding: .utf8)
        {
            do {
                let file = try Subscriptions.parse(text, file: path)
                named = file.entries
                list.refresh = file.refresh
                list.subscriptionsFile = path
            } catch {
                throw Failure.unexpected(error.description)
            }
        }
        for entry in named {
            // The shell expands ~ on a command line; the file's lines get the same.
            var argument = entry.source
            if list.subscriptionsFile != nil, argument.hasPrefix("~/"), let home = environment["HOME"] {
                argument = home + argument.dropFirst()
            }
            let source = entry.isSearch ? .search(entry.source) : FeedSource(argument: argument)
            if case .file(let path) = source, let opml = try opmlFeeds(at: path) {
                list.entries += opml.map { feed in
                    var opened = Entry(source: FeedSource(argument: feed.url), title: feed.title)
                    opened.tags = SourceTags.all([entry.tags, feed.tags])
                    return opened
                }
            } else {
                var resolved = Entry(
                    source: source, title: entry.title, tokenVariable: entry.tokenVariable, account: entry.account,
                    streams: entry.streams)
                (resolved.refresh, resolved.keep, resolved.images, resolved.mutes, resolved.tags) = (
                    entry.refresh, entry.keep, entry.images, entry.mutes, entry.tags
                )
                resolved.network = entry.network.map { NetworkID($0) }
                list.entries.append(resolved)
            }
        }
        if list.entries.isEmpty { list.entries = [Entry(source: .sample)] }
        return list
    }

    /// The entries filed under `tag` (`--tag`); an error that lists the tags there are
    /// when none is.
    public func filed(under tag: String) throws(Failure) -> SourceList {
        var filed = self
        filed.entries = entries.filter { SourceTags.carry($0.tags, tag) }
        guard filed.entries.isEmpty else { return filed }
        let tags = SourceTags.all(entries.map(\.tags))
        throw Failure.unexpected(
            tags.isEmpty
                ? "no source has a tag to open with --tag \(tag): give them tag=NAME in the subscriptions file"
                : "no source is filed under the tag \(tag); the tags are " + tags.joined(separator: ", "))
    }

    /// The feeds an OPML file lists; nil when the file is not OPML (or cannot be read:
    /// the load says why).
    private static func opmlFeeds(at path: String) throws(Failure) -> [OPMLDocument.Feed]? {
        // The first kilobyte tells; a large feed file is not read twice to find out.
        guard path.lowercased().hasSuffix(".opml") || OPMLDocument.looksLikeOPML(head(of: path)),
            let data = FileManager.default.contents(atPath: path)
        else { return nil }
        let feeds = try OPMLDocument.feeds(data)
        guard !feeds.isEmpty else { throw Failure.unexpectedShape("\(path): an OPML file with no feeds (xmlUrl)") }
        return feeds
    }

    /// A regular file's first kilobyte (a FIFO is not read here: its bytes are the load's).
    private static func head(of path: String) -> Data {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return Data() }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return Data() }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = read(descriptor, &buffer, buffer.count)
        return Data(buffer.prefix(max(0, count)))
    }
}
