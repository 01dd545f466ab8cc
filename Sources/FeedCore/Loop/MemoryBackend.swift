import Dispatch

/// A terminal in memory, for tests and `--dump`: it keeps every frame drawn and plays
/// a script of inputs, each sent once a condition holds. Time is a `ManualClock` that it
/// moves on instead of waiting: a wait with a timeout advances the clock by it, stopping
/// where a sleeper (a simulated latency) is due, or at an instant asked for. It waits in
/// real time only for real work: a load on its way to an answer that sleeps on no clock.
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
    /// the clock stops there and runs it.
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
    /// The timeout of every wait, in order: nil means the loop blocked until input.
    public private(set) var waits: [Duration?] = []
    /// What the loop put on the clipboard, in order.
    public private(set) var copied: [String] = []
    /// When each frame was drawn, by the manual clock.
    public private(set) var frameTimes: [Duration] = []
    /// Set when the script could not go on: past `deadline`, or nothing left to wait for.
    public private(set) var timedOut = false
    private var script: [Step]
    private var schedule: [Scheduled]
    private var stops: [Duration]
    private let deadline: Duration
    private let patience: Duration
    private let clock: ManualClock
    private let signal = DispatchSemaphore(value: 0)
    /// Whether the clock moves on by the real time spent waiting for loads that are
    /// awake (`--dump` of real files and URLs: "loaded in" says how long they took); a
    /// load asleep on the clock (a simulated latency) still costs no real time.
    public var followsRealTime = false
    /// Whether every frame drawn and its writes are kept, for a test to look back on; the
    /// dump keeps the last.
    public var keepsEveryFrame = true

    /// `stops`: instants the clock stops at, so that a step can act exactly then.
    /// `deadline`: the clock's time past which the script is given up. `patience`: the real
    /// time a load may take to answer or to sleep on the clock.
    public init(
        size: TerminalSize, script: [Step], clock: ManualClock, schedule: [Scheduled] = [], stops: [Duration] = [],
        deadline: Duration = .seconds(10), patience: Duration = .seconds(10)
    ) {
        self.size = size
        self.script = script
        self.schedule = schedule.sorted { $0.at < $1.at }
        self.stops = stops.sorted()
        self.clock = clock
        self.deadline = deadline
        self.patience = patience
        clock.whenSleeping(wake)
    }

    public var lastFrame: ScreenBuffer? { frames.last }

    public func draw(_ update: ScreenUpdate) -> Bool {
        frameTimes.append(clock.now)
        guard keepsEveryFrame else {
            // The last frame only: a frame of 200x50 is half a megabyte, and a load of 300
            // sources draws dozens.
            frames = [update.frame]
            return true
        }
        writes.append(update.runs)
        frames.append(update.frame)
        return true
    }

    public func waitForInput(timeout: Duration?) -> [InputEvent] {
        waits.append(timeout)
        // An answer in the inbox, or a load gone to sleep: back to the loop at once.
        if signal.wait(timeout: .now()) == .success { return [] }
        if let step = script.first, let frame = frames.last, step.until(frame) {
            script.removeFirst()
            for case .resize(let newSize) in step.send { size = newSize }
            return step.send
        }
        return advance(by: timeout)
    }

    /// On to the wait's end (or, blocked until input, to the next sleeper's deadline, the
    /// next scheduled action or stop), unless a load is still on its way.
    private func advance(by timeout: Duration?) -> [InputEvent] {
        if schedule.isEmpty, loadsAwake {
            let started = ContinuousClock.now
            guard waitForSignal() else { return giveUp() }
            if followsRealTime { clock.advance(toward: clock.now + (ContinuousClock.now - started)) }
            return []
        }
        // Every load asleep: none can post now, but one may have posted before it slept.
        if signal.wait(timeout: .now()) == .success { return [] }
        let candidates = [timeout.map { clock.now + $0 }, clock.nextDeadline, schedule.first?.at, stops.first]
        guard clock.now < deadline, let target = candidates.compactMap({ $0 }).min() else { return giveUp() }
        clock.advance(toward: target)
        stops.removeAll { $0 <= clock.now }
        if let due = schedule.first, clock.now >= due.at {
            schedule.removeFirst()
            due.run()
            // What it let go answers at this instant, before time moves on.
            if clock.loadsInFlight > 0, !waitForSignal() { return giveUp() }
        }
        return []
    }

    /// Whether a load is awake, on its way to an answer or to a sleep on the clock: time
    /// does not move meanwhile.
    private var loadsAwake: Bool { clock.loadsInFlight > clock.sleeperCount }

    /// Waits in real time, at most `patience`, for an answer or a load going to sleep.
    private func waitForSignal() -> Bool {
        guard signal.wait(timeout: .now() + .nanoseconds(Int(patience.seconds * 1e9))) == .success else { return false }
        // Left for the loop to see: it comes back at once, and takes what arrived.
        signal.signal()
        return true
    }

    private func giveUp() -> [InputEvent] {
        timedOut = true
        return [.key(.character("q"))]
    }

    public nonisolated var wake: @Sendable () -> Void {
        { [signal] in signal.signal() }
    }

    public func copyToClipboard(_ text: String) -> Bool {
        copied.append(text)
        return true
    }
}
