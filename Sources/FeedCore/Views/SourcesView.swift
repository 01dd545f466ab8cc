/// `s`: every source on a row of its own, under its tags (`SourcesListing`), with its
/// network, its state and its unread count; a tag's row counts its sources' unread posts.
/// A count whose source is loading is a shimmering skeleton of the count's width, until the
/// load answers. Enter opens the timeline of the row's sources (the state does it: see
/// `AppState.openScope`), `/` narrows the rows to the sources whose names hold what is
/// typed, `n` goes to the next source with unread posts.
///
/// The rows are made once; what changes while the view is open (the sources' states, the
/// counts) is the timeline's, and comes with every event (`SourcesView.Live`).
public struct SourcesView: StackedView {
    /// What the timeline knows of its sources now.
    public struct Live: Sendable {
        public var sources: [SourceStatus]
        /// Unread posts of each source, by index.
        public var unread: [Int]
        /// The loop's time, for "again in 4 min".
        public var now: Duration
        /// The rows area's height, to keep the selection in view.
        public var height: Int
    }

    public let rows: [SourcesListing.Row]
    public internal(set) var live: Live
    /// The rows shown (indices into `rows`): every row, or a search's.
    public private(set) var shown: [Int]
    /// The selected row, among `shown`, and the first on the screen.
    public private(set) var selected = 0
    public private(set) var top = 0
    /// `/`: what is typed, while there is a search; `typing` until Enter keeps it.
    public private(set) var query: String?
    public private(set) var typing = false

    public init(live: Live, selecting sources: Set<Int>? = nil) {
        rows = SourcesListing.rows(tags: live.sources.map(\.tags))
        self.live = live
        shown = Array(rows.indices)
        if let sources, let row = rows.firstIndex(where: { Set($0.sources) == sources }) { select(row) }
    }

    /// The row selected, if any is shown.
    public var selectedRow: SourcesListing.Row? {
        shown.indices.contains(selected) ? rows[shown[selected]] : nil
    }

    /// What the row stands for: the title of the timeline Enter opens, and its sources.
    public func scope(of row: SourcesListing.Row) -> (title: String, sources: Set<Int>) {
        switch row {
        case .tag(let name, _, let sources): (name, Set(sources))
        case .untagged(let sources): ("no tag", Set(sources))
        case .source(let index, _): (live.sources[index].name, [index])
        }
    }

    // MARK: counts

    /// Unread posts of the row's sources.
    func unread(_ row: SourcesListing.Row) -> Int {
        row.sources.reduce(0) { $0 + (live.unread.indices.contains($1) ? live.unread[$1] : 0) }
    }

    /// Whether the row's count is still coming: one of its sources is loading.
    func isLoading(_ row: SourcesListing.Row) -> Bool {
        row.sources.contains { live.sources.indices.contains($0) && live.sources[$0].isLoading }
    }

    /// What is becoming of a source: loading, failed and why, waiting to try again, shown
    /// from the store; nothing once loaded.
    func state(of index: Int) -> String {
        let source = live.sources[index]
        if source.isLoading { return "loading" }
        switch source.outcome {
        case .failed(let failure):
            guard let notBefore = source.notBefore, notBefore > live.now else { return "failed: \(failure.word)" }
            return "\(failure.word), again in \(Self.wait(notBefore - live.now))"
        case .loaded: return source.fromStore ? "from the store" : ""
        case nil: return ""
        }
    }

    /// "40 s", "4 min", "2 h".
    static func wait(_ duration: Duration) -> String {
        let seconds = Int(duration.seconds.rounded(.up))
        if seconds < 60 { return "\(seconds) s" }
        if seconds < 3600 { return "\((seconds + 59) / 60) min" }
        return "\((seconds + 3599) / 3600) h"
    }

    // MARK: the stack's

    public var status: String {
        if let query {
            let matches = shown.count { rows[$0].isSource }
            let found = "\(CountFormat.grouped(matches)) of \(CountFormat.grouped(live.sources.count))"
            return typing
                ? "/\(query)▏ \(found) sources · Enter keeps · Esc clears" : "\(found) sources “\(query)” · Esc clears"
        }
        let tags = rows.count { if case .tag = $0 { true } else { false } }
        let sources = "\(CountFormat.grouped(live.sources.count)) source\(live.sources.count == 1 ? "" : "s")"
        let tagged = tags == 0 ? "" : " · \(tags) tag\(tags == 1 ? "" : "s")"
        return "Sources · \(sources)\(tagged) · Enter opens · Esc back"
    }

