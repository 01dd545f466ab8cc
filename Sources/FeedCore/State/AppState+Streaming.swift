/// Events a source streams, to the timeline; notifications counted for the status line. New
/// statuses fade in as loaded rows do; events that come while the rows load wait for them.
extension AppState {
    /// The most events kept while the rows load: past it, the oldest go (the stream's next
    /// gap fetch, or the load itself, has them).
    static let streamedWhileLoadingLimit = 1_000

    mutating func take(_ event: StreamingEvent, from source: Int, at now: Duration) {
        guard timeline.sources.indices.contains(source) else { return }
        guard !timeline.isLoading else {
            timeline.streamedWhileLoading.append((source, event))
            let excess = timeline.streamedWhileLoading.count - Self.streamedWhileLoadingLimit
            if excess > 0 { timeline.streamedWhileLoading.removeFirst(excess) }
            return
        }
        let frame = frame
        switch event {
        case .update(let post), .edited(let post):
            let fresh = timeline.takeStreamed([post], of: source, in: frame)
            timeline.recountUnread(in: frame)
            if !fresh.isEmpty { fadeInStreamed(fresh, at: now) }
        case .delete(let statusID):
            timeline.removeStreamed(statusID, of: source, in: frame)
            timeline.recountUnread(in: frame)
        case .notification(let row):
            notificationsUnread += 1
            if let row { views.takeNotification(row, source: source) }
        case .other:
            break
        }
        timeline.noteOnScreen(in: frame)
    }

    /// The events that waited for the rows, taken now that they are there.
    mutating func takeStreamedWhileLoading(at now: Duration) {
        guard !timeline.isLoading, !timeline.streamedWhileLoading.isEmpty else { return }
        let waiting = timeline.streamedWhileLoading
        timeline.streamedWhileLoading = []
        for (source, event) in waiting { take(event, from: source, at: now) }
    }

    /// New rows fade in from the skeleton's grey, where the animation style fades.
    private mutating func fadeInStreamed(_ posts: Set<PostID>, at now: Duration) {
        guard CrossFade.applies(to: options.animation) else { return }
        let running = timing.timers[.rowsFade] != nil && timeline.streamedFadeStart != nil
        timeline.streamedFade = running ? timeline.streamedFade.union(posts) : posts
        timeline.streamedFadeStart = animationTime(at: now)
        timing.timers[.rowsFade] = max(
            timing.timers[.rowsFade] ?? .zero, (timing.pausedAt ?? now) + CrossFade.duration)
    }
}
