import FoundationEssentials

/// A source's answer taken into the view: its status, its posts merged into the rest
/// newest first, and the selected post kept on its line whatever arrives.
extension AppState {
    /// Merges `answer` (one of this load's) at `now`; it came at `arrivedAt`.
    mutating func merge(_ answer: SourceAnswer, at now: Duration, arrivedAt: Duration) -> [AppEffect] {
        let index = answer.source
        let hadRows = timeline.feed != nil
        let wasSkeleton = showsSkeleton
        var effects: [AppEffect] = []
        switch (answer.page, answer.outcome) {
        case (nil, .partial(let partial, let decoded, let total)):
            // A refresh's body in parts would take the source's other posts away meanwhile.
            guard timeline.sources[index].isLoading, !timeline.sources[index].hasLoaded else { return [] }
            timeline.sources[index].progress = .init(decoded: decoded, total: total)
            if let partial { timeline.mergeFirstPage(partial, of: index, date: answer.date, in: frame) }
        case (nil, .loaded(let loaded)):
            timeline.sources[index].loaded(loaded, at: answer.date)
            timeline.sources[index].heedServer(loaded.refreshFloor, at: now)
            timeline.mergeFirstPage(loaded, of: index, date: answer.date, in: frame)
            effects += searchAgain(after: index, brought: loaded)
        case (nil, .failed(.notModified)):
            timeline.sources[index].succeeded(at: answer.date)
            timeline.sources[index].heedServer(timeline.sources[index].serverFloor, at: now)
        case (nil, .failed(let failure)):
            timeline.sources[index].failed(
                failure, at: now, refreshInterval: timeline.sources[index].refreshInterval ?? options.refreshInterval)
        case (_?, .loaded(let page)):
            guard timeline.sources[index].page == .loading else { return [] }
            timeline.sources[index].pageLoaded(page)
            if let firstNew = timeline.mergePage(page, of: index, in: frame) {
                startCrossFade(firstRow: firstNew, at: now)
            }
            // A page that brought nothing asks for no more by itself: a server that always
            // links a next page would otherwise be asked forever.
            if !page.posts.isEmpty { effects += pageIfNearTheEnd(at: now) }
        case (_?, .failed(let failure)):
            guard timeline.sources[index].page == .loading else { return [] }
            timeline.sources[index].page = .failed(failure)
        case (nil, .stored(let stored)):
            takeStored(stored, of: index, date: answer.date, at: now)
        case (_?, .partial), (_?, .stored):
            return []
        }
        // The store's answers are not the sources' own: the round goes on.
        let isStored = if case .stored = answer.outcome { true } else { false }
        if answer.page == nil, timeline.sourcesLoading == 0, !isStored { endRound(at: now, arrivedAt: arrivedAt) }
        endSkeletonIfDone(hadRows: hadRows, wasSkeleton: wasSkeleton, at: now)
        // A first page that ends near the selection asks for the next at once.
        if answer.page == nil, case .loaded = answer.outcome { effects += pageIfNearTheEnd(at: now) }
        return effects
    }

    /// After another source brought posts, the saved searches that are not loading are asked
    /// again: the store has the new posts by the time they are (their asks wait for its
    /// writes).
    private mutating func searchAgain(after index: Int, brought feed: Feed) -> [AppEffect] {
        guard !timeline.sources[index].isSavedSearch, !feed.posts.isEmpty, !timeline.isLoading else { return [] }
        let searches = timeline.sources.indices.filter {
            timeline.sources[$0].isSavedSearch && !timeline.sources[$0].isLoading && timeline.sources[$0].hasLoaded
        }
        guard !searches.isEmpty else { return [] }
        for search in searches { timeline.sources[search].started() }
        return [.load(searches.map { timeline.request(for: $0) }, generation: timeline.generation)]
    }

    /// The skeleton over the rows area ends with a first load's first posts, or when
    /// nothing more is awaited.
    private mutating func endSkeletonIfDone(hadRows: Bool, wasSkeleton: Bool, at now: Duration) {
        guard timeline.isLoading, (!hadRows && timeline.feed != nil) || timeline.sourcesLoading == 0 else { return }
        timeline.isLoading = false
        if timeline.feed == nil {
            timeline.content =
                timeline.sources.compactMap(\.failure).first.map { .failure($0) } ?? .feed(Feed(posts: []))
        }
        if wasSkeleton { startCrossFade(firstRow: 0, at: now) }
    }