    public var keyHelp: [ActionHelp] {
        [
            ActionHelp([.next, .previous], "next, previous row"),
            ActionHelp([.pageDown, .pageUp], "page down, up"),
            ActionHelp([.first, .last], "first, last row"),
            ActionHelp([.toggleExpanded], "open the timeline of the source, or of the tag's sources"),
            ActionHelp([.nextUnread], "next source with unread posts"),
            ActionHelp([.search], "search the sources' names"),
        ]
    }

    /// While a search is typed, every key is the search's.
    public var takesEveryKey: Bool { typing }

    public var isAnimating: Bool {
        live.sources.contains(where: \.isLoading)
    }

    public mutating func handle(_ action: KeyAction) -> [AppEffect] {
        // Next, previous, first and last as every pushed list moves; then kept in sight.
        if !shown.isEmpty, StackedRows.move(action, selected: &selected, count: shown.count) {
            move(to: selected)
            return []
        }
        let page = max(1, live.height - 1)
        switch action {
        case .pageDown, .halfPageDown: move(to: selected + (action == .pageDown ? page : page / 2))
        case .pageUp, .halfPageUp: move(to: selected - (action == .pageUp ? page : page / 2))
        case .scrollDown: move(to: selected + 3)
        case .scrollUp: move(to: selected - 3)
        case .nextUnread: nextUnread()
        case .search:
            query = query ?? ""
            typing = true
        default: break
        }
        return []
    }

    /// A key while the search is typed into (every key), or a key bound to nothing.
    public mutating func handle(unbound key: Key) -> [AppEffect] {
        guard typing, var text = query else { return [] }
        switch TypedQuery.type(key, into: &text) {
        case .cleared:
            endSearch()
            return []
        case .kept:
            typing = false
            if text.isEmpty { endSearch() }
            return []
        case .ignored:
            return []
        case .edited:
            query = text
        }
        narrow()
        return []
    }

    /// Esc while a search is kept clears it, and stays in the view.
    public mutating func handleEscape() -> Bool {
        guard query != nil else { return false }
        endSearch()
        return true
    }

    // MARK: moving

    /// Selects `row` of `rows`, if it is shown.
    private mutating func select(_ row: Int) {
        if let index = shown.firstIndex(of: row) { move(to: index) }
    }

    private mutating func move(to index: Int) {
        guard !shown.isEmpty else { return }
        selected = min(max(0, index), shown.count - 1)
        let height = max(1, live.height)
        if selected < top { top = selected }
        if selected >= top + height { top = selected - height + 1 }
        top = max(0, min(top, shown.count - height))
    }

    /// The next source after the selection with unread posts, else the first from the top.
    private mutating func nextUnread() {
        let sources = shown.indices.filter { rows[shown[$0]].isSource && unread(rows[shown[$0]]) > 0 }
        guard let next = sources.first(where: { $0 > selected }) ?? sources.first else { return }
        move(to: next)
    }

    /// The rows whose source names hold every word typed, and the headings above them.
    private mutating func narrow() {
        let keep = selectedRow
        let words = PostSearch.folded(query ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
        var heading: Int?
        var matches: [Int] = []
        for (index, row) in rows.enumerated() {
            guard case .source(let source, _) = row else {
                heading = index
                continue
            }
            let name = PostSearch.folded(live.sources[source].name)
            guard words.allSatisfy({ name.contains($0) }) else { continue }
            if let shownHeading = heading {
                matches.append(shownHeading)
                heading = nil
            }
            matches.append(index)
        }
        shown = words.isEmpty ? Array(rows.indices) : matches
        top = 0
        selected = 0
        if let keep, let row = rows.firstIndex(of: keep) { select(row) }
        // The first source found, rather than its heading.
        if !words.isEmpty, selectedRow?.isSource != true, let first = shown.firstIndex(where: { rows[$0].isSource }) {
            move(to: first)
        }
    }

    private mutating func endSearch() {
        query = nil
        typing = false
        narrow()
    }
}
