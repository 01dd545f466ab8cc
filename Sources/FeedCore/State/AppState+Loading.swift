/// Loads: starting them, `r`, the quiet refresh, pages, and the skeleton's timing rules (no
/// flash, a minimum time once shown) with the cross-fade that follows it. The same rules
/// for one source as for many.
extension AppState {
    /// `.start` and `r`: the rows area becomes a skeleton and every source loads.
    mutating func startLoad(at now: Duration) -> [AppEffect] {
        timeline.generation += 1
        timeline.isLoading = true
        timeline.fadeStart = nil
        timing.loadStartedAt = now
        timing.loadsStartedAt = now
        timing.skeletonVisible = false
        // Accessible: no skeleton ever shows; the status line says what is loading.
        timing.timers[.skeletonShows] = options.accessible ? nil : now + SkeletonTiming.showDelay
        timing.timers[.rowsFade] = nil
        timing.timers[.refresh] = nil
        timing.held = []
        timing.timers[.heldAnswers] = nil
        for index in timeline.sources.indices {
            timeline.sources[index].started()
            // Pages running are cancelled with the rest; a failed one is tried again later.
            timeline.sources[index].page = .idle
        }
        restartAnimation(at: now)
        // Offline, the store's answers are all the sources have; a saved search is one.
        let requests = timeline.sources.indices.filter { !options.offline || timeline.sources[$0].isSavedSearch }
            .map { timeline.request(for: $0) }
        guard !requests.isEmpty else { return [] }
        return [.cancelLoads, .load(requests, generation: timeline.generation)]
    }

    /// `r`: from rows (or an error) to a reload behind the skeleton; from a reload back to
    /// the rows it hid, with whatever had answered meanwhile.
    mutating func toggleLoading(at now: Duration) -> [AppEffect] {
        guard timeline.isLoading else { return startLoad(at: now) }
        // With no rows to go back to, keep loading: cancelling would leave nothing.
        guard timeline.feed != nil else { return [] }
        timeline.generation += 1
        timeline.isLoading = false
        for index in timeline.sources.indices where timeline.sources[index].isLoading {
            timeline.sources[index].isLoading = false
            timeline.sources[index].progress = nil
        }
        // Answers are never thrown away once they came: the conditional request that
        // brought them will not bring them again.
        let held = timing.held
        timing.held = []
        timing.timers[.heldAnswers] = nil
        var effects: [AppEffect] = [.cancelLoads]
        for answer in held { effects += merge(answer.answer, at: now, arrivedAt: answer.arrivedAt) }
        return effects
    }

    /// How often the refresh looks for sources due: the shortest interval of `--refresh`
    /// (or the subscriptions file's) and the sources' own `refresh=`; nil when none has one.
    var refreshTick: Duration? {
        (timeline.sources.compactMap(\.refreshInterval) + [options.refreshInterval].compactMap { $0 }).min()
    }

    /// The refresh: the sources due (by their interval, their server's floor and any
    /// back-off) that are not loading and not held back reload, quietly, their rows staying.
    mutating func refresh(at now: Duration) -> [AppEffect] {
        guard let tick = refreshTick, !options.offline else { return [] }
        timing.timers[.refresh] = now + tick
        guard !timeline.isLoading else { return [] }
        let due = timeline.sources.indices.filter {
            timeline.sources[$0].isDue(at: now, runInterval: options.refreshInterval)
        }
        guard !due.isEmpty else { return [] }
        for index in due {
            let source = timeline.sources[index]
            timeline.sources[index].refreshDue = now + (source.refreshInterval ?? options.refreshInterval ?? tick)
            timeline.sources[index].started()
        }
        return [.load(due.map { timeline.request(for: $0) }, generation: timeline.generation)]
    }

