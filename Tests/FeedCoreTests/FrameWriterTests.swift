import Testing

@testable import FeedCore

/// The diff above the backend: what the terminal shows, what it is to show, and the update
/// between them, paced by the terminal's answers, with the pictures that change.
@Suite struct FrameWriterTests {
    /// An 80 × 24 frame of one letter: each row one run of 108 estimated bytes.
    private func filled(_ letter: String) -> ScreenBuffer {
        var frame = ScreenBuffer(width: 80, height: 24)
        for row in 0..<24 { frame.write(String(repeating: letter, count: 80), row: row, column: 0, style: .plain) }
        return frame
    }

    private func rows(_ update: ScreenUpdate) -> Set<Int> { Set(update.runs.map(\.row)) }

    @Test func aSlowTerminalGetsAFrameAPartAtATimeUntilItShowsItWhole() {
        var writer = FrameWriter(drawing: .cells)
        // Before any answer every frame goes whole, and asks.
        let first = writer.show(filled("a"), at: .zero)
        #expect(rows(first) == Set(0..<24) && first.isComplete && first.asksForReport)
        #expect(!writer.hasPending)
        // 2,592 bytes read in 250 ms: about 10 KB/s, so about 1 KB (9 rows) a frame.
        writer.answered(at: .milliseconds(250))
        let second = writer.show(filled("b"), at: .milliseconds(300))
        #expect(rows(second).count == 9 && !second.isComplete && second.asksForReport)
        #expect(writer.hasPending)
        #expect(!writer.isReady(at: .milliseconds(400)), "the next part waits for the answer")
        var drawn = rows(second)
        var instant = Duration.milliseconds(400)
        for _ in 0..<5 where writer.hasPending {
            writer.answered(at: instant)
            let part = writer.show(filled("b"), at: instant)
            #expect(drawn.isDisjoint(with: rows(part)), "a row drawn once")
            drawn.formUnion(rows(part))
            instant += .milliseconds(100)
        }
        #expect(drawn == Set(0..<24))
        #expect(!writer.hasPending)
        // The terminal shows the frame: the same frame again writes nothing.
        writer.answered(at: instant)
        let idle = writer.show(filled("b"), at: instant)
        #expect(idle.runs.isEmpty && !idle.drawsText && idle.isComplete)
    }

    /// A skeleton of grey `level` over the whole frame: every frame of the band changes it.
    private func skeleton(_ level: Int) -> ScreenBuffer {
        var frame = ScreenBuffer(width: 80, height: 24)
        for row in 0..<24 { frame.fill(row: row, column: 0, count: 80, style: Style(.skeleton(level: level))) }
        return frame
    }

    /// On a slow terminal each frame of the shimmer draws the skeleton rows after those the
    /// last one drew, wrapping, so that every row moves in turn.
    @Test func theSkeletonsRowsTakeTurns() {
        var writer = FrameWriter(drawing: .cells)
        _ = writer.show(filled("a"), at: .zero)
        writer.answered(at: .milliseconds(250))
        var parts: [Set<Int>] = []
        var instant = Duration.milliseconds(300)
        for level in 1...3 {
            let part = writer.show(skeleton(level), at: instant)
            parts.append(rows(part))
            instant += .milliseconds(100)
            writer.answered(at: instant)
        }
        #expect(parts == [Set(0..<9), Set(9..<18), Set(18..<24).union(0..<3)])
    }

    @Test func aClearedScreenIsClearedFirstThenDrawnWhole() {
        var writer = FrameWriter(drawing: .cells)
        _ = writer.show(filled("a"), at: .zero)
        #expect(writer.show(filled("a"), at: .milliseconds(10)).runs.isEmpty)
        writer.screenCleared()
        #expect(writer.hasPending, "a frame is due to fill the cleared screen")
        let again = writer.show(filled("a"), at: .milliseconds(20))
        #expect(again.clearFirst && rows(again) == Set(0..<24))
        #expect(!writer.show(filled("a"), at: .milliseconds(30)).clearFirst, "cleared once")
    }

    @Test func aFrameOfAnotherSizeIsDrawnWholeOnAClearedScreen() {
        var writer = FrameWriter(drawing: .cells)
        _ = writer.show(filled("a"), at: .zero)
        var wider = ScreenBuffer(width: 100, height: 24)
        wider.write("a", row: 0, column: 0, style: .plain)
        let update = writer.show(wider, at: .milliseconds(10))
        #expect(update.clearFirst && rows(update) == Set(0..<24))
    }

    @Test func aPaletteChangeIsAChangeWithoutACellOfIt() {
        var writer = FrameWriter(drawing: .cells)
        var frame = filled("a")
        frame.paletteLevels = [1, 2]
        _ = writer.show(frame, at: .zero)
        frame.paletteLevels = [2, 3]
        let update = writer.show(frame, at: .milliseconds(10))
        #expect(update.runs.isEmpty && update.paletteChanged && update.drawsText)
    }

    private static let picture = PlacedGraphic(
        id: 300, pixels: PicturePixels(width: 2, height: 2, rgba: Array(repeating: 255, count: 16)), line: 2,
        column: 1, columns: 2, rows: 2, visibleRows: 0..<2)

    @Test func aSixelPictureIsPlacedOnlyOnceTheFrameUnderItIsWhole() {
        var writer = FrameWriter(drawing: .sixel)
        _ = writer.show(filled("a"), at: .zero)
        writer.answered(at: .milliseconds(250))
        var frame = filled("b")
        frame.graphics = [Self.picture]
        let part = writer.show(frame, at: .milliseconds(300))
        #expect(!part.isComplete && part.pictures.placed.isEmpty, "over a half-drawn frame: not yet")
        var placed: [PlacedGraphic] = []
        var instant = Duration.milliseconds(400)
        for _ in 0..<5 where writer.hasPending {
            writer.answered(at: instant)
            let next = writer.show(frame, at: instant)
            placed += next.pictures.placed
            #expect(next.pictures.placed.isEmpty || next.isComplete)
            instant += .milliseconds(100)
        }
        #expect(placed == [Self.picture])
    }

    @Test func atTheEndTheKittyPicturesHeldAreLetGo() {
        var writer = FrameWriter(drawing: .kitty)
        #expect(writer.releasingAll() == nil, "nothing shown, nothing held")
        var frame = filled("a")
        frame.graphics = [Self.picture]
        frame.keptGraphicIds = [300]
        let first = writer.show(frame, at: .zero)
        #expect(first.pictures.sent == [Self.picture])
        #expect(writer.show(frame, at: .milliseconds(10)).pictures.isEmpty, "sent once")
        #expect(writer.releasingAll()?.pictures.released == [300])
        #expect(writer.releasingAll() == nil, "let go once")
    }
}
