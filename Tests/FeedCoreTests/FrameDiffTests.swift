import Testing

@testable import FeedCore

/// The one diff every backend draws: what changed, and nothing else.
@Suite struct FrameDiffTests {
    private func frame(_ lines: [(String, Style)], width: Int = 10) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: lines.count)
        for (row, line) in lines.enumerated() { buffer.write(line.0, row: row, column: 0, style: line.1) }
        return buffer
    }

    @Test func anUnchangedFrameWritesNothing() throws {
        let state = try RenderTests.loadedState(size: TerminalSize(width: 80, height: 24))
        let first = FeedRenderer.render(state.advanced(to: .seconds(3)))
        let again = FeedRenderer.render(state.advanced(to: .seconds(4)))
        #expect(FrameDiff.runs(from: first, to: again).isEmpty)
    }

    @Test func theFirstFrameOrANewSizeWritesEveryCellInRunsOfOneStyle() {
        let next = frame([("ab", Style(.name)), ("cd", .plain)])
        let runs = FrameDiff.runs(from: nil, to: next)
        #expect(runs.reduce(0) { $0 + $1.columns.count } == 20)
        #expect(runs.first == FrameDiff.Run(row: 0, columns: 0..<2, style: Style(.name)))
        let wider = frame([("ab", Style(.name)), ("cd", .plain)], width: 12)
        #expect(FrameDiff.runs(from: next, to: wider).reduce(0) { $0 + $1.columns.count } == 24)
    }

    @Test func onlyTheChangedCellsAreWrittenNotTheGapsBetweenThem() {
        let before = frame([("abcdefghij", .plain)])
        let after = frame([("aBcdefghIj", .plain)])
        #expect(
            FrameDiff.runs(from: before, to: after) == [
                .init(row: 0, columns: 1..<2, style: .plain), .init(row: 0, columns: 8..<9, style: .plain),
            ])
    }

    @Test func aStyleChangeAloneIsWrittenAndSplitsTheRun() {
        let before = frame([("abcd", .plain)])
        var after = before
        after.write("cd", row: 0, column: 2, style: Style(.name))
        after.write("b", row: 0, column: 1, style: Style(.muted))
        #expect(
            FrameDiff.runs(from: before, to: after) == [
                .init(row: 0, columns: 1..<2, style: Style(.muted)), .init(row: 0, columns: 2..<4, style: Style(.name)),
            ])
    }

    @Test func aWideClustersTwoCellsGoTogether() {
        let before = frame([("a한b", .plain)])
        let after = frame([("a글b", .plain)])
        #expect(FrameDiff.runs(from: before, to: after) == [.init(row: 0, columns: 1..<3, style: .plain)])
        // A narrow character where the right half was: the cluster's cell is written too.
        var half = before
        half.write("x", row: 0, column: 2, style: .plain)
        let runs = FrameDiff.runs(from: before, to: half)
        #expect(runs.first?.columns.lowerBound == 1)
    }
}
