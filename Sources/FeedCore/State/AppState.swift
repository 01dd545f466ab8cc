import FoundationEssentials

/// Everything the screen shows, as a value. `apply` is the only place it changes.
public struct AppState: Sendable {
    /// What the rows area shows when not loading.
    public enum Content: Sendable {
        case empty
        case feed(Feed)
        case failure(FeedError)
    }

    /// Below this size the screen only says it is too small.
    public static let minimumSize = TerminalSize(width: 20, height: 6)

    public var source: String
    public var animation: AnimationStyle
    /// The band's speed (cells per second) and the rest between sweeps (seconds).
    public var shimmerSpeed = Shimmer.defaultSpeed
    public var shimmerPause = Shimmer.defaultPause
    /// Cells each row's band trails the row above (`--shimmer-tilt`).
    public var shimmerTilt = 0.0
    /// `--palette` on a terminal that can redefine colours: skeleton cells are drawn in
    /// reserved palette entries, and the pulse animates the entries instead of the cells.
    public var paletteSkeleton = false
    /// The animation time at which the rows replaced a shown skeleton: the cross-fade's
    /// start. Nil when there is nothing to fade.
    public var fadeStart: Duration?
    /// The first post that fades: 0 after a load, the first post of a page after a page.
    public var fadeFirstRow = 0
    /// `p`: the animation holds still where it is.
    public var isPaused = false
    public var size: TerminalSize
    public var content: Content = .empty {
        didSet { layoutCache = RowLayoutCache() }
    }
    /// The rows' layouts at the current content and reference date.
    public private(set) var layoutCache = RowLayoutCache()
    public var isLoading = false
    /// Which load the shown result (or the running load) belongs to; bumped by every
    /// start and cancel, so that a late result of an abandoned load is recognised.
    public private(set) var generation = 0
    /// How long the last successful load took, for the status line.
    public var lastLoadDuration: Duration?
    /// "now" for relative times: when the posts arrived. Render never reads the clock.
    public var referenceDate: Date {
        didSet { layoutCache = RowLayoutCache() }
    }

    /// The selected post, as an index into the feed's posts.
    public var selected = 0
    public var scroll = ScrollPosition.start
    /// Posts shown whole; kept by id across reloads.
    public var expanded: Set<PostID> = []
    /// Posts the reader liked; kept by id across reloads, for as long as the program runs.
    public var liked: Set<PostID> = []
    public var showingHelp = false
    /// While a large feed decodes after its first posts are shown: elements done of all.
    public var decoding: (decoded: Int, total: Int)?
    /// The state of the next page at the end of the list.
    public var page = PageState.idle

    public enum PageState: Sendable, Equatable {
        case idle
        case loading
        case failed(FeedError)
    }
    /// A message for the status line until the next key.
    public var notice: String?

    public init(
        source: String, animation: AnimationStyle, size: TerminalSize,
        referenceDate: Date = Date(timeIntervalSince1970: 0)
    ) {
        self.source = source
        self.animation = animation
        self.size = size
        self.referenceDate = referenceDate
    }

    /// The shimmer as this state draws it.
    public var shimmer: Shimmer {
        Shimmer(
            style: animation, screenWidth: size.width, screenHeight: size.height - 1, speed: shimmerSpeed,
            pause: shimmerPause, tilt: shimmerTilt)
    }

    /// The posts known, whether shown or hidden behind a reload skeleton.
    public var feed: Feed? {
        if case .feed(let feed) = content { return feed }
        return nil
    }

    public var isTooSmall: Bool {
        size.width < Self.minimumSize.width || size.height < Self.minimumSize.height
    }

    /// The feed laid out at the current size, with the reader's expansions and likes.
    public var viewport: FeedViewport {
        FeedViewport(
            posts: feed?.posts ?? [], width: size.width, height: size.height - 1, now: referenceDate,
            expanded: expanded, liked: liked, footerHeight: footerHeight, cache: layoutCache)
    }

    /// Lines below the last post: skeleton rows while a page loads, one error row when
    /// it failed.
    public var footerHeight: Int {
        switch page {
        case .idle: 0
        case .loading: PageFooter.loadingHeight
        case .failed: PageFooter.failedHeight
        }
    }

    public var selectedPost: Post? {
        guard let posts = feed?.posts, posts.indices.contains(selected) else { return nil }
        return posts[selected]
    }

