/// What the terminal delivers between frames.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case resize(TerminalSize)
    case signal(Int32)
    /// The terminal answered the last status request: it has read everything sent before it.
    case caughtUp
}

/// The terminal, narrowed to what the loop needs: it draws the updates it is handed
/// (`FrameWriter` works out what they hold) and reports what the terminal says.
/// `CursesBackend` is the real one; `MemoryBackend` keeps frames in memory for tests.
/// Nothing above sees ncurses.
@MainActor
public protocol TerminalBackend: AnyObject {
    var size: TerminalSize { get }
    /// How the terminal draws pictures: which of their changes the loop works out.
    var pictureDrawing: PictureDrawing { get }
    /// Draws `update`. Returns false when the terminal could not show it as given (its
    /// colour pairs ran out): the loop then has the screen drawn whole again.
    func draw(_ update: ScreenUpdate) -> Bool
    /// Blocks until input arrives, `wake()` is called, or `timeout` passes (nil: no
    /// timeout). Returns what arrived, possibly nothing.
    func waitForInput(timeout: Duration?) -> [InputEvent]
    /// Ends a `waitForInput` early, from any thread: a load finished.
    nonisolated var wake: @Sendable () -> Void { get }
    /// Gives the terminal to `run` (an editor) as the shell had it, and takes it back
    /// after; the next frame is drawn whole.
    func handOver(_ run: () -> Void)
    /// Puts `text` on the clipboard through the terminal (OSC 52); false where it cannot.
    func copyToClipboard(_ text: String) -> Bool
}

extension TerminalBackend {
    public var pictureDrawing: PictureDrawing { .cells }
    public func handOver(_ run: () -> Void) { run() }
    public func copyToClipboard(_ text: String) -> Bool { false }
}
