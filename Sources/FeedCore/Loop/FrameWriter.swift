/// Between the renderer and the backend: the frame the terminal shows, the one it is to
/// show, and the difference, paced by the terminal's answers (`FramePacer`). On a slow
/// link a frame goes out a part at a time, the rows a key changed first, the skeleton's
/// rows each in turn; the next frame takes over from what was drawn of the last.
public struct FrameWriter: Sendable {
    private var pacer = FramePacer()
    private var pictures: PixelPictureDiff
    /// What the terminal shows now; nil after a clear, before anything is drawn.
    private var shown: ScreenBuffer?
    /// The last frame handed over; `shown` catches up with it a part at a time.
    private var target: ScreenBuffer?
    /// Where the next partial frame's skeleton rows start, so that every row gets its turn.
    private var nextRow = 0
    /// Whether the screen is to be cleared before the next update.
    private var clearFirst = false
    /// Whether `shown` has not caught up with `target`: another update is due.
    public private(set) var hasPending = false

    public init(drawing: PictureDrawing) {
        pictures = PixelPictureDiff(drawing: drawing)
    }

    /// Whether the terminal may be sent the next update at `now`.
    public func isReady(at now: Duration) -> Bool { pacer.isReady(at: now) }

    /// How long until `isReady` turns true by itself; nil when it needs no waiting.
    public func readyAgain(after now: Duration) -> Duration? { pacer.readyAgain(after: now) }

    /// The update that brings the terminal from what it shows to `frame` (or as far as the
    /// pacer allows). Asked only when `isReady`.
    public mutating func show(_ frame: ScreenBuffer, at now: Duration) -> ScreenUpdate {
        if let shown, shown.width != frame.width || shown.height != frame.height { screenCleared() }
        target = frame
        var update = ScreenUpdate(frame: frame, runs: [])
        update.clearFirst = clearFirst
        clearFirst = false
        update.paletteChanged = frame.paletteLevels != (shown?.paletteLevels ?? [])
        update.movesCursor = update.clearFirst || frame.cursor != shown?.cursor
        // Pictures the terminal needs before the text that shows them; lines a sixel
        // picture leaves, drawn again in full.
        update.pictures = pictures.beforeText(frame)
        let runs = FrameDiff.runs(from: shown, to: frame)
        update.runs = runs
        guard update.drawsText else {
            hasPending = false
            update.pictures.placed = pictures.afterText(frame)
            return update
        }
        let (chosen, bytes) = pacer.select(runs, in: frame, firstRow: nextRow)
        update.runs = chosen
        hasPending = chosen.count < runs.count
        update.isComplete = !hasPending
        if hasPending {
            // After a clear the screen is blank. Taken out of `shown`, so that copying what
            // is drawn into it changes it in place instead of copying it whole.
            var drawnNow = shown ?? ScreenBuffer(width: frame.width, height: frame.height)
            shown = nil
            for run in chosen { drawnNow.copy(row: run.row, columns: run.columns, from: frame) }
            drawnNow.paletteLevels = frame.paletteLevels
            drawnNow.cursor = frame.cursor
            shown = drawnNow
            if let last = chosen.last(where: { $0.style.ink.isSkeleton }) { nextRow = last.row + 1 }
        } else {
            // All of it drawn: the terminal shows the frame itself. Sixel pictures over it.
            shown = frame
            update.pictures.placed = pictures.afterText(frame)
        }
        update.asksForReport = pacer.sent(bytes: bytes, at: now)
        return update
    }

    /// The terminal has read everything before the last status request.
    public mutating func answered(at now: Duration) {
        pacer.answered(at: now)
    }

    /// The screen is to be drawn whole again (Ctrl-L, a resize, a backend that could not
    /// draw the last update as it was): cleared first, then every cell.
    public mutating func screenCleared() {
        shown = nil
        hasPending = target != nil
        clearFirst = true
        pictures.screenCleared()
    }

    /// On the way out: the kitty pictures the terminal still holds, let go of.
    public mutating func releasingAll() -> ScreenUpdate? {
        guard let target else { return nil }
        var update = ScreenUpdate(frame: target, runs: [])
        update.pictures.released = pictures.releaseAll()
        return update.pictures.isEmpty ? nil : update
    }
}
