/// The pictures' side of the frame diff. kitty: each picture sent once, before the first
/// frame that names it, and deleted when the view lets go of it (it leaves the frame's
/// `keptGraphicIds`). Sixel: each picture drawn after the frame, at its cells; drawn again
/// when its place changes, and the lines it covered drawn again as text when it moves or
/// leaves; a picture left in place on such a line is erased with it, so drawn again too.
public struct PixelPictureDiff: Sendable {
    public let drawing: PictureDrawing
    /// kitty: the ids the terminal holds.
    public private(set) var held: Set<UInt32> = []
    /// Sixel: the pictures on the screen now, as drawn.
    private var onScreen: [PlacedGraphic] = []

    public init(drawing: PictureDrawing) {
        self.drawing = drawing
    }

    /// Before `frame`'s text: the kitty pictures to delete and to send; the lines sixel
    /// pictures leave.
    public mutating func beforeText(_ frame: ScreenBuffer) -> PictureChanges {
        switch drawing {
        case .kitty:
            let released = held.filter { !frame.keptGraphicIds.contains($0) }.sorted()
            held.subtract(released)
            var sent: [PlacedGraphic] = []
            for graphic in frame.graphics where !held.contains(graphic.id) {
                sent.append(graphic)
                held.insert(graphic.id)
            }
            return PictureChanges(released: released, sent: sent)
        case .sixel:
            var stale = Set<Int>()
            for old in onScreen where !frame.graphics.contains(old) {
                for row in old.visibleRows { stale.insert(old.line + row) }
            }
            // A picture left in place on a line drawn again is erased with it.
            onScreen.removeAll { graphic in
                !frame.graphics.contains(graphic) || graphic.visibleRows.contains { stale.contains(graphic.line + $0) }
            }
            return PictureChanges(staleLines: stale.sorted())
        case .cells:
            return PictureChanges()
        }
    }

    /// After the whole of `frame`'s text: the sixel pictures not on the screen as placed.
    public mutating func afterText(_ frame: ScreenBuffer) -> [PlacedGraphic] {
        guard drawing == .sixel else { return [] }
        let placed = frame.graphics.filter { !onScreen.contains($0) }
        onScreen += placed
        return placed
    }

    /// The screen was cleared: no sixel is on it any more (kitty's pictures stay in the
    /// terminal's memory).
    public mutating func screenCleared() {
        onScreen.removeAll()
    }

    /// On the way out: every kitty picture the terminal holds, to be let go of.
    public mutating func releaseAll() -> [UInt32] {
        defer { held.removeAll() }
        return held.sorted()
    }
}
