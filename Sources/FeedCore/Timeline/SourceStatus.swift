import FoundationEssentials

/// One source of a view (a view is a timeline of one source or more): its name, where its
/// load stands, what its last answer said, its next page, and when it may be asked again.
public struct SourceStatus: Sendable, Equatable {
    /// How the last load of the source ended.
    public enum Outcome: Sendable, Equatable {
        case loaded
        case failed(Failure)
    }

    /// The next page's load, at the end of the list.
    public enum PageState: Sendable, Equatable {
        case idle
        case loading
        case failed(Failure)
    }

    /// Elements decoded of all, while a large document decodes; `total` 0 while a body is
    /// still arriving and its size is unknown.
    public struct Progress: Sendable, Equatable {
        public var decoded: Int
        public var total: Int
    }

    /// The name rows show: the subscription's title, else the feed's, else the host.
    public var name: String
    /// Whether `name` came from the subscription, and so stays whatever the feed says.
    public var named: Bool
    /// How the status line names a single source: its path or URL.
    public var label: String
    /// The feed's own title, from its last answer.
    public var title: String?
    /// The tags it is filed under (`tag=`, an OPML folder): the sources view groups by them.
    public var tags: [String] = []
    /// Whether the posts shown are the store's, its own load not answered yet (offline,
    /// never).
    public var fromStore = false
    /// Whether a load of its first page is running.
    public var isLoading = false
    /// How its last load ended; nil before the first ended.
    public var outcome: Outcome?
    /// While its first load's document arrives or decodes: how far it is.
    public var progress: Progress?
    /// When it last loaded (or answered "not modified").
    public var lastSuccess: Date?
    /// Failures in a row: each doubles the wait before the next refresh asks it.
    public var failures = 0
    /// Not to be asked before this instant (loop time): the back-off after a failure, or
    /// the server's `Retry-After`.
    public var notBefore: Duration?
    /// Where its next page is, when its documents link one.
    public var nextPage: String?
    public var page = PageState.idle
    /// Pages loaded beyond the first: a refresh of the first page then keeps the cursor of
    /// the deepest, instead of going back to the second.
    public var pagesLoaded = 0
    /// What its documents left out, and why the first was: for the status line.
    public var skipped = 0
    public var firstSkipReason: String?
    /// Why its document stopped being readable before its end.
    public var cutShort: String?
    /// How many of its posts its server holds unread beyond those in the view (a reader
    /// server's), counted in the sources view with the view's own.
    public var unreadElsewhere = 0

    /// The network it is of (a web feed's, for files and feeds): its words, and what it
    /// can do for a signed-in reader.
    public var network = NetworkTraits.webFeed
    /// What its reader can do with its posts on the server now: its network's
    /// capabilities, as far as its account or token (or none) allows.
    public var capabilities: Capabilities = []
    /// The server to sign in to for what its network can do and its reader cannot yet:
    /// set for a timeline read without an account, where `l` is the reader's own mark only.
    public var signInHost: String?
    /// The query field a page that starts after a given post sets to that post's id,
    /// where its pages are asked so (a streaming source's oldest posts let go come back).
    public var pageAfterField: String?
    /// Its own refresh interval (`refresh=` in the subscriptions file), over the run's.
    public var refreshInterval: Duration?
    /// A saved search: the store's matches, asked again when other sources bring posts.
    public var isSavedSearch = false
    /// The least time between two requests its feed or server asks for, as last said.
    public var serverFloor: Duration?
    /// When it is asked again at the soonest, by its interval and its server's floor.
    public var refreshDue: Duration?

    public init(name: String, named: Bool = false, label: String? = nil) {
        self.name = name
        self.named = named
        self.label = label ?? name
    }

    /// Whether it has answered once: a failure after that keeps its posts.
    public var hasLoaded: Bool { lastSuccess != nil }

    /// Whether it is loading and has shown nothing yet: what skeleton rows stand for.
    public var isAwaited: Bool { isLoading && !hasLoaded && !hasFailed }