    /// Takes a source's answer. Behind `r`'s skeleton, answers wait until every source has
    /// answered, so that the skeleton keeps the rows' shape until they come back. An answer
    /// that would take away a skeleton shown for less than its minimum time is held until
    /// then, with every answer after it, in order. Posts that leave skeleton rows standing
    /// for the rest (a body still arriving, other sources) end nothing: they come at once.
    mutating func receive(_ answer: SourceAnswer, at now: Duration) -> [AppEffect] {
        guard answer.generation == timeline.generation, timeline.sources.indices.contains(answer.source) else {
            return []
        }
        if timeline.isLoading, timeline.feed != nil {
            // A reload: the rows behind the skeleton stay as they were until all are in.
            if case .partial = answer.outcome { return [] }
            guard answer.page == nil else { return [] }
            timeline.sources[answer.source].isLoading = false
            timing.held.append(HeldAnswer(answer: answer, arrivedAt: now))
            guard timeline.sourcesLoading == 0 else { return [] }
            return hold(until: reveal(arrivedAt: now), at: now)
        }
        if timing.timers[.heldAnswers] != nil {
            timing.held.append(HeldAnswer(answer: answer, arrivedAt: now))
            return []
        }
        // Only while a skeleton is short of its time can an answer be held: then it is tried
        // on a copy first (a copy that, for a big feed, would hold the old posts meanwhile).
        guard showsSkeleton, reveal(arrivedAt: now) > now else { return merge(answer, at: now, arrivedAt: now) }
        var taken = self
        let effects = taken.merge(answer, at: now, arrivedAt: now)
        if !taken.drawsSkeleton {
            timing.held = [HeldAnswer(answer: answer, arrivedAt: now)]
            return hold(until: reveal(arrivedAt: now), at: now)
        }
        self = taken
        return effects
    }

    /// When the skeleton may go, for a result arriving at `now`: at once if it never
    /// showed, else once it has shown its minimum time.
    private func reveal(arrivedAt now: Duration) -> Duration {
        guard let start = timing.loadStartedAt else { return now }
        return start + SkeletonTiming.reveal(arrivedAt: now - start)
    }

    /// The answers held so far come in at `instant`; now if that has come.
    private mutating func hold(until instant: Duration, at now: Duration) -> [AppEffect] {
        timing.timers[.heldAnswers] = instant
        return instant <= now ? releaseHeld(at: now) : []
    }

    /// The held answers, in the order they came.
    mutating func releaseHeld(at instant: Duration) -> [AppEffect] {
        let held = timing.held
        timing.held = []
        timing.timers[.heldAnswers] = nil
        if let effects = takeLoadedTogether(held, at: instant) { return effects }
        // The round ends with the last of them to arrive, whichever is taken first.
        let lastArrival = held.map(\.arrivedAt).max() ?? instant
        var effects: [AppEffect] = []
        for answer in held { effects += merge(answer.answer, at: instant, arrivedAt: lastArrival) }
        return effects
    }

    /// Rows replaced skeleton cells that were on screen: they fade in, from post
    /// `firstRow` on, where the animation style fades.
    mutating func startCrossFade(firstRow: Int, at now: Duration) {
        guard CrossFade.applies(to: options.animation) else { return }
        // Pages landing during another's fade: the fade starts again from the first of them.
        timeline.fadeFirstRow = timing.timers[.rowsFade] == nil ? firstRow : min(timeline.fadeFirstRow, firstRow)
        timeline.fadeStart = animationTime(at: now)
        timing.timers[.rowsFade] = (timing.pausedAt ?? now) + CrossFade.duration
    }

    /// The shimmer starts from its beginning (a paused one stays paused, at its start).
    mutating func restartAnimation(at now: Duration) {
        timing.animationOrigin = now
        if timing.pausedAt != nil { timing.pausedAt = now }
    }

    /// When the selection is within a screen of the end, the next page of every source
    /// that links one (and is not loading) loads.
    mutating func pageIfNearTheEnd(at now: Duration) -> [AppEffect] {
        let shown = timeline.shownPosts
        guard options.loadsMorePages, !options.offline, timeline.search == nil, !timeline.isLoading,
            timeline.feed != nil, !shown.isEmpty
        else { return [] }
        // In a scope, its sources' pages.
        let pageable = timeline.sources.indices.filter { index in
            timeline.sources[index].nextPage != nil && timeline.sources[index].page == .idle
                && !timeline.sources[index].isLoading && timeline.scope?.sources.contains(index) != false
        }
        guard !pageable.isEmpty else { return [] }
        let rowsOnScreen = max(1, viewport.placements(from: timeline.scroll).count)
        guard shown.count - timeline.selected <= rowsOnScreen else { return [] }
        // At the end of the list, the skeleton rows of the pages come into view.
        let view = viewport
        let last = shown.count - 1
        let wasAtEnd = view.top(of: last, from: timeline.scroll) + view.layout(at: last).height <= view.height
        for index in pageable { timeline.sources[index].page = .loading }
        if wasAtEnd { timeline.scroll = max(timeline.scroll, viewport.lastPosition) }
        if timing.timers[.rowsFade] == nil { restartAnimation(at: now) }
        let requests = pageable.map { timeline.request(for: $0, page: timeline.sources[$0].nextPage) }
        return [.load(requests, generation: timeline.generation)]
    }
}

/// An answer held back, and when it came (for the "loaded in" figure).
struct HeldAnswer: Sendable {
    var answer: SourceAnswer
    var arrivedAt: Duration
}
