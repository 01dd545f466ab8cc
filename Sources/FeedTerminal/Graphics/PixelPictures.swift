import FeedCore

/// What the terminal must be sent besides the text for the pictures it draws itself.
/// kitty: each picture once (scaled to its cells' pixels), before the first frame that
/// names it, and deleted when the view lets go of it. Sixel: each picture drawn after
/// the frame, at its cells, inside save and restore cursor; drawn again when its place
/// changes, and the lines it covered redrawn as text when it moves or leaves (text over
/// a sixel erases it).
@MainActor
final class PixelPictures {
    let drawing: PictureDrawing
    var cellSize: CellPixels
    let throughTmux: Bool
    /// kitty: the ids the terminal holds.
    private(set) var transmitted: Set<UInt32> = []
    /// Sixel: the pictures on the screen now, as drawn.
    private var shown: [PlacedGraphic] = []
    /// Sixel: pictures scaled to their cells, and their encoded rows, by what they were
    /// made for; both start over past a bound.
    private var scaled: [ScaledKey: PicturePixels] = [:]
    private var encoded: [EncodedKey: [UInt8]] = [:]

    private struct ScaledKey: Hashable {
        var id: UInt32
        var width: Int
        var height: Int
    }

    private struct EncodedKey: Hashable {
        var scaled: ScaledKey
        var rows: Range<Int>
    }

    init(drawing: PictureDrawing, cellSize: CellPixels?, throughTmux: Bool) {
        self.drawing = drawing
        self.cellSize = cellSize ?? PictureSupport.assumedCellSize
        self.throughTmux = throughTmux
    }

    /// Before the frame's text: the kitty pictures new to the terminal, and the deletion of
    /// those let go. For sixel, nothing is written yet, but the lines that a picture leaves
    /// are returned, to be drawn again as text in full.
    func beforeText(_ frame: ScreenBuffer) -> (bytes: [UInt8], staleLines: [Int]) {
        switch drawing {
        case .kitty:
            var bytes: [UInt8] = []
            for id in transmitted where !frame.keptGraphicIds.contains(id) {
                bytes += wrapped(KittyGraphics.delete(id: id))
                transmitted.remove(id)
            }
            for graphic in frame.graphics where !transmitted.contains(graphic.id) {
                // The terminal scales it to its cells itself: never sent larger than it came.
                let box = boxSize(graphic)
                let pixels = graphic.pixels.scaledDown(toFitWidth: box.width, height: box.height)
                for chunk in KittyGraphics.transmit(
                    pixels, id: graphic.id, columns: graphic.columns, rows: graphic.rows)
                {
                    bytes += wrapped(chunk)
                }
                transmitted.insert(graphic.id)
            }
            return (bytes, [])
        case .sixel:
            var stale = Set<Int>()
            for old in shown where !frame.graphics.contains(old) {
                for row in old.visibleRows { stale.insert(old.line + row) }
            }
            // A picture left in place on a line drawn again is erased with it.
            shown.removeAll { graphic in
                !frame.graphics.contains(graphic) || graphic.visibleRows.contains { stale.contains(graphic.line + $0) }
            }
            return ([], stale.sorted())
        case .cells:
            return ([], [])
        }
    }

    /// After the whole frame's text: the sixel pictures not on the screen as placed.
    func afterText(_ frame: ScreenBuffer) -> [UInt8] {
        guard drawing == .sixel else { return [] }
        var bytes: [UInt8] = []
        for graphic in frame.graphics where !shown.contains(graphic) {
            // Never on the last line: a sixel that reaches it scrolls the screen.
            let lastRow = min(graphic.visibleRows.upperBound, frame.height - 1 - graphic.line)
            let rows = graphic.visibleRows.lowerBound..<max(graphic.visibleRows.lowerBound, lastRow)
            guard !rows.isEmpty, let sixel = sixel(graphic, rows: rows) else { continue }
            bytes += Array("\u{1B}7\u{1B}[\(graphic.line + rows.lowerBound + 1);\(graphic.column + 1)H".utf8)
            bytes += sixel
            bytes += Array("\u{1B}8".utf8)
            shown.append(graphic)
        }
        return bytes
    }

    /// The screen was cleared: no sixel is on it any more.
    func screenCleared() {
        shown.removeAll()
    }

    /// On the way out: the terminal lets go of every kitty picture.
    func releaseAll() -> [UInt8] {
        defer { transmitted.removeAll() }
        return transmitted.flatMap { wrapped(KittyGraphics.delete(id: $0)) }
    }

    /// The pixels of a picture's cells.
    private func boxSize(_ graphic: PlacedGraphic) -> CellPixels {
        CellPixels(width: graphic.columns * cellSize.width, height: graphic.rows * cellSize.height)
    }

    /// A sixel picture's rows `rows`, scaled to its cells, its height a multiple of six
    /// pixels (a last band of fewer rows would leave the cursor below the cells).
    private func sixel(_ graphic: PlacedGraphic, rows: Range<Int>) -> [UInt8]? {
        let box = boxSize(graphic)
        let scaledKey = ScaledKey(id: graphic.id, width: box.width, height: box.height)
        let key = EncodedKey(scaled: scaledKey, rows: rows)
        if let known = encoded[key] { return known }
        let full: PicturePixels
        if let known = scaled[scaledKey] {
            full = known
        } else {
            // Exactly the cells' shape: a sixel is drawn at the size it is sent.
            full = graphic.pixels.resampled(width: box.width, height: box.height)
            if scaled.count >= 32 { scaled.removeAll() }
            scaled[scaledKey] = full
        }
        let top = rows.lowerBound * cellSize.height
        let height = (rows.count * cellSize.height) / 6 * 6
        guard height > 0, full.width > 0 else { return nil }
        let rowBytes = full.width * 4
        let cut = PicturePixels(
            width: full.width, height: height, rgba: Array(full.rgba[(top * rowBytes)..<((top + height) * rowBytes)]))
        let bytes = SixelEncoder.encode(cut)
        if encoded.count >= 64 { encoded.removeAll() }
        encoded[key] = bytes
        return bytes
    }

    private func wrapped(_ sequence: [UInt8]) -> [UInt8] {
        throughTmux ? TmuxPassthrough.wrap(sequence) : sequence
    }
}