    /// The store's answer, right after the start: what it kept is shown at once with the
    /// reader's marks, "from 12 min ago", and the source's own load goes on. Offline there
    /// is none: the store's answer is all there is, and a source it kept nothing of fails.
    private mutating func takeStored(_ stored: StoredPosts?, of index: Int, date: Date, at now: Duration) {
        if let feed = takeStoredStatus(stored, of: index, at: now) {
            timeline.mergeFirstPage(feed, of: index, date: date, in: frame)
        }
    }

    /// The source's status and the reader's marks from what the store kept of it; its
    /// posts, to be merged, unless the source has answered already.
    private mutating func takeStoredStatus(_ stored: StoredPosts?, of index: Int, at now: Duration) -> Feed? {
        guard timeline.sources[index].isLoading, !timeline.sources[index].hasLoaded else { return nil }
        guard let stored else {
            // A saved search is the store's own answer: it loads offline too.
            if options.offline, !timeline.sources[index].isSavedSearch {
                timeline.sources[index].failed(.nothingStored, at: now, refreshInterval: nil)
            }
            return nil
        }
        timeline.sources[index].loaded(stored.feed, at: stored.savedAt)
        timeline.sources[index].isLoading = !options.offline
        timeline.sources[index].fromStore = true
        timeline.read.formUnion(stored.read.lazy.map { $0.tagged(by: index) })
        timeline.liked.formUnion(stored.liked.lazy.map { $0.tagged(by: index) })
        timeline.restoredFrom = min(timeline.restoredFrom ?? stored.savedAt, stored.savedAt)
        return stored.feed
    }

    /// The store's answers for several sources into a view with no posts yet, the reader
    /// not moved: taken as one by one, their posts merged in one sort (a merge a source
    /// copies the list each time: 50 sources of 40 posts took 20 ms more). Returns false,
    /// taking nothing, where they are not all such answers.
    mutating func takeStoredTogether(_ answers: [SourceAnswer], at now: Duration) -> Bool {
        guard answers.count > 1, timeline.feed == nil, timeline.followsNewest, !showsSkeleton,
            timing.timers[.heldAnswers] == nil,
            answers.allSatisfy({ answer in
                guard case .stored = answer.outcome, answer.page == nil else { return false }
                return answer.generation == timeline.generation && timeline.sources.indices.contains(answer.source)
            })
        else { return false }
        var pages: [(source: Int, feed: Feed)] = []
        for answer in answers {
            guard case .stored(let stored) = answer.outcome else { continue }
            if let feed = takeStoredStatus(stored, of: answer.source, at: now) { pages.append((answer.source, feed)) }
        }
        if !pages.isEmpty { timeline.placeFirstPages(pages, date: answers[0].date, in: frame) }
        // No skeleton showed (the guard says so): nothing to fade from.
        endSkeletonIfDone(hadRows: false, wasSkeleton: false, at: now)
        return true
    }

    /// Answers released together (behind `r`'s skeleton, every source's): when each is a
    /// first page loaded, by a source of its own, taken as one by one would take them, their
    /// posts in one merge and the rows placed once. Nil, taking nothing, otherwise.
    mutating func takeLoadedTogether(_ held: [HeldAnswer], at now: Duration) -> [AppEffect]? {
        var pages: [(source: Int, feed: Feed)] = []
        for answer in held {
            guard answer.answer.page == nil, case .loaded(let feed) = answer.answer.outcome else { return nil }
            pages.append((answer.answer.source, feed))
        }
        guard pages.count > 1, Set(pages.map(\.source)).count == pages.count,
            let last = held.max(by: { $0.arrivedAt < $1.arrivedAt })
        else { return nil }
        let hadRows = timeline.feed != nil
        let wasSkeleton = showsSkeleton
        for (answer, page) in zip(held, pages) {
            timeline.sources[page.source].loaded(page.feed, at: answer.answer.date)
        }
        timeline.mergeFirstPages(pages, date: last.answer.date, in: frame)
        if timeline.sourcesLoading == 0 { endRound(at: now, arrivedAt: last.arrivedAt) }
        endSkeletonIfDone(hadRows: hadRows, wasSkeleton: wasSkeleton, at: now)
        return pageIfNearTheEnd(at: now)
    }

    /// Every source has answered: how long the load took (a quiet refresh leaves the
    /// figure, so that an unchanged feed draws nothing), and when the next refresh begins.
    private mutating func endRound(at now: Duration, arrivedAt: Duration) {
        if let started = timing.loadsStartedAt { timeline.lastLoadDuration = arrivedAt - started }
        timeline.restoredFrom = nil  // what is shown is the timeline.sources' own answer now
        timing.loadsStartedAt = nil
        if let interval = refreshTick, timing.timers[.refresh] == nil {
            timing.timers[.refresh] = now + interval
        }
    }
}
