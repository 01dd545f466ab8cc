import FeedAccounts
import FeedCore
import FeedPictures
import FeedStore
import FeedTransport
import FoundationEssentials
import SampleFeed

/// The view's sources and their loaders: the same for one source as for many, and for
/// `--dump` as for the viewer, whose clock the simulated latency sleeps on. With the store,
/// each remembers its validators from the last run, and keeps what each load brings.
struct SourceLoaders {
    let options: CommandLineOptions
    let sources: SourceList
    let storeOpening: StoreOpening
    let environment: [String: String]
    /// The signed-in accounts, for the sources read with `account=`.
    let accounts: AccountSources
    /// Each source's key in the store; nil for those never kept (standard input, the sample).
    let storeKeys: [String?]
    /// Who acts for each source's posts on a server; nil where no one does.
    let actors: [MastodonActions.Actor?]
    /// The Bluesky session each source is read and acted on with; nil where none is.
    let blueskySessions: [BlueskySession?]

    init(
        options: CommandLineOptions, sources: SourceList, environment: [String: String], storeOpening: StoreOpening,
        accounts: AccountSources, actors: [MastodonActions.Actor?]
    ) {
        self.accounts = accounts
        self.options = options
        self.sources = sources
        self.environment = environment
        self.storeOpening = storeOpening
        storeKeys = sources.entries.map { StoreOpening.key(of: $0.source) }
        self.actors = actors
        blueskySessions = sources.entries.map(accounts.blueskySession(for:))
    }

