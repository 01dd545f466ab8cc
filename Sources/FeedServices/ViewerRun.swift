import FeedCommandLine
import FeedCore
import FeedNetwork
import FeedPictures
import FeedStore
import FeedTransport
import FoundationEssentials

/// One run, wired: the options, the accounts, each source opened by its network (the first
/// of the registry's whose it is), the store, and what the loop and the commands are given.
/// Everything between parsing the command line and running the loop.
public final class ViewerRun: Sendable {
    public let options: CommandLineOptions
    public let environment: [String: String]
    public let networks: [any Network]
    public let client: HTTPClient
    public let sources: OpenedSources
    public let store: OpenedStore
    /// Each source's key in the store; nil for those never kept (standard input, the sample).
    public let storeKeys: [String?]
    /// The refresh the viewer runs: the command line's, else the subscriptions file's.
    public let refreshInterval: Duration?
    /// The run's time: what the loop reads, the latency and the networks' waits sleep on.
    public let clock: any LoopClock

    public init(
        options: CommandLineOptions, environment: [String: String], networks: [any Network], now: Date = Date(),
        clock: any LoopClock = SystemLoopClock()
    ) throws(Failure) {
        self.options = options
        self.clock = clock
        self.environment = environment
        self.networks = networks
        client = HTTPClient(
            environment: environment, offline: options.viewer.offline, timeout: options.timeout,
            maxSize: options.maxSize)
        var list = try SourceList.resolve(options.sources, environment: environment)
        refreshInterval = RefreshInterval.chosen(
            commandLine: options.viewer.refreshInterval, subscriptions: list.refresh)
        let accounts = SignedInAccounts(environment: environment)
        let file = OpenedStore.file(options: options, environment: environment, now: now)
        let context = NetworkContext(
            client: client, accounts: accounts.accounts, accountsFile: accounts.file, environment: environment,
            formats: networks.map(\.formats).reduce(DocumentFormats(json: [])) { $0.adding($1) },
            format: options.format, names: file.store.map(StoredNames.init),
            live: options.streams && !options.viewer.offline && !options.dump, refresh: refreshInterval,
            readPositions: !options.viewer.offline && !options.dump, accountsProblem: accounts.problem, clock: clock,
            passwordCommand: options.passwordCommand)
        let readers = networks.map { $0.reader(context) }
        list = Self.homes(list, accounts: accounts, readers: readers)
        list = try Self.expandingNotifications(list, accounts: accounts, readers: readers)
        list = try Self.expandingAccounts(list, readers: readers, timeout: options.timeout)
        if let tag = options.tag { list = try list.filed(under: tag) }
        sources = OpenedSources(list, readers: readers)
        storeKeys = list.entries.map { OpenedStore.key(of: $0.source) }
        store = OpenedStore.reading(
            file.store, notice: file.notice, keys: storeKeys, statuses: sources.statuses, now: now)
    }

    /// `list`, or the accounts' home timelines where nothing was given (the list is the
    /// sample feed, with no subscriptions file), in the order the accounts were signed in.
    static func homes(_ list: SourceList, accounts: SignedInAccounts, readers: [any NetworkReader]) -> SourceList {
        guard !accounts.accounts.isEmpty, list.subscriptionsFile == nil, list.entries == [SourceEntry(source: .sample)]
        else { return list }
        var homes = list
        homes.entries = accounts.accounts.compactMap { account in readers.lazy.compactMap { $0.home(of: account) }.first
        }
        return homes.entries.isEmpty ? list : homes
    }

    /// `notifications` as a source (on the command line, or a line of the subscriptions
    /// file): the notifications of its `account=`, else of the first account that has
    /// them. A file of that name is `./notifications`.
    static func expandingNotifications(_ list: SourceList, accounts: SignedInAccounts, readers: [any NetworkReader])
        throws(Failure) -> SourceList
    {
        var expanded = list
        for index in expanded.entries.indices {
            let entry = expanded.entries[index]
            guard case .file("notifications") = entry.source else { continue }
            guard var notifications = readers.lazy.compactMap({ $0.notifications(for: entry) }).first else {
                if let handle = entry.account {
                    throw Failure.notSignedIn(account: handle, host: String(handle.split(separator: "@").last ?? ""))
                }
                throw Failure.unexpected(
                    "notifications are an account's: shimmerfeed login SERVER first"
                        + (accounts.problem.map { " (\($0))" } ?? ""))
            }
            // Its line's own settings and tags stay with it.
            (notifications.tags, notifications.refresh, notifications.keep, notifications.images, notifications.mutes) =
                (entry.tags, entry.refresh, entry.keep, entry.images, entry.mutes)
            expanded.entries[index] = notifications
        }
        return expanded
    }

