import FeedCore
import Testing

@testable import FeedTerminal

/// What the terminal is sent for pictures it draws itself, frame after frame (the loop's
/// diff, `PixelPictureDiff`, and the backend's bytes, `PixelPictures`): a kitty picture
/// once, and deleted when the view lets go of it; a sixel picture after the frame at its
/// cells, again when it moves, its old lines redrawn, never on the last line.
@MainActor
@Suite struct PixelPicturesTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The diff and the bytes together, frame by frame, as the loop and the backend use them.
    @MainActor final class Sent {
        var diff: PixelPictureDiff
        let bytes: PixelPictures

        init(drawing: PictureDrawing, cellSize: CellPixels?, throughTmux: Bool) {
            diff = PixelPictureDiff(drawing: drawing)
            bytes = PixelPictures(drawing: drawing, cellSize: cellSize, throughTmux: throughTmux)
        }

        var transmitted: Set<UInt32> { diff.held }

        func beforeText(_ frame: ScreenBuffer) -> (bytes: [UInt8], staleLines: [Int]) {
            let changes = diff.beforeText(frame)
            return (bytes.beforeText(changes), changes.staleLines)
        }

        func afterText(_ frame: ScreenBuffer) -> [UInt8] {
            bytes.afterText(diff.afterText(frame), frameHeight: frame.height)
        }

        func screenCleared() { diff.screenCleared() }

        func releaseAll() -> [UInt8] { bytes.beforeText(PictureChanges(released: diff.releaseAll())) }
    }

    private static let pixels = PicturePixels(
        width: 8, height: 8, rgba: (0..<64).flatMap { [UInt8($0 * 4), 100, 200, 255] })

    /// A 10 × 6 frame with picture `id` at `line`, 2 × 2 cells, all of it on screen that
    /// is above the last line.
    private func frame(_ graphics: [(id: UInt32, line: Int)], kept: Set<UInt32>) -> ScreenBuffer {
        var frame = ScreenBuffer(width: 10, height: 6)
        frame.graphics = graphics.map { graphic in
            let visible = max(0, -graphic.line)..<min(2, 5 - graphic.line)
            return PlacedGraphic(
                id: graphic.id, pixels: Self.pixels, line: graphic.line, column: 1, columns: 2, rows: 2,
                visibleRows: visible)
        }
        frame.keptGraphicIds = kept
        return frame
    }

    @Test func aKittyPictureIsSentOnceAndDeletedWhenLetGo() {
        let pictures = Sent(drawing: .kitty, cellSize: CellPixels(width: 2, height: 3), throughTmux: false)
        let first = text(pictures.beforeText(frame([(300, 1)], kept: [300])).bytes)
        // Scaled to its cells' pixels: 2 × 2 cells of 2 × 3 is 4 × 6, within it 4 × 4.
        #expect(first.hasPrefix("\u{1B}_Ga=T,U=1,f=24,") && first.contains("s=4,v=4,i=300,c=2,r=2,q=2"))
        #expect(pictures.beforeText(frame([(300, 2)], kept: [300])).bytes.isEmpty, "scrolled: not sent again")
        #expect(pictures.beforeText(frame([], kept: [300])).bytes.isEmpty, "off screen but kept")
        #expect(text(pictures.beforeText(frame([], kept: [])).bytes) == "\u{1B}_Ga=d,d=I,i=300,q=2\u{1B}\\")
        #expect(pictures.transmitted.isEmpty)
        // On the way out, every picture still held goes.
        _ = pictures.beforeText(frame([(301, 1), (302, 3)], kept: [301, 302]))
        #expect(text(pictures.releaseAll()).components(separatedBy: "a=d,d=I").count == 3)
    }

    @Test func throughTmuxEverySequenceIsWrapped() {
        let pictures = Sent(drawing: .kitty, cellSize: nil, throughTmux: true)
        let sent = text(pictures.beforeText(frame([(300, 1)], kept: [300])).bytes)
        #expect(sent.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T,") && sent.hasSuffix("\u{1B}\u{1B}\\\u{1B}\\"))
    }

    @Test func aSixelPictureIsDrawnAfterTheFrameAndAgainWhereItMoves() {
        let pictures = Sent(drawing: .sixel, cellSize: CellPixels(width: 4, height: 6), throughTmux: false)
        let first = frame([(300, 1)], kept: [])
        #expect(pictures.beforeText(first).staleLines.isEmpty)
        let drawn = text(pictures.afterText(first))
        // Saved cursor, line 2 column 2 (1-based), the sixel 8 × 12, restored cursor.
        #expect(drawn.hasPrefix("\u{1B}7\u{1B}[2;2H\u{1B}P0;1;0q\"1;1;8;12") && drawn.hasSuffix("\u{1B}\\\u{1B}8"))
        #expect(pictures.afterText(first).isEmpty, "in place: not drawn again")
        // Moved down a line: its old lines drawn again as text, then it at its new place.
        let moved = frame([(300, 2)], kept: [])
        #expect(pictures.beforeText(moved).staleLines == [1, 2])
        #expect(text(pictures.afterText(moved)).hasPrefix("\u{1B}7\u{1B}[3;2H"))
        // Gone: its lines redrawn, nothing drawn.
        let gone = frame([], kept: [])
        #expect(pictures.beforeText(gone).staleLines == [2, 3])
        #expect(pictures.afterText(gone).isEmpty)
    }

    /// Two pictures: one moves onto the lines of the other, which stays where it was. Both
    /// lines are drawn again as text, which erases the one in place: it is drawn again too.
    @Test func aSixelPictureInPlaceOnALineDrawnAgainIsDrawnAgain() {
        let pictures = Sent(drawing: .sixel, cellSize: CellPixels(width: 4, height: 6), throughTmux: false)
        var first = frame([(300, 0), (301, 2)], kept: [])
        first.graphics[1].column = 5
        #expect(text(pictures.afterText(first)).components(separatedBy: "\u{1B}7").count == 3, "both drawn")
        // 300 goes down two lines, beside 301 (lines 2 and 3); 301 stays.
        var moved = frame([(300, 2), (301, 2)], kept: [])
        moved.graphics[1].column = 5
        #expect(pictures.beforeText(moved).staleLines == [0, 1])
        let again = text(pictures.afterText(moved))
        #expect(again.contains("\u{1B}[3;2H"), "300 at its new place")
        #expect(!again.contains("\u{1B}[3;6H"), "301's lines were not drawn again: it is still there")
        // Now 300 leaves lines 2 and 3, which are drawn again: 301, on them, is drawn again.
        var left = frame([(301, 2)], kept: [])
        left.graphics[0].column = 5
        #expect(pictures.beforeText(left).staleLines == [2, 3])
        #expect(text(pictures.afterText(left)).hasPrefix("\u{1B}7\u{1B}[3;6H"), "301 drawn again over its text")
    }

    @Test func aSixelPictureStopsAboveTheLastLineAndIsAMultipleOfSixTall() {
        let pictures = Sent(drawing: .sixel, cellSize: CellPixels(width: 4, height: 7), throughTmux: false)
        // Its rows 0 and 1 at lines 4 and 5 of 6: line 5 is the last; 7 pixels tall is cut to 6.
        var placed = frame([(300, 4)], kept: [])
        placed.graphics[0].visibleRows = 0..<2
        let drawn = text(pictures.afterText(placed))
        #expect(drawn.contains("\u{1B}[5;2H") && drawn.contains("\"1;1;8;6"))
        // A picture cut at the top starts at its first row on screen.
        let cut = frame([(301, -1)], kept: [])
        #expect(text(pictures.afterText(cut)).contains("\u{1B}[1;2H"))
    }

    @Test func aClearedScreenGetsItsSixelsAgain() {
        let pictures = Sent(drawing: .sixel, cellSize: CellPixels(width: 4, height: 6), throughTmux: false)
        let first = frame([(300, 1)], kept: [])
        _ = pictures.afterText(first)
        pictures.screenCleared()
        #expect(!pictures.afterText(first).isEmpty)
    }
}
