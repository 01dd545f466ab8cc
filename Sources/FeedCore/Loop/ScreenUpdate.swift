/// What the loop hands the backend for one frame: the runs of it to write (all of them, or
/// on a slow terminal the part that fits), the pictures that change with them, and
/// whether to follow them with a status request. The backend draws what it is given.
public struct ScreenUpdate: Sendable {
    /// The frame the runs are cut from.
    public var frame: ScreenBuffer
    /// The cells to write, in screen order.
    public var runs: [FrameDiff.Run]
    /// The screen is to be cleared first (Ctrl-L, a resize, colours that ran out): the
    /// runs are then the whole frame.
    public var clearFirst = false
    /// Whether the frame's palette levels (`--palette`) differ from those last drawn.
    public var paletteChanged = false
    /// Whether after these runs the terminal shows the frame whole.
    public var isComplete = true
    public var pictures = PictureChanges()
    /// Whether a status request follows: its answer says the terminal has read all this
    /// (`InputEvent.caughtUp`).
    public var asksForReport = false
    /// Whether the cursor is to be put (or hidden) anew: it moved, or the screen was cleared.
    public var movesCursor = false

    public init(frame: ScreenBuffer, runs: [FrameDiff.Run]) {
        self.frame = frame
        self.runs = runs
    }

    /// Whether text is to be written and the screen refreshed, besides pictures.
    public var drawsText: Bool {
        clearFirst || paletteChanged || movesCursor || !runs.isEmpty || !pictures.staleLines.isEmpty
    }
}
