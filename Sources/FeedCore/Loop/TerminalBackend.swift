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
}