    /// Whether its last load failed; unlike `failure`, without a copy of the failure.
    public var hasFailed: Bool {
        if case .failed = outcome { return true }
        return false
    }

    /// Whether the load of its next page failed.
    public var pageHasFailed: Bool {
        if case .failed = page { return true }
        return false
    }

    public var failure: Failure? {
        if case .failed(let failure) = outcome { return failure }
        return nil
    }

    public var pageFailure: Failure? {
        if case .failed(let failure) = page { return failure }
        return nil
    }

    /// The wait before a source that failed `failures` times in a row is asked again:
    /// the refresh interval, doubled each time, at most an hour; a `Retry-After` longer
    /// than that wins.
    public static func backOff(interval: Duration, failures: Int, retryAfter: Duration?) -> Duration {
        let doubled = interval * (1 << min(max(0, failures - 1), 10))
        let wait = min(doubled, .seconds(3600))
        guard let retryAfter else { return wait }
        return max(wait, retryAfter)
    }

    /// The status after a load of the first page began.
    mutating func started() {
        isLoading = true
        progress = nil
    }

    /// The first page answered with `feed`.
    mutating func loaded(_ feed: Feed, at date: Date) {
        succeeded(at: date)
        name = name(answering: feed)
        title = feed.title
        if pagesLoaded == 0 { nextPage = feed.nextPage }
        skipped = feed.skipped
        firstSkipReason = feed.firstSkipReason
        cutShort = feed.cutShort
        unreadElsewhere = feed.unreadElsewhere ?? 0
    }

    /// The name rows show once `feed` has answered: the feed's title, unless the
    /// subscription named the source.
    public func name(answering feed: Feed) -> String {
        guard !named, let feedTitle = feed.title, !feedTitle.isEmpty else { return name }
        return feedTitle
    }

    /// The first page answered "not modified", or with posts.
    mutating func succeeded(at date: Date) {
        isLoading = false
        fromStore = false
        progress = nil
        outcome = .loaded
        lastSuccess = date
        failures = 0
        notBefore = nil
    }

    /// The first page failed; with a refresh interval, it is asked again after the
    /// back-off, or the server's `Retry-After` when that is longer.
    mutating func failed(_ failure: Failure, at now: Duration, refreshInterval: Duration?) {
        isLoading = false
        progress = nil
        outcome = .failed(failure)
        failures += 1
        guard let refreshInterval else { return }
        var retryAfter: Duration?
        if case .retryLater(_, _, _, let seconds) = failure { retryAfter = .seconds(seconds) }
        notBefore = now + Self.backOff(interval: refreshInterval, failures: failures, retryAfter: retryAfter)
    }

    /// A further page answered with `feed`.
    mutating func pageLoaded(_ feed: Feed) {
        page = .idle
        pagesLoaded += 1
        nextPage = feed.nextPage
        skipped += feed.skipped
        firstSkipReason = firstSkipReason ?? feed.firstSkipReason
        // The page's unread posts were among those counted beyond: they count as posts now.
        unreadElsewhere = max(0, unreadElsewhere - feed.posts.count { $0.readOnServer == false })
    }

    /// Whether the refresh asks it now: it refreshes (its own interval, or the run's), is not
    /// loading, is no saved search (other sources' posts bring those), and neither its
    /// interval, its server's floor nor a back-off holds it back.
    func isDue(at now: Duration, runInterval: Duration?) -> Bool {
        guard !isLoading, !isSavedSearch, refreshInterval ?? runInterval != nil else { return false }
        return (refreshDue.map { $0 <= now } ?? true) && (notBefore.map { $0 <= now } ?? true)
    }

    /// The server answered (or said "not modified") at `now`, asking to be left alone for
    /// `floor`: not asked again before then, whatever the reader's interval.
    mutating func heedServer(_ floor: Duration?, at now: Duration) {
        serverFloor = floor
        guard let floor else { return }
        refreshDue = max(refreshDue ?? now, now + floor)
    }
}