    /// A reader server's account (signed in, with nothing given, or a subscriptions line
    /// `ttrss URL`) as the feeds it stands for, listed by its server at the start (within
    /// `timeout`), else as the last run listed them; its own settings and tags go with each.
    static func expandingAccounts(_ list: SourceList, readers: [any NetworkReader], timeout: Duration)
        throws(Failure) -> SourceList
    {
        var expanded = list
        expanded.entries = []
        for entry in list.entries {
            // Asked only of the reader that lists it: the wait blocks this thread.
            let lister = readers.first { $0.listsSources(entry) }
            let feeds = lister.flatMap { reader in awaitResult(timeout: timeout) { await reader.sources(of: entry) } }
            if let feeds = feeds ?? nil {
                expanded.entries += feeds
            } else if let network = entry.network {
                throw Failure.unexpected(
                    "\(network) \(entry.source.label): not signed in there (shimmerfeed login --\(network) "
                        + "\(entry.source.label) first)")
            } else {
                expanded.entries.append(entry)
            }
        }
        return expanded
    }

    /// The options the view starts with, before the terminal is known: the command line's,
    /// with the sources, the refresh, the networks' words, and read marks where something
    /// is kept.
    public var viewer: ViewerOptions {
        var viewer = options.viewer
        viewer.sources = sources.statuses
        viewer.refreshInterval = refreshInterval
        viewer.tracksRead = store.store != nil && storeKeys.contains { $0 != nil }
        viewer.pictures = options.images.drawsPictures
        for (index, entry) in sources.list.entries.enumerated() {
            if !entry.mutes.isEmpty { viewer.mutes.bySource[index] = entry.mutes }
            viewer.sourceImages[index] = entry.images
        }
        for network in networks {
            if let id = network.id { viewer.networkWords[id] = network.traits.words }
        }
        return viewer
    }

    /// The actions on the servers, through the store's outbox.
    public var outbox: OutboxSender {
        OutboxSender(
            actors: sources.actors, words: sources.statuses.map(\.network.words), store: store.store)
    }

    /// The read marks kept on reader servers, through the store's outbox.
    public var readState: ReadStateSync {
        ReadStateSync(servers: sources.opened.map { $0?.readState }, store: store.store, clock: clock)
    }

    /// The timelines kept live.
    public var live: LiveTimelines {
        LiveTimelines(sources: sources.opened.map { $0?.live })
    }

    /// The accounts' read positions on their servers.
    public var readPositions: ReadPositionSync {
        ReadPositionSync(sources: sources.opened, clock: clock)
    }

    /// The pictures' loader, when rows draw pictures: their bytes kept on disk unless
    /// nothing may be written (`--no-store`) or the run only prints (`--dump`).
    public var pictures: PictureLoader? {
        guard options.images.drawsPictures else { return nil }
        let keepsBytes = !options.noStore && !options.dump
        return PictureLoader(
            cache: keepsBytes
                ? PictureDiskCache.defaultFolder(environment: environment).map { PictureDiskCache(folder: $0) } : nil,
            client: client)
    }

    /// The loaders, in the sources' order, on `clock` (the simulated latency sleeps on it).
    /// Each keeps what it loads in the store; with `outbox`, a source that an actor acts for
    /// first sends what the actor kept from an earlier run (a refusal is told with `tell`);
    /// with `live`, a live source's updates start after its first load.
    public func loaders(
        clock: any LoopClock, outbox: OutboxSender? = nil, live: LiveTimelines? = nil,
        readState: ReadStateSync? = nil, tell: @escaping @Sendable (String) -> Void = { _ in }
    ) -> [any FeedLoading] {
        sources.list.entries.indices.map { index in
            let entry = sources.list.entries[index]
            let opened = sources.opened[index]
            var loading: any FeedLoading = opened?.loader ?? UnreadSource()
            if let readState, let server = opened?.readState, !options.viewer.offline {
                loading = ReadMarksFirst(base: loading, server: server, sync: readState)
            }
            if case .search(let query) = entry.source, let kept = store.store {
                // The other sources of the run are searched; alone, every source kept.
                loading = SavedSearchLoader(store: kept, query: query, keys: storeKeys.compactMap { $0 })
            } else if let kept = store.store, let key = storeKeys[index], !options.dump {
                // A URL's key is the URL: its validators, kept and current, go by it.
                let memory = entry.url != nil ? opened?.validators : nil
                if let memory, let remembered = store.validators[key] { memory.remember(remembered, for: key) }
                loading = StoringFeedLoader(
                    loading, store: kept, key: key, keep: entry.keep ?? FeedStore.postsPerSource,
                    currentValidators: { memory?.validators(for: key) ?? HTTPValidators() })
            }
            if let outbox, opened?.actor != nil {
                loading = KeptActionsFirst(base: loading, source: index, outbox: outbox, tell: tell)
            }
            if let live, opened?.live != nil {
                loading = LiveAfterLoad(base: loading, index: index, live: live)
            }
            return DelayedFeedLoader(loading, delay: options.delay(for: entry.source), clock: clock)
        }
    }
}

/// A saved search without a store: nothing to read.
struct UnreadSource: FeedLoading {
    func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
        throw Failure.unexpected("a saved search reads the store, and this run has none")
    }
}
