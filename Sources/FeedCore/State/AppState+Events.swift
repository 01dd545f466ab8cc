/// `apply`: every event, at the instant it happened. Timers are decided here from those
/// instants; `nextWake` tells the loop when it must wake if nothing else happens.
extension AppState {
    /// Applies `event` at `now` (a duration since the loop started; never earlier than an
    /// instant applied before). Returns what the loop must do.
    public mutating func apply(_ event: AppEvent, at now: Duration) -> [AppEffect] {
        let now = max(now, timing.now)
        timing.now = now
        var effects = advanceTimers(to: now)
        let referenceDate = timeline.referenceDate
        let hadPosts = timeline.feed != nil
        effects += handle(event, at: now)
        refreshSourcesView()
        takeHeldStreamed(at: now)
        announceLoading(at: now)
        let wanted = StateTimer.allCases.filter { $0.isWanted(in: self) }
        timing.timers.keep(only: wanted)
        switch event {
        case .tick, .frameDrawn: break
        default:
            timing.needsFrame = true
            if options.accessible {
                holdAges(at: hadPosts ? referenceDate : nil, after: event, now: now)
            } else {
                // Posts came ("now" is when they did), or the screen moved: the ages shown now.
                if timeline.referenceDate != referenceDate { timing.agesOrigin = now }
                timing.timers[.ages] = nextAgeChange()
            }
        }
        switch event {
        case .tick, .frameDrawn, .notice: break
        default: effects += schedulePictures(at: now)
        }
        return effects
    }

    /// Applies `event` at the latest instant applied so far: for callers without a clock.
    public mutating func apply(_ event: AppEvent) -> [AppEffect] {
        apply(event, at: timing.now)
    }

    /// This state as it is at `instant`: its timers due by then fired (the skeleton's show
    /// delay, a cross-fade's end), for a frame of it then.
    public func advanced(to instant: Duration) -> AppState {
        var state = self
        _ = state.apply(.tick, at: instant)
        return state
    }

    /// Whether a frame is due at `now`: something changed, or an animation's next frame.
    public func frameDue(at now: Duration) -> Bool {
        if timing.needsFrame { return true }
        guard isAnimating, let last = timing.lastFrameAt else { return isAnimating }
        return now >= nextAnimationFrame(after: last)
    }

    /// When the animation next changes the screen after a frame drawn at `last`: a frame
    /// interval on, or, while the band rests between sweeps (and nothing else moves),
    /// when the rest ends.
    private func nextAnimationFrame(after last: Duration) -> Duration {
        let next = last + options.frameInterval
        guard timing.timers[.rowsFade] == nil, timing.pausedAt == nil,
            let restEnd = shimmer.restEnd(after: animationTime(at: last))
        else { return next }
        return max(next, timing.animationOrigin + restEnd)
    }

    /// When the loop must wake with nothing else happening: the next frame, or the earliest
    /// timer. Nil: not until input.
    public func nextWake(after now: Duration) -> Duration? {
        if timing.needsFrame { return now }
        let frame = isAnimating ? timing.lastFrameAt.map(nextAnimationFrame) ?? now : nil
        let timer = timing.timers.earliest(paused: timing.pausedAt != nil)
        return [frame, timer].compactMap { $0 }.min()
    }

    /// The instant the first age on the screen next reads otherwise.
    func nextAgeChange() -> Duration? {
        timeline.nextAgeChange(in: frame).map { change in
            timing.agesOrigin + .seconds(change.timeIntervalSince(timeline.referenceDate))
        }
    }

    /// The shimmer's time at `now`, for `FeedRenderer.render`.
    public func animationTime(at now: Duration) -> Duration {
        timing.animationTime(at: now)
    }

    /// Whether frames change by themselves: a skeleton on the screen that moves, or a
    /// cross-fade; never while paused.
    public var isAnimating: Bool {
        // A view pushed over the timeline hides the timeline's skeleton and fades; its own
        // skeleton, and marks in flight, move.
        guard !isPaused, !showingHelp else { return false }
        if let top = views.top { return (top.isAnimating || actions.inFlight > 0) && shimmer.isAnimated }
        return ((drawsSkeleton || pictures.shimmering > 0 || actions.inFlight > 0) && shimmer.isAnimated)
            || timing.timers[.rowsFade] != nil
            || timing.timers[.picturesFade] != nil
    }

