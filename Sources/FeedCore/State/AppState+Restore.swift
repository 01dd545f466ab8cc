/// A start from what the store held: those posts from the first frame, with no skeleton
/// over them, then every source refreshing in place, as `--refresh` does. Skeleton rows
/// stand only for sources with nothing stored, so a first run looks as it always did.
extension AppState {
    mutating func startFromStore(_ restored: RestoredTimeline, at now: Duration) -> [AppEffect] {
        timeline.generation += 1
        let kept = restored.sources.sorted(by: { $0.key < $1.key }).filter { timeline.sources.indices.contains($0.key) }
        for (index, source) in kept {
            timeline.sources[index].loaded(source.feed, at: source.savedAt)
            timeline.read.formUnion(source.read)
            timeline.liked.formUnion(source.liked)
        }
        if !kept.isEmpty {
            timeline.placeFirstPages(
                kept.map { (source: $0.key, feed: $0.value.feed) }, date: restored.openedAt, in: frame)
        }
        timeline.restoredFrom = restored.sources.values.map(\.savedAt).min()
        restartAnimation(at: now)
        if options.offline {
            for index in timeline.sources.indices where restored.sources[index] == nil {
                timeline.sources[index].failed(.nothingStored, at: now, refreshInterval: nil)
            }
            if timeline.feed == nil { timeline.content = .failure(.nothingStored) }
            return []
        }
        timing.loadsStartedAt = now
        for index in timeline.sources.indices { timeline.sources[index].started() }
        if timeline.feed == nil { return startLoad(at: now) }
        return [.load(timeline.sources.indices.map { timeline.request(for: $0) }, generation: timeline.generation)]
    }
}
