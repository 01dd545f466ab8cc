import FoundationEssentials

/// A timeline of several sources: each loads on its own, its posts merge into the rest as
/// it answers, and the selected post keeps its line on the screen whatever arrives.
extension AppState {
    /// `.start` and `r`: every source loads. The first time, behind the skeleton; after
    /// that, the rows stay while they reload.
    mutating func startTimelineLoad(at now: Duration) -> [AppEffect] {
        generation += 1
        for index in sources.indices { sources[index].phase = .loading }
        timing.sourcesStartedAt = now
        timing.nextRefresh = nil
        if feed == nil {
            isLoading = true
            fadeStart = nil
            timing.loadStartedAt = now
            timing.skeletonVisible = false
            timing.fadeEnd = nil
            restartAnimation(at: now)
        }
        return [.cancelLoad, .loadSources(Array(sources.indices), generation: generation)]
    }

    /// `--refresh`: the sources that are not loading and not held back reload, quietly.
    mutating func refreshTimeline(at now: Duration) -> [AppEffect] {
        guard let interval = options.refreshInterval else { return [] }
        timing.nextRefresh = now + interval
        let due = sources.indices.filter { index in
            !sources[index].isLoading && (sources[index].notBefore.map { $0 <= now } ?? true)
        }
        guard !due.isEmpty else { return [] }
        for index in due { sources[index].phase = .loading }
        timing.sourcesStartedAt = now
        return [.loadSources(due, generation: generation)]
    }

    /// Source `index` answered: its posts replace the ones it had, merged into the rest.
    /// `partial`: the posts of its body so far; it goes on loading.
    mutating func takeSource(
        _ index: Int, result: Result<Feed, Failure>, date: Date, at now: Duration, partial: Bool = false
    ) -> [AppEffect] {
        guard sources.indices.contains(index), sources[index].isLoading else { return [] }
        // A refresh's body in parts would take the source's other posts away meanwhile.
        if partial, sources[index].hasLoaded { return [] }
        var status = sources[index]
        var arrived: [Post]?
        switch result {
        case .success(let loaded):
            status.phase = .loaded
            if !status.named, let title = loaded.title, !title.isEmpty { status.name = title }
            let source = PostSource(index: index, name: status.name)
            arrived = loaded.posts.map { post in
                var post = post
                // Two feeds may both have a post "1": ids are made unique per source.
                post.id = .string("\(index)/\(post.id)")
                post.source = source
                return post
            }
            if partial {
                status.phase = .loading
            } else {
                status.succeeded(at: date)
            }
        case .failure(.notModified):
            status.phase = .loaded
            status.succeeded(at: date)
        case .failure(let failure):
            status.phase = .failed(failure)
            status.failures += 1
            if let interval = options.refreshInterval {
                var retryAfter: Duration?
                if case .retryLater(_, _, _, let seconds) = failure { retryAfter = .seconds(seconds) }
                status.notBefore =
                    now
                    + SourceStatus.backOff(
                        interval: interval, failures: status.failures, retryAfter: retryAfter)
            }
        }
        sources[index] = status
        if !sources.contains(where: \.isLoading) {
            lastLoadDuration = timing.sourcesStartedAt.map { now - $0 }
            if let interval = options.refreshInterval, timing.nextRefresh == nil { timing.nextRefresh = now + interval }
        }
        guard let arrived else {
            // Nothing new: but a first load where every source failed or was empty ends.
            if isLoading, !sources.contains(where: \.isLoading) {
                isLoading = false
                let failure = sources.compactMap(\.failure).first
                content = failure.map { .failure($0) } ?? .feed(Feed(posts: []))
            }
            return []
        }
        let before = feed?.posts ?? []
        let merged = TimelineMerge.replacing(source: index, in: before, with: arrived, owners: &timelineOwners)
        referenceDate = date
        if isLoading || followsNewest {
            // The first rows replace the skeleton; until the reader moves, the newest
            // stay in view as the rest arrive.
            let replacesSkeleton = showsSkeleton
            isLoading = false
            content = .feed(Feed(posts: merged))
            selected = 0
            scroll = .start
            if replacesSkeleton { startCrossFade(firstRow: 0, at: now) }
            return []
        }
        keepSelectionInPlace(replacingWith: merged, before: before)
        return []
    }

    /// The timeline becomes `merged`; the selected post stays on the line it was on, and
    /// the new posts that went above it are counted for the "▲ new" marker.
    private mutating func keepSelectionInPlace(replacingWith merged: [Post], before: [Post]) {
        let anchor = selectedPost
        let anchorTop = anchor == nil ? 0 : viewport.top(of: selected, from: scroll)
        content = .feed(Feed(posts: merged))
        guard !merged.isEmpty else {
            selected = 0
            scroll = .start
            return
        }
        guard let anchor, let index = merged.firstIndex(where: { $0.id == anchor.id }) else {
            selected = min(selected, merged.count - 1)
            scroll = viewport.revealing(selected, from: min(scroll, viewport.lastPosition))
            return
        }
        selected = index
        scroll = viewport.scrolled(ScrollPosition(row: index), by: -anchorTop)
        let known = Set(before.map(\.id))
        newAbove += merged[..<index].count { !known.contains($0.id) }
        if scroll == .start { newAbove = 0 }
    }

    /// Sources still loading that have shown nothing yet: the ones skeleton rows stand for.
    public var sourcesAwaited: Int {
        sources.count { $0.isLoading && !$0.hasLoaded && $0.failure == nil }
    }
}

extension SourceStatus {
    mutating func succeeded(at date: Date) {
        lastSuccess = date
        failures = 0
        notBefore = nil
    }
}