    /// Fires the timers due by `now`, in the table's order.
    private mutating func advanceTimers(to now: Duration) -> [AppEffect] {
        var effects: [AppEffect] = []
        for (timer, deadline) in timing.timers.takeDue(at: now, paused: timing.pausedAt != nil) {
            effects += timer.fire(&self, deadline: deadline, now: now)
            timing.needsFrame = true
        }
        return effects
    }

    /// Answers of one instant. Posts arriving during a search: the selection stays on its
    /// post among the results.
    private mutating func deliver(_ answers: [SourceAnswer], at now: Duration) -> [AppEffect] {
        let searchedSelection = timeline.search != nil ? timeline.selectedPost?.id : nil
        let newAboveBefore = timeline.newAbove
        var effects: [AppEffect] = []
        if !takeStoredTogether(answers, at: now) {
            for answer in answers { effects += receive(answer, at: now) }
        }
        if timeline.search != nil {
            timeline.newAbove = newAboveBefore
            timeline.refreshSearch(keeping: searchedSelection, in: frame)
        }
        // What arrives changes the count of the unread; part of a document is counted
        // once it is whole.
        if answers.contains(where: { if case .partial = $0.outcome { false } else { true } }) {
            timeline.recountUnread(in: frame)
        }
        timeline.noteOnScreen(in: frame)
        return effects
    }

    /// The event to the part that owns it.
    private mutating func handle(_ event: AppEvent, at now: Duration) -> [AppEffect] {
        let frame = frame
        switch event {
        case .start:
            return startLoad(at: now)
        case .resize(let newSize):
            resize(to: newSize)
            timeline.noteOnScreen(in: self.frame)
            return []
        case .answer(let answer):
            return deliver([answer], at: now) + resendWaiting(after: [answer]) + applyReadMarkers()
        case .answers(let answers):
            return deliver(answers, at: now) + resendWaiting(after: answers) + applyReadMarkers()
        case .actionAnswered(let answer):
            return settle(answer)
        case .streamed(let source, let event):
            receiveLive(event, from: source, at: now)
            return applyReadMarkers()
        case .readMarker(let source, let lastReadID):
            return takeReadMarker(lastReadID, source: source)
        case .voted(let request, let outcome):
            settleVote(outcome, request: request)
            return []
        case .posting(let id, let posting):
            return follow(posting, id: id)
        case .threadLoaded(let request, let outcome):
            views.deliverThread(outcome, request: request)
            return []
        case .notificationsLoaded(let request, let outcome):
            return takeNotifications(outcome, request: request)
        case .notificationsUnread(let count):
            notificationsUnread = count
            return []
        case .signal(let number):
            return [.cancelLoads, .quit(exitCode: 128 + number)]
        case .notice(let text):
            notices.say(text)
            return []
        case .tick:
            return []
        case .frameDrawn:
            timing.lastFrameAt = now
            timing.needsFrame = false
            return []
        case .storeMatches(let matches, let query):
            timeline.takeStoreMatches(matches, for: query, in: frame)
            return []
        case .picture(let url, let outcome):
            receivePicture(url, outcome, at: now)
            return []
        case .key(let key):
            let selected = timeline.selectedPost?.id
            // Read marks: a key may move posts above the screen.
            let effects = press(key, at: now) + timeline.readScrolledPast(in: self.frame)
            // Another post in the reading pane starts at its top.
            if timeline.selectedPost?.id != selected { timeline.paneScrolled = nil }
            return effects
        }
    }

    /// `p`: holds the animation where it is, and resumes it.
    mutating func togglePause(at now: Duration) {
        isPaused.toggle()
        if isPaused { freezeAnimation(at: now) } else { thawAnimation(at: now) }
    }

    /// `?`: the help overlay holds the animation behind it at the last frame drawn, so
    /// that opening it writes the overlay and nothing else, however slow the terminal.
    mutating func showHelp(at now: Duration) {
        showingHelp = true
        freezeAnimation(at: timing.lastFrameAt ?? now)
    }

    mutating func closeHelp(at now: Duration) {
        showingHelp = false
        thawAnimation(at: now)
    }

    private mutating func freezeAnimation(at instant: Duration) {
        if timing.pausedAt == nil { timing.pausedAt = instant }
    }

    /// Resumes unless something else still holds it; its origin (and a running
    /// cross-fade's end) move on by the time held.
    private mutating func thawAnimation(at now: Duration) {
        guard !isPaused, !showingHelp, let pausedAt = timing.pausedAt else { return }
        timing.animationOrigin += now - pausedAt
        timing.timers.resume(after: now - pausedAt)
        timing.pausedAt = nil
    }
}