    public mutating func apply(_ event: AppEvent) -> [AppEffect] {
        switch event {
        case .start:
            return startLoad()
        case .resize(let newSize):
            resize(to: newSize)
            return []
        case .loaded(let loadGeneration, let result, let duration, let date):
            // Stale (a load since cancelled or replaced): dropped.
            guard isLoading || decoding != nil, loadGeneration == generation else { return [] }
            isLoading = false
            decoding = nil
            page = .idle
            referenceDate = date
            switch result {
            case .success(let feed):
                let previousID = selectedPost?.id
                content = .feed(feed)
                lastLoadDuration = duration
                restoreSelection(of: previousID)
            case .failure(let error):
                content = .failure(error)
            }
            return pageIfNearTheEnd()
        case .progress(let loadGeneration, let feed, let decoded, let total, let date):
            guard isLoading || decoding != nil, loadGeneration == generation else { return [] }
            guard feed != nil || !isLoading else { return [] }  // counts alone cannot end the skeleton
            decoding = (decoded, total)
            // The first posts of a large feed show while the rest decode.
            guard let feed else { return [] }
            let previousID = selectedPost?.id
            if isLoading { referenceDate = date }
            isLoading = false
            content = .feed(feed)
            restoreSelection(of: previousID)
            return []
        case .pageLoaded(let loadGeneration, let result):
            guard page == .loading, loadGeneration == generation, let current = feed else { return [] }
            switch result {
            case .success(let next):
                content = .feed(current.appending(next))
                page = .idle
                // A page that brought nothing asks for no more by itself: a server that
                // always links a next page would otherwise be asked forever.
                return next.posts.isEmpty ? [] : pageIfNearTheEnd()
            case .failure(let error):
                page = .failed(error)
                return []
            }
        case .signal(let number):
            return [.cancelLoad, .quit(exitCode: 128 + number)]
        case .notice(let text):
            notice = text
            return []
        case .crossFade(let start, let firstRow):
            fadeStart = CrossFade.applies(to: animation) && !isLoading ? start : nil
            fadeFirstRow = firstRow
            return []
        case .key(let key):
            notice = nil
            if showingHelp {
                // Any key closes the help; quitting keys still quit.
                showingHelp = false
                if case .control("c") = key { return [.cancelLoad, .quit(exitCode: 0)] }
                return []
            }
            return apply(key)
        }
    }

    private mutating func apply(_ key: Key) -> [AppEffect] {
        switch key {
        case .character("q"), .escape, .control("c"):
            return [.cancelLoad, .quit(exitCode: 0)]
        case .character("r"):
            return toggleLoading()
        case .control("l"):
            return [.redrawAll]
        case .character("?"):
            showingHelp = true
            return []
        case .character("p"):
            isPaused.toggle()
            return []
        default:
            break
        }
        // The rest act on the rows, which a reload hides.
        guard !isLoading, let posts = feed?.posts, !posts.isEmpty else { return [] }
        let view = viewport
        let page = max(1, view.height - 2)
        switch key {
        case .character("j"), .down: moveDown(in: view)
        case .character("k"), .up: moveUp(in: view)
        case .character(" "), .character("f"), .pageDown: scrollPage(by: page, in: view)
        case .character("b"), .pageUp: scrollPage(by: -page, in: view)
        case .character("d"), .control("d"): scrollPage(by: max(1, view.height / 2), in: view)
        case .character("u"), .control("u"): scrollPage(by: -max(1, view.height / 2), in: view)
        case .character("g"), .home: select(0, in: view)
        case .character("G"), .end: select(posts.count - 1, in: view)
        case .wheelDown: scrollKeepingSelection(by: 3, in: view)
        case .wheelUp: scrollKeepingSelection(by: -3, in: view)
        case .click(let row, _):
            if let index = view.row(atLine: row, from: scroll) { select(index, in: view) }
        case .enter:
            let id = posts[selected].id
            if expanded.remove(id) == nil { expanded.insert(id) }
            scroll = viewport.revealing(selected, from: scroll)
        case .character("l"):
            let id = posts[selected].id
            if liked.remove(id) == nil { liked.insert(id) }
        case .character("o"):
            return openLink(of: posts[selected])
        default:
            break
        }
        return pageIfNearTheEnd()
    }

