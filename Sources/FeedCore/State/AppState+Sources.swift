import FoundationEssentials

/// A source's answer taken into the view: its status, its posts merged into the rest
/// newest first, and the selected post kept on its line whatever arrives.
extension AppState {
    /// Takes `answer` (one of this load's) at `now`; it came at `arrivedAt`.
    mutating func take(_ answer: SourceAnswer, at now: Duration, arrivedAt: Duration) -> [AppEffect] {
        let index = answer.source
        let hadRows = feed != nil
        let wasSkeleton = showsSkeleton
        var effects: [AppEffect] = []
        switch (answer.page, answer.outcome) {
        case (nil, .partial(let partial, let decoded, let total)):
            // A refresh's body in parts would take the source's other posts away meanwhile.
            guard sources[index].isLoading, !sources[index].hasLoaded else { return [] }
            sources[index].progress = .init(decoded: decoded, total: total)
            if let partial { mergeFirstPage(partial, of: index, date: answer.date) }
        case (nil, .loaded(let loaded)):
            sources[index].loaded(loaded, at: answer.date)
            mergeFirstPage(loaded, of: index, date: answer.date)
        case (nil, .failed(.notModified)):
            sources[index].succeeded(at: answer.date)
        case (nil, .failed(let failure)):
            sources[index].failed(failure, at: now, refreshInterval: options.refreshInterval)
        case (_?, .loaded(let page)):
            guard sources[index].page == .loading else { return [] }
            sources[index].pageLoaded(page)
            if let firstNew = mergePage(page, of: index) { startCrossFade(firstRow: firstNew, at: now) }
            // A page that brought nothing asks for no more by itself: a server that always
            // links a next page would otherwise be asked forever.
            if !page.posts.isEmpty { effects += pageIfNearTheEnd(at: now) }
        case (_?, .failed(let failure)):
            guard sources[index].page == .loading else { return [] }
            sources[index].page = .failed(failure)
        case (_?, .partial):
            return []
        }
        if answer.page == nil, sourcesLoading == 0 { endRound(at: now, arrivedAt: arrivedAt) }
        // The skeleton over the rows area ends with a first load's first posts, or when
        // nothing more is awaited.
        if isLoading, (!hadRows && feed != nil) || sourcesLoading == 0 {
            isLoading = false
            if feed == nil {
                content = sources.compactMap(\.failure).first.map { .failure($0) } ?? .feed(Feed(posts: []))
            }
            if wasSkeleton { startCrossFade(firstRow: 0, at: now) }
        }
        // A first page that ends near the selection asks for the next at once.
        if answer.page == nil, case .loaded = answer.outcome { effects += pageIfNearTheEnd(at: now) }
        return effects
    }

    /// Every source has answered: how long the load took (a quiet refresh leaves the
    /// figure, so that an unchanged feed draws nothing), and when the next refresh begins.
    private mutating func endRound(at now: Duration, arrivedAt: Duration) {
        if let started = timing.loadsStartedAt { lastLoadDuration = arrivedAt - started }
        restoredFrom = nil  // what is shown is the sources' own answer now
        timing.loadsStartedAt = nil
        if let interval = options.refreshInterval, timing.timers[.refresh] == nil {
            timing.timers[.refresh] = now + interval
        }
    }

    /// Source `index`'s first page: its posts replace their old copies and the posts gone
    /// from it (older ones and further pages' stay), merged into the rest.
    private mutating func mergeFirstPage(_ loaded: Feed, of index: Int, date: Date) {
        let arrived = tagged(loaded.posts, from: index, paged: false)
        let anchor = anchor
        let known = anchor.map { _ in Set(feed?.posts.map(\.id) ?? []) }
        // The old list is handed to the merge, not kept beside its result: for a big feed
        // that is tens of megabytes at the peak.
        let merged = TimelineMerge.replacing(source: index, in: takePosts(), with: arrived, owners: &owners)
        referenceDate = date
        place(merged, anchor: anchor, counting: known)
    }

    /// Several sources' first pages into an empty view at once: a start from the store.
    mutating func placeFirstPages(_ pages: [(source: Int, feed: Feed)], date: Date) {
        let pages = pages.map { (source: $0.source, posts: tagged($0.feed.posts, from: $0.source, paged: false)) }
        owners = [:]
        let merged = TimelineMerge.combining(pages, owners: &owners)
        referenceDate = date
        place(merged, anchor: nil, counting: nil)
    }

    /// Source `index`'s further page: its posts join the rest. Returns the index of the
    /// first post that is new, if any.
    private mutating func mergePage(_ page: Feed, of index: Int) -> Int? {
        let before = feed?.posts ?? []
        let arrived = tagged(page.posts, from: index, paged: true)
        let merged = TimelineMerge.adding(arrived, in: before, owners: &owners)
        place(merged, anchor: anchor, counting: nil)
        let known = Set(before.map(\.id))
        return merged.firstIndex { !known.contains($0.id) }
    }

    /// What to ask source `index` for: its first page, or the page at `page`.
    func request(for index: Int, page: String? = nil) -> SourceRequest {
        SourceRequest(source: index, page: page, name: isSingleSource ? nil : sources[index].name)
    }

    /// `posts` tagged as source `index`'s. The loop's load tasks tag their answers in
    /// place before they come (no copy here); an answer made another way is tagged now.
    private func tagged(_ posts: [Post], from index: Int, paged: Bool) -> [Post] {
        let source = PostSource(index: index, name: request(for: index).name, paged: paged)
        var posts = posts
        if posts.isTagged(with: source) {
            // Tagged on its way, under the name the source had when it was asked.
            if posts.contains(where: { $0.source != source }) { posts.rename(to: source) }
        } else {
            posts.tag(with: source)
        }
        return posts
    }

    /// The selected post and the line it is on, to keep it there through a merge; nil
    /// while the view follows the newest posts.
    private var anchor: (post: Post, top: Int)? {
        guard !followsNewest, let post = selectedPost else { return nil }
        return (post, viewport.top(of: selected, from: scroll))
    }

    /// The posts, moved out of the view (left empty until `place` puts the merge in).
    private mutating func takePosts() -> [Post] {
        guard let posts = feed?.posts else { return [] }
        content = .feed(Feed(posts: []))
        return posts
    }

    /// The posts become `merged`. Until the reader moves, the view shows from the newest;
    /// after that, the selected post (`anchor`) keeps its line, and the posts new above it
    /// (not in `counting`, the ids before) are counted for the "▲ new" marker.
    private mutating func place(_ merged: [Post], anchor: (post: Post, top: Int)?, counting known: Set<PostID>?) {
        content = .feed(Feed(posts: merged))
        guard !merged.isEmpty, let anchor else {
            selected = 0
            scroll = .start
            return
        }
        guard let index = merged.firstIndex(where: { $0.id == anchor.post.id }) else {
            selected = min(selected, merged.count - 1)
            scroll = viewport.revealing(selected, from: min(scroll, viewport.lastPosition))
            return
        }
        selected = index
        scroll = viewport.scrolled(ScrollPosition(row: index), by: -anchor.top)
        if let known { newAbove += merged[..<index].count { !known.contains($0.id) } }
        if scroll == .start { newAbove = 0 }
    }
}
