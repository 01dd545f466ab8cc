/// A start from what the store held: those posts from the first frame, with no skeleton
/// over them, then every source refreshing in place, as `--refresh` does. Skeleton rows
/// stand only for sources with nothing stored, so a first run looks as it always did.
extension AppState {
    mutating func startFromStore(_ restored: RestoredTimeline, at now: Duration) -> [AppEffect] {
        generation += 1
        let kept = restored.sources.sorted(by: { $0.key < $1.key }).filter { sources.indices.contains($0.key) }
        for (index, source) in kept {
            sources[index].loaded(source.feed, at: source.savedAt)
            read.formUnion(source.read)
            liked.formUnion(source.liked)
        }
        if !kept.isEmpty {
            placeFirstPages(kept.map { (source: $0.key, feed: $0.value.feed) }, date: restored.openedAt)
        }
        restoredFrom = restored.sources.values.map(\.savedAt).min()
        restartAnimation(at: now)
        if options.offline {
            for index in sources.indices where restored.sources[index] == nil {
                sources[index].failed(.nothingStored, at: now, refreshInterval: nil)
            }
            if feed == nil { content = .failure(.nothingStored) }
            return []
        }
        timing.loadsStartedAt = now
        for index in sources.indices { sources[index].started() }
        if feed == nil { return startLoad(at: now) }
        return [.load(sources.indices.map { request(for: $0) }, generation: generation)]
    }
}