    /// Asks for the next page when the selection is within a screen of the end.
    private mutating func pageIfNearTheEnd() -> [AppEffect] {
        guard page == .idle, decoding == nil, !isLoading, let feed, let next = feed.nextPage else { return [] }
        // An empty list has no end to come near (and no last row to measure from).
        guard !feed.posts.isEmpty else { return [] }
        let rowsOnScreen = max(1, viewport.placements(from: scroll).count)
        guard feed.posts.count - selected <= rowsOnScreen else { return [] }
        // At the end of the list, the skeleton rows of the page come into view.
        let view = viewport
        let last = feed.posts.count - 1
        let wasAtEnd = view.top(of: last, from: scroll) + view.layout(at: last).height <= view.height
        page = .loading
        if wasAtEnd { scroll = viewport.lastPosition }
        return [.loadPage(url: next, generation: generation)]
    }

    // MARK: moving

    private mutating func select(_ index: Int, in view: FeedViewport) {
        selected = index
        scroll = view.revealing(index, from: scroll)
    }

    /// Down one post; a post taller than the screen scrolls through first.
    private mutating func moveDown(in view: FeedViewport) {
        let bottom = view.top(of: selected, from: scroll) + view.layout(at: selected).height
        if bottom > view.height {
            scroll = view.scrolled(scroll, by: min(max(1, view.height / 2), bottom - view.height))
        } else if selected < view.posts.count - 1 {
            select(selected + 1, in: view)
        }
    }

    /// Up one post; a post whose start is scrolled off shows its start first.
    private mutating func moveUp(in view: FeedViewport) {
        let top = view.top(of: selected, from: scroll)
        if top < 0 {
            scroll = view.scrolled(scroll, by: max(top, -max(1, view.height / 2)))
        } else if selected > 0 {
            select(selected - 1, in: view)
        }
    }

    /// Scrolls by `lines` and selects the first post whose start is in view; at either
    /// end of the list the selection goes to that end.
    private mutating func scrollPage(by lines: Int, in view: FeedViewport) {
        let moved = view.scrolled(scroll, by: lines)
        if moved == scroll {
            selected = lines > 0 ? view.posts.count - 1 : 0
            scroll = view.revealing(selected, from: scroll)
            return
        }
        scroll = moved
        selected = view.placements(from: scroll).first { $0.top >= 0 }?.index ?? scroll.row
    }

    /// The mouse wheel scrolls the view; the selection follows only if it leaves the view.
    private mutating func scrollKeepingSelection(by lines: Int, in view: FeedViewport) {
        scroll = view.scrolled(scroll, by: lines)
        let shown = view.placements(from: scroll)
        let whole = shown.filter { $0.top >= 0 && $0.top + $0.layout.height <= view.height }.map(\.index)
        guard let first = whole.first ?? shown.first?.index, let last = whole.last ?? shown.last?.index else { return }
        selected = min(max(selected, first), last)
    }

    /// After a resize, the selected post stays in view at about the same line.
    private mutating func resize(to newSize: TerminalSize) {
        guard feed != nil, !isTooSmall else {
            size = newSize
            return
        }
        let line = viewport.top(of: selected, from: scroll)
        size = newSize
        guard !isTooSmall else { return }
        let view = viewport
        scroll = view.scrolled(ScrollPosition(row: selected), by: -max(0, line))
        scroll = view.revealing(selected, from: scroll)
    }

    /// A reload keeps the selection on the same post when it is still there.
    private mutating func restoreSelection(of id: PostID?) {
        guard let id, let index = feed?.posts.firstIndex(where: { $0.id == id }) else {
            selected = 0
            scroll = .start
            return
        }
        let view = viewport
        selected = index
        scroll = view.revealing(index, from: min(scroll, view.lastPosition))
    }

    private mutating func openLink(of post: Post) -> [AppEffect] {
        guard let url = post.url else {
            notice = "This post has no link."
            return []
        }
        notice = "Link: \(url)"
        let lowered = url.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") else { return [] }
        return [.openLink(url)]
    }

    // MARK: loading

    /// `r`: from rows (or an error) to a reload; from a reload back to the rows it had.
    private mutating func toggleLoading() -> [AppEffect] {
        guard isLoading else { return startLoad() }  // from rows, a failed page or a decode
        // With no rows to go back to, keep loading: cancelling would leave nothing.
        guard feed != nil else { return [] }
        isLoading = false
        generation += 1
        return [.cancelLoad]
    }

    private mutating func startLoad() -> [AppEffect] {
        isLoading = true
        fadeStart = nil
        decoding = nil
        page = .idle
        generation += 1
        return [.startLoad(generation: generation)]
    }
}
