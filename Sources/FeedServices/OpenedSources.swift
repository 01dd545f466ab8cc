import FeedCore
import FeedNetwork

/// The run's sources, each claimed by its network (the first of the registry whose it
/// is): its status as the view starts with it, its loader, and what talks to its server.
/// A saved search is no network's: the store answers it.
public struct OpenedSources: Sendable {
    public let list: SourceList
    /// Each source's network's reading of it, by index; nil for a saved search.
    public let opened: [NetworkSource?]

    /// Opens `list`'s entries: each by the first reader that claims it.
    public init(_ list: SourceList, readers: [any NetworkReader]) {
        self.list = list
        opened = list.entries.map { entry in
            if case .search = entry.source { return nil }
            return readers.lazy.compactMap { $0.open(entry) }.first
        }
    }

    public var count: Int { list.entries.count }

    /// The view's sources as the status line and rows name them, with what their networks
    /// say of them.
    public var statuses: [SourceStatus] {
        zip(list.entries, opened).map { entry, opened in
            var status = SourceStatus(
                name: entry.title ?? opened?.name ?? entry.source.shortName, named: entry.title != nil,
                label: entry.source.label)
            status.refreshInterval = entry.refresh
            status.tags = entry.tags
            if case .search = entry.source { status.isSavedSearch = true }
            if let opened { status.describe(as: opened) }
            return status
        }
    }

    /// Who acts for each source's posts, by index.
    public var actors: [(any ServerActor)?] { opened.map { $0?.actor } }
}
