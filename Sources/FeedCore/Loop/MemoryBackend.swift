import Dispatch

/// A terminal in memory, for tests: it keeps every frame presented and plays a script of
/// inputs, each sent once a condition on the screen holds.
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

    public var size: TerminalSize
    public private(set) var frames: [ScreenBuffer] = []
    public private(set) var invalidations = 0
    /// The timeout of every wait, in order: nil means the loop blocked until input.
    public private(set) var waits: [Duration?] = []
    /// Set when the script could not go on within `deadline`.
    public private(set) var timedOut = false
    private var script: [Step]
    private let deadline: Duration
    private var waited: Duration = .zero
    private let signal = DispatchSemaphore(value: 0)

    public init(size: TerminalSize, script: [Step], deadline: Duration = .seconds(10)) {
        self.size = size
        self.script = script
        self.deadline = deadline
    }

    public var lastFrame: ScreenBuffer? { frames.last }

    public func present(_ frame: ScreenBuffer) {
        frames.append(frame)
    }

    public func invalidate() {
        invalidations += 1
    }

    public func waitForInput(timeout: Duration?) -> [InputEvent] {
        waits.append(timeout)
        if let step = script.first, let frame = frames.last, step.until(frame) {
            script.removeFirst()
            for case .resize(let newSize) in step.send { size = newSize }
            return step.send
        }
        if waited >= deadline {
            timedOut = true
            return [.key(.character("q"))]
        }
        // Wait for a wake (a load result) or the timeout, in slices so the script is
        // checked again after every frame.
        let slice = min(timeout ?? .milliseconds(20), .milliseconds(20))
        let nanoseconds = Int(slice.seconds * 1e9)
        _ = signal.wait(timeout: .now() + .nanoseconds(nanoseconds))
        waited += slice
        return []
    }

    public nonisolated var wake: @Sendable () -> Void {
        { [signal] in signal.signal() }
    }
}
