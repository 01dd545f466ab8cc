import FoundationEssentials

/// Loads and pages: starting, cancelling, and taking results, with the skeleton's timing
/// rules (no flash, a minimum time once shown) and the cross-fade that follows it.
extension AppState {
    /// Takes a load's event. A result that would end a skeleton shown for less than its
    /// minimum time is held until then, and every load event after it, in order. Posts
    /// that arrive while skeleton rows stay for the rest (a body still arriving, a
    /// timeline's other sources) end nothing: they take their rows at once.
    mutating func receive(_ event: AppEvent, at now: Duration) -> [AppEffect] {
        if timing.heldUntil != nil {
            timing.held.append(event)
            return []
        }
        if let loadGeneration = skeletonEnder(event) {
            if isLoading, loadGeneration == generation, let start = timing.loadStartedAt {
                let arrival = now - start
                let reveal = SkeletonTiming.reveal(arrivedAt: arrival)
                if reveal > arrival {
                    timing.heldUntil = start + reveal
                    timing.held = [event]
                    return []
                }
            }
        }
        return take(event, at: now)
    }

    /// The generation of a load event that would take the whole skeleton away; nil for
    /// one that leaves skeleton rows standing for posts still to come.
    private func skeletonEnder(_ event: AppEvent) -> Int? {
        switch event {
        case .loaded(let loadGeneration, _, _, _):
            return loadGeneration
        case .progress(let loadGeneration, .some, _, let total, _):
            return total == 0 ? nil : loadGeneration
        case .sourceLoaded(let loadGeneration, let index, .success, _):
            let othersDone = sources.indices.allSatisfy { $0 == index || !sources[$0].isLoading }
            return othersDone ? loadGeneration : nil
        default:
            return nil
        }
    }

    private mutating func take(_ event: AppEvent, at now: Duration) -> [AppEffect] {
        switch event {
        case .loaded(let loadGeneration, let result, let duration, let date):
            // Stale (a load since cancelled or replaced): dropped.
            guard isLoading || decoding != nil, loadGeneration == generation else { return [] }
            let replacesSkeleton = showsSkeleton
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
                if replacesSkeleton { startCrossFade(firstRow: 0, at: now) }
            case .failure(let error):
                content = .failure(error)
            }
            return pageIfNearTheEnd(at: now)
        case .progress(let loadGeneration, let feed, let decoded, let total, let date):
            guard isLoading || decoding != nil, loadGeneration == generation else { return [] }
            guard feed != nil || !isLoading else { return [] }  // counts alone cannot end the skeleton
            decoding = (decoded, total)
            // The first posts of a large feed show while the rest decode.
            guard let feed else { return [] }
            let previousID = selectedPost?.id
            let replacesSkeleton = showsSkeleton
            if isLoading { referenceDate = date }
            isLoading = false
            content = .feed(feed)
            restoreSelection(of: previousID)
            if replacesSkeleton { startCrossFade(firstRow: 0, at: now) }
            return []
        case .sourceLoaded(let loadGeneration, let index, let result, let date):
            guard loadGeneration == generation else { return [] }
            return takeSource(index, result: result, date: date, at: now)
        case .sourcePartial(let loadGeneration, let index, let feed):
            guard loadGeneration == generation else { return [] }
            return takeSource(index, result: .success(feed), date: Date(), at: now, partial: true)
        case .pageLoaded(let loadGeneration, let result):
            guard page == .loading, loadGeneration == generation, let current = feed else { return [] }
            switch result {
            case .success(let next):
                content = .feed(current.appending(next))
                page = .idle
                // The page's posts fade in where its skeleton rows were.
                if !next.posts.isEmpty { startCrossFade(firstRow: current.posts.count, at: now) }
                // A page that brought nothing asks for no more by itself: a server that
                // always links a next page would otherwise be asked forever.
                return next.posts.isEmpty ? [] : pageIfNearTheEnd(at: now)
            case .failure(let error):
                page = .failed(error)
                return []
            }
        default:
            return []
        }
    }

    /// Rows replaced skeleton cells that were on screen: they fade in, from post
    /// `firstRow` on, where the animation style fades.
    mutating func startCrossFade(firstRow: Int, at now: Duration) {
        guard CrossFade.applies(to: options.animation) else { return }
        fadeStart = animationTime(at: now)
        fadeFirstRow = firstRow
        timing.fadeEnd = (timing.pausedAt ?? now) + CrossFade.duration
    }

    /// `r`: from rows (or an error) to a reload; from a reload back to the rows it had.
    mutating func toggleLoading(at now: Duration) -> [AppEffect] {
        // A timeline reloads every source, its rows staying; a first load goes on.
        if isTimeline { return feed == nil && isLoading ? [] : startTimelineLoad(at: now) }
        guard isLoading else { return startLoad(at: now) }  // from rows, a failed page or a decode
        // With no rows to go back to, keep loading: cancelling would leave nothing.
        guard feed != nil else { return [] }
        isLoading = false
        generation += 1
        return [.cancelLoad]
    }

    mutating func startLoad(at now: Duration) -> [AppEffect] {
        isLoading = true
        fadeStart = nil
        decoding = nil
        page = .idle
        generation += 1
        timing.loadStartedAt = now
        timing.skeletonVisible = false
        timing.fadeEnd = nil
        restartAnimation(at: now)
        return [.startLoad(generation: generation)]
    }

    /// The shimmer starts from its beginning (a paused one stays paused, at its start).
    mutating func restartAnimation(at now: Duration) {
        timing.animationOrigin = now
        if timing.pausedAt != nil { timing.pausedAt = now }
    }

    /// Asks for the next page when the selection is within a screen of the end.
    mutating func pageIfNearTheEnd(at now: Duration) -> [AppEffect] {
        guard options.loadsMorePages, page == .idle, decoding == nil, !isLoading, let feed, let next = feed.nextPage
        else { return [] }
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
        if timing.fadeEnd == nil { restartAnimation(at: now) }
        return [.loadPage(url: next, generation: generation)]
    }
}
