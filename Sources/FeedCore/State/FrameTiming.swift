/// The state's clocks: when the current load began, whether the skeleton is visible,
/// results held back so that a skeleton stays its minimum time, the timers running, the
/// pause, and the last frame. Instants are durations since the loop started; the
/// loop hands them in with every event, so a test can hand in any it likes.
public struct FrameTiming: Sendable {
    /// The latest instant an event came with.
    public internal(set) var now: Duration = .zero
    /// When the current load began; the show delay and the minimum time count from it.
    public internal(set) var loadStartedAt: Duration?
    /// The shimmer's time zero: the start of the load or page load, moved on by the time
    /// paused since.
    public internal(set) var animationOrigin: Duration = .zero
    /// When `p` paused the animation.
    public internal(set) var pausedAt: Duration?
    /// Whether this load's skeleton is past its show delay.
    public internal(set) var skeletonVisible = false
    /// Answers held back: behind `r`'s skeleton until every source has answered, or until
    /// the skeleton has shown its minimum time; and when they may come in.
    var held: [HeldAnswer] = []
    /// Every deadline: the skeleton's show delay, the held answers' release, the fades'
    /// ends, the next refresh.
    public internal(set) var timers = TimerTable()
    /// When the last frame was drawn; nil before the first.
    public internal(set) var lastFrameAt: Duration?
    /// When the load of every source (`.start`, `r`) began, for the status line's "loaded
    /// in"; nil once all have answered.
    public internal(set) var loadsStartedAt: Duration?
    /// The instant at which the timeline's reference date was the time: the rows' ages
    /// count from it.
    var agesOrigin: Duration = .zero
    /// `--accessible`: the count of sources loading that the status line says, and when it
    /// last said a new one (it says one at most once a second).
    public internal(set) var announcedLoading = 0
    var announcedAt: Duration?
    /// Something changed since the last frame.
    public internal(set) var needsFrame = true

    /// The shimmer's time at `instant`: from its origin, less the time spent paused.
    public func animationTime(at instant: Duration) -> Duration {
        (pausedAt ?? instant) - animationOrigin
    }
}
