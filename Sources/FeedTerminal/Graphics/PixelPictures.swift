import FeedCore

/// The bytes for the pictures the terminal draws itself, as `PictureChanges` names them.
/// kitty: a picture sent scaled to its cells' pixels (never up), deleted by id. Sixel: a
/// picture at its cells, inside save and restore cursor, scaled to exactly its cells and
/// cut to its rows on screen; scaled and encoded pictures are kept for the frames after.
@MainActor
final class PixelPictures {
    let drawing: PictureDrawing
    var cellSize: CellPixels
    let throughTmux: Bool
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

    /// Before the frame's text: kitty's deletions, then the pictures new to it.
    func beforeText(_ changes: PictureChanges) -> [UInt8] {
        var bytes: [UInt8] = []
        for id in changes.released { bytes += wrapped(KittyGraphics.delete(id: id)) }
        for graphic in changes.sent {
            // The terminal scales it to its cells itself: never sent larger than it came.
            let box = boxSize(graphic)
            let pixels = graphic.pixels.scaledDown(toFitWidth: box.width, height: box.height)
            for chunk in KittyGraphics.transmit(pixels, id: graphic.id, columns: graphic.columns, rows: graphic.rows) {
                bytes += wrapped(chunk)
            }
        }
        return bytes
    }

    /// After the whole frame's text: the sixel pictures `placed`, in a frame `frameHeight`
    /// lines tall.
    func afterText(_ placed: [PlacedGraphic], frameHeight: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for graphic in placed {
            // Never on the last line: a sixel that reaches it scrolls the screen.
            let lastRow = min(graphic.visibleRows.upperBound, frameHeight - 1 - graphic.line)
            let rows = graphic.visibleRows.lowerBound..<max(graphic.visibleRows.lowerBound, lastRow)
            guard !rows.isEmpty, let sixel = sixel(graphic, rows: rows) else { continue }
            bytes += Array("\u{1B}7\u{1B}[\(graphic.line + rows.lowerBound + 1);\(graphic.column + 1)H".utf8)
            bytes += sixel
            bytes += Array("\u{1B}8".utf8)
        }
        return bytes
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
