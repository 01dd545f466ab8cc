/// The state's timers, one entry each: when it fires (its deadline, in the table), what it
/// does then (`fire`), whether a pause holds it (`pauses`), and while it is wanted at all
/// (`isWanted`). The loop's next wake is the table's earliest deadline, so a timer cannot
/// be slept through; adding a timer is adding a case here and nothing anywhere else.
enum StateTimer: CaseIterable, Sendable {
    /// A load's skeleton is drawn once its show delay has passed.
    case skeletonShows
    /// Answers held back so that a skeleton stays its minimum time come in.
    case heldAnswers
    /// The rows' cross-fade ends.
    case rowsFade
    /// The last picture to arrive has faded in.
    case picturesFade
    /// `--refresh`: the sources reload.
    case refresh
    /// An age on the screen ("3m") reads otherwise: "now" moves on for every row.
    case ages
    /// `--accessible`: the status line may say the count of sources loading again.
    case announceLoading

    /// Whether a pause (`p`, the help overlay) holds it: its deadline moves on by the time
    /// held. The fades are part of the animation; loads and the clock's rules are not.
    var pauses: Bool {
        switch self {
        case .rowsFade, .picturesFade: true
        case .skeletonShows, .heldAnswers, .refresh, .ages, .announceLoading: false
        }
    }

    /// Whether it still has something to do in `state`; after every event, a timer that
    /// has not is taken out, so that the loop does not wake for it.
    func isWanted(in state: AppState) -> Bool {
        switch self {
        case .skeletonShows: state.timeline.isLoading
        case .announceLoading: state.timing.announcedLoading != state.sourcesStillLoading
        case .heldAnswers, .rowsFade, .picturesFade, .refresh, .ages: true
        }
    }

    /// What it does when it fires: due at `deadline`, noticed at `now`.
    func fire(_ state: inout AppState, deadline: Duration, now: Duration) -> [AppEffect] {
        switch self {
        case .skeletonShows:
            // Never fires after its load ended: `isWanted` takes it out.
            state.timing.skeletonVisible = true
        case .heldAnswers:
            return state.releaseHeld(at: deadline)
        case .rowsFade:
            state.timeline.fadeStart = nil
            state.timeline.streamedFade = []
            state.timeline.streamedFadeStart = nil
        case .picturesFade:
            break
        case .refresh:
            return state.refresh(at: now)
        case .ages:
            state.timeline.age(by: now - state.timing.agesOrigin)
            state.timing.agesOrigin = now
            state.timing.timers[.ages] = state.nextAgeChange()
        case .announceLoading:
            state.announceLoading(at: now)
        }
        return []
    }
}

/// The deadlines of the timers running.
public struct TimerTable: Sendable {
    private var deadlines: [StateTimer: Duration] = [:]

    subscript(timer: StateTimer) -> Duration? {
        get { deadlines[timer] }
        set { deadlines[timer] = newValue }
    }

    /// The earliest deadline; while paused, of the timers a pause does not hold.
    func earliest(paused: Bool) -> Duration? {
        deadlines.filter { !(paused && $0.key.pauses) }.values.min()
    }

    /// The timers due by `now`, in the table's order, each taken out of it.
    mutating func takeDue(at now: Duration, paused: Bool) -> [(timer: StateTimer, deadline: Duration)] {
        StateTimer.allCases.compactMap { timer in
            guard let deadline = deadlines[timer], deadline <= now, !(paused && timer.pauses) else { return nil }
            deadlines[timer] = nil
            return (timer, deadline)
        }
    }

    /// Takes out every timer but `wanted`.
    mutating func keep(only wanted: [StateTimer]) {
        for timer in StateTimer.allCases where !wanted.contains(timer) { deadlines[timer] = nil }
    }

    /// A pause of `held` ended: the timers it held move on by it.
    mutating func resume(after held: Duration) {
        for timer in StateTimer.allCases where timer.pauses { deadlines[timer] = deadlines[timer].map { $0 + held } }
    }
}
