/// What the screen counts of the sources: how many are awaited, loading or failed. Kept
/// beside them and counted again when one changes, so that a frame asks a number, not a
/// walk of 300 statuses for each count the footer, the status line and the pictures'
/// schedule read (a start from the store spent a tenth of its time in those walks).
public struct SourceTally: Sendable, Equatable {
    /// Loading, and nothing shown yet: what skeleton rows stand for.
    public private(set) var awaited = 0
    /// Their first page loading.
    public private(set) var loading = 0
    /// A next page loading.
    public private(set) var pagesLoading = 0
    /// Awaited or a next page loading: what the footer's skeleton rows stand for.
    public private(set) var pending = 0
    /// Their last load failed.
    public private(set) var failed = 0
    /// Their last page's load failed.
    public private(set) var pagesFailed = 0
    /// Items their documents left out.
    public private(set) var skipped = 0

    public init(_ sources: [SourceStatus]) {
        for source in sources {
            if source.isAwaited { awaited += 1 }
            if source.isLoading { loading += 1 }
            if source.page == .loading { pagesLoading += 1 }
            if source.isAwaited || source.page == .loading { pending += 1 }
            if source.hasFailed { failed += 1 }
            if source.pageHasFailed { pagesFailed += 1 }
            skipped += source.skipped
        }
    }
}
