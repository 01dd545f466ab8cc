/// Events a source streams, to the timeline; notifications counted for the status line. New
/// statuses fade in as loaded rows do. Events wait while the rows load, and while a post of
/// the reader's is being sent: the stream may bring that post before its own answer does,
/// and it would come in as someone else's new status.
extension AppState {
    /// The most events held: past it, the oldest go (the stream's next gap fetch, or the
    /// load itself, has them).
    static let heldStreamedLimit = 1_000

    mutating func receiveLive(_ event: StreamingEvent, from source: Int, at now: Duration) {
        guard timeline.sources.indices.contains(source) else { return }
        guard !holdsStreamed else {
            timeline.heldStreamed.append((source, event))
            let excess = timeline.heldStreamed.count - Self.heldStreamedLimit
            if excess > 0 { timeline.heldStreamed.removeFirst(excess) }
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

    /// Whether streamed events wait: while the rows load or a post is being sent.
    var holdsStreamed: Bool { timeline.isLoading || !timeline.outgoing.isEmpty }

    /// The events that waited, taken once nothing holds them.
    mutating func takeHeldStreamed(at now: Duration) {
        guard !holdsStreamed, !timeline.heldStreamed.isEmpty else { return }
        let waiting = timeline.heldStreamed
        timeline.heldStreamed = []
        for (source, event) in waiting { receiveLive(event, from: source, at: now) }
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