    /// `SSL_CERT_FILE`, when set: the certificate authorities transfers trust.
    var certificateAuthorities: String? { environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 } }

    /// The view's sources as the status line and rows name them.
    var statuses: [SourceStatus] { Self.statuses(of: sources, actors: actors, accounts: accounts) }

    static func statuses(of sources: SourceList, actors: [MastodonActions.Actor?], accounts: AccountSources)
        -> [SourceStatus]
    {
        zip(sources.entries, actors).map { entry, actor in
            var status = SourceStatus(
                name: entry.title ?? entry.source.shortName, named: entry.title != nil, label: entry.source.label)
            status.actsOnBluesky = actor == nil && accounts.blueskySession(for: entry) != nil
            status.actsOnServer = actor != nil || status.actsOnBluesky
            status.refreshInterval = entry.refresh
            if case .search = entry.source { status.isSavedSearch = true }
            // Mastodon's API (timelines, an account's statuses) read without a token, and no
            // account to act: a like stays here, and the reader is told where to sign in.
            if actor == nil, case .url(let url) = entry.source, entry.tokenVariable == nil, entry.account == nil {
                status.signInHost = url.mastodonAPIHost ?? (BlueskyAddress(url) != nil ? "bsky.social" : nil)
            }
            return status
        }
    }

    /// The options the view starts with, before the terminal is known: the command line's,
    /// with the sources, the refresh chosen over the subscriptions file's, and read marks
    /// where something is kept.
    var viewer: ViewerOptions {
        var viewer = options.viewer
        viewer.sources = statuses
        viewer.refreshInterval = RefreshInterval.chosen(
            commandLine: viewer.refreshInterval, subscriptions: sources.refresh)
        viewer.tracksRead = storeOpening.store != nil && storeKeys.contains { $0 != nil }
        viewer.pictures = options.images.drawsPictures
        for (index, entry) in sources.entries.enumerated() {
            if !entry.mutes.isEmpty { viewer.mutes.bySource[index] = entry.mutes }
            viewer.sourceImages[index] = entry.images
        }
        return viewer
    }

    /// The timelines that stream, with the refresh the viewer runs.
    var liveTimelines: LiveTimelines {
        LiveTimelines(
            sources: sources, actors: actors, options: options, refresh: viewer.refreshInterval,
            certificateAuthorities: certificateAuthorities)
    }

    /// The accounts' notifications, for `i`.
    var notificationsLoading: NotificationsLoading {
        NotificationsLoading(
            actors: actors, certificateAuthorities: certificateAuthorities, offline: options.viewer.offline)
    }

    /// The accounts' read positions on their servers.
    var readMarkerSync: ReadMarkerSync {
        ReadMarkerSync(
            sources: sources, actors: actors, options: options, certificateAuthorities: certificateAuthorities)
    }

    /// The pictures' loader, when rows draw pictures.
    var pictures: PictureLoader? {
        makePictureLoader(options: options, environment: environment, certificateAuthorities: certificateAuthorities)
    }

    /// The actions on the servers, through the store's outbox.
    var actionSending: ActionSending {
        ActionSending(
            actors: actors, bluesky: blueskySessions, store: storeOpening.store, offline: options.viewer.offline,
            certificateAuthorities: certificateAuthorities)
    }

    /// Threads, from the servers of the sources read from Mastodon's API, with the source's
    /// own token: its actor's, where the actor is of the source's server.
    var threadLoading: ThreadLoading {
        let servers = zip(sources.entries, actors).map { entry, actor -> ThreadLoading.Server? in
            guard case .url(let url) = entry.source, let host = url.mastodonAPIHost,
                let scheme = url.scheme?.lowercased()
            else { return nil }
            return ThreadLoading.Server(
                base: scheme + "://" + host, token: actor.flatMap { $0.resolves ? nil : $0.token })
        }
        return ThreadLoading(
            servers: servers, certificateAuthorities: certificateAuthorities, offline: options.viewer.offline)
    }

    /// The loaders, in the sources' order. With `sending`, a source that an actor acts for
    /// first sends what the actor kept from an earlier run (a refusal is told with `tell`).
    func make(
        clock: any LoopClock, sending: ActionSending? = nil, live: LiveTimelines? = nil,
        tell: @escaping @Sendable (String) -> Void = { _ in }
    ) -> [any FeedLoading] {
        zip(sources.entries.indices, storeKeys).map { index, key in
            let entry = sources.entries[index]
            let loader = loader(for: entry)
            var loading: any FeedLoading = loader
            if case .search(let query) = entry.source, let store = storeOpening.store {
                // The other sources of the run are searched; alone, every source kept.
                loading = SavedSearchLoader(store: store, query: query, keys: storeKeys.compactMap { $0 })
            } else if let store = storeOpening.store, let key, !options.dump {
                // A URL's key is the URL: its validators, kept and current, go by it.
                let url: String? = if case .url = entry.source { key } else { nil }
                if let url, let kept = storeOpening.validators[key] { loader.remember(kept, for: url) }
                loading = StoringFeedLoader(
                    loader, store: store, key: key, keep: entry.keep ?? FeedStore.postsPerSource,
                    currentValidators: { url.map(loader.validators(for:)) ?? HTTPValidators() })
            }
            if let sending, let actor = sending.actors[index] {
                loading = SendingKeptFirst(base: loading, actor: actor, sending: sending, tell: tell)
            }
            if let live, live.setups[index] != nil {
                loading = StreamingAfterLoad(base: loading, index: index, live: live)
            }
            return DelayedFeedLoader(loading, delay: options.delay(for: entry.source), clock: clock)
        }
    }

    /// Where Bluesky's public feeds are read: `SHIMMERFEED_BLUESKY_APPVIEW` (another AppView,
    /// or a test's loopback server), else Bluesky's own.
    static func appView(environment: [String: String]) -> String {
        guard let given = environment["SHIMMERFEED_BLUESKY_APPVIEW"], !given.isEmpty else {
            return BlueskyAddress.publicAppView
        }
        return given.hasSuffix("/") ? String(given.dropLast()) : given
    }

    /// The loader of one source, with its token from the environment.
    private func loader(for entry: SourceList.Entry) -> SourceFeedLoader {
        // The sample feed's bytes go only to its own loader: a copy in each of 300 others
        // was 17 KB a source, 5 MB in all.
        let sampleData = if case .sample = entry.source { SampleFeed.data } else { Data() }
        var loader = SourceFeedLoader(
            source: entry.source, format: options.format, timeout: options.timeout, maxSize: options.maxSize,
            certificateAuthorities: certificateAuthorities, sampleData: sampleData)
        loader.bluesky = BlueskyReading(
            appView: Self.appView(environment: environment), handles: storeOpening.store.map(StoredHandles.init),
            session: accounts.blueskySession(for: entry))
        switch accounts.token(for: entry) {
        case .success(let token)?: loader.bearerToken = token
        case .failure(let failure)?: loader.accountFailure = failure
        case nil: break
        }
        if let variable = entry.tokenVariable {
            if let token = environment[variable], !token.isEmpty {
                loader.bearerToken = token
            } else {
                loader.unsetTokenVariable = variable
            }
        }
        return loader
    }
}
