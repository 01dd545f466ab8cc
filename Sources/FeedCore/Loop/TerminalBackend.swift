/// What the terminal delivers between frames.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case resize(TerminalSize)
    case signal(Int32)
}

/// The terminal, narrowed to what the loop needs. `CursesBackend` is the real one;
/// `MemoryBackend` keeps frames in memory for tests. Nothing above sees ncurses.
@MainActor
public protocol TerminalBackend: AnyObject {
    var size: TerminalSize { get }
    /// Shows a frame; a backend writes only what differs from the frame before.
    func present(_ frame: ScreenBuffer)
    /// Forgets what is on screen, so the next frame is drawn whole (Ctrl-L).
    func invalidate()
    /// Blocks until input arrives, `wake()` is called, or `timeout` passes (nil: no
    /// timeout). Returns what arrived, possibly nothing.
    func waitForInput(timeout: Duration?) -> [InputEvent]
    /// Ends a `waitForInput` early, from any thread: a load finished.
    nonisolated var wake: @Sendable () -> Void { get }
    /// Whether the terminal has taken the last frame, so that another may be sent.
    var isReady: Bool { get }
    /// Whether part of the last frame is still to be drawn (a slow terminal gets a frame a
    /// part at a time).
    var hasPendingDrawing: Bool { get }
    /// How long until `isReady` turns true by itself, at the latest; nil when ready.
    var readyAgainIn: Duration? { get }
}

extension TerminalBackend {
    public var isReady: Bool { true }
    public var hasPendingDrawing: Bool { false }
    public var readyAgainIn: Duration? { nil }
}
