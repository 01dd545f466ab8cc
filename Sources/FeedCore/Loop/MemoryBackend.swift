import Dispatch

/// A terminal in memory, for tests: it keeps every frame presented and plays a script of
/// inputs, each sent once a condition on the screen holds. With a `ManualClock` it moves
/// time on instead of waiting: a wait with a timeout advances the clock by it (stopping
/// where a sleeping loader is due, and then waiting for that loader's result), so the
/// run loop's timing is exact and takes no real time.
@MainActor
public final class MemoryBackend: TerminalBackend {
    public struct Step {
        public var until: (ScreenBuffer) -> Bool
        public var send: [InputEvent]

        public init(until: @escaping (ScreenBuffer) -> Bool, send: [InputEvent]) {
            self.until = until
            self.send = send
        }
    }

    /// Something the test does at an instant of the manual clock (a gated load let go):
    /// the clock stops there, runs it, and waits for the one result it causes.
    public struct Scheduled {
        public var at: Duration
        public var run: () -> Void

        public init(at: Duration, run: @escaping () -> Void) {
            self.at = at
            self.run = run
        }
    }

    public var size: TerminalSize
    public private(set) var frames: [ScreenBuffer] = []
    /// The runs each frame wrote: what a terminal would have been sent.
    public private(set) var writes: [[FrameDiff.Run]] = []
    public private(set) var invalidations = 0
    /// The timeout of every wait, in order: nil means the loop blocked until input.
    public private(set) var waits: [Duration?] = []
    /// When each frame was presented, by the manual clock.
    public private(set) var frameTimes: [Duration] = []
    /// Set when the script could not go on within `deadline`.
    public private(set) var timedOut = false
    /// Whether a load the loop started has yet to end; with a manual clock, time waits
    /// for such a load to go to sleep on the clock (its task may start late on a busy
    /// machine) instead of running ahead of it.
    public var loadInFlight: (() -> Bool)?
    private var script: [Step]
    private var schedule: [Scheduled]
    private let deadline: Duration
    private let clock: ManualClock?
    private var waited: Duration = .zero
    private var shown: ScreenBuffer?
    private let signal = DispatchSemaphore(value: 0)

    public init(
        size: TerminalSize, script: [Step], clock: ManualClock? = nil, schedule: [Scheduled] = [],
        deadline: Duration = .seconds(10)
    ) {
        self.size = size
        self.script = script
        self.schedule = schedule.sorted { $0.at < $1.at }
        self.clock = clock
        self.deadline = deadline
    }

    public var lastFrame: ScreenBuffer? { frames.last }

    public func present(_ frame: ScreenBuffer) {
        writes.append(FrameDiff.runs(from: shown, to: frame))
        shown = frame
        frames.append(frame)
        frameTimes.append(clock?.now ?? .zero)
    }

    public func invalidate() {
        invalidations += 1
        shown = nil
    }

    public func waitForInput(timeout: Duration?) -> [InputEvent] {
        waits.append(timeout)
        // A load's result waiting in the inbox: back to the loop at once.
        if signal.wait(timeout: .now()) == .success { return [] }
        if let step = script.first, let frame = frames.last, step.until(frame) {
            script.removeFirst()
            for case .resize(let newSize) in step.send { size = newSize }
            return step.send
        }
        if let clock { return advance(clock, by: timeout) }
        if waited >= deadline { return giveUp() }
        // Wait for a wake (a load result) or the timeout, in slices so the script is
        // checked again after every frame.
        let slice = min(timeout ?? .milliseconds(20), .milliseconds(20))
        _ = signal.wait(timeout: .now() + .nanoseconds(Int(slice.seconds * 1e9)))
        waited += slice
        return []
    }

    /// Simulated time: on to the wait's end (or, blocked until input, to the next
    /// sleeper's deadline or scheduled action), then the results of what woke there.
    private func advance(_ clock: ManualClock, by timeout: Duration?) -> [InputEvent] {
        if schedule.isEmpty, loadInFlight?() == true {
            for _ in 0..<5000 where clock.nextDeadline == nil {
                if signal.wait(timeout: .now() + .milliseconds(1)) == .success { return [] }
            }
        }
        var next = [timeout.map { clock.now + $0 }, clock.nextDeadline, schedule.first?.at].compactMap { $0 }
        if next.isEmpty {
            // Blocked until input, and nothing asleep yet: a load just started may be about
            // to sleep or to post its result. Give it real time before giving up.
            for _ in 0..<100 where clock.nextDeadline == nil {
                if signal.wait(timeout: .now() + .milliseconds(20)) == .success { return [] }
            }
            next = clock.nextDeadline.map { [$0] } ?? []
        }
        guard clock.now < deadline, var target = timeout.map({ clock.now + $0 }) ?? next.min() else {
            return giveUp()
        }
        if let scheduled = schedule.first?.at { target = min(target, scheduled) }
        var woke = clock.advance(toward: target)
        if let due = schedule.first, clock.now >= due.at {
            schedule.removeFirst()
            due.run()
            woke += 1
        }
        for _ in 0..<woke {
            // A woken loader posts its result from another thread; wait for it for real.
            guard signal.wait(timeout: .now() + .seconds(5)) == .success else { return giveUp() }
            signal.signal()
        }
        return []
    }

    private func giveUp() -> [InputEvent] {
        timedOut = true
        return [.key(.character("q"))]
    }

    public nonisolated var wake: @Sendable () -> Void {
        { [signal] in signal.signal() }
    }
}
