import Testing

@testable import FeedCore

/// Frames paced by the terminal's answers: one in flight, cut to what the link takes in
/// about 100 ms, what a key did first.
@Suite struct FramePacerTests {
    @Test func oneFrameInFlightUntilItsAnswerOrItsTimeout() {
        var pacer = FramePacer()
        #expect(pacer.isReady(at: .zero))
        pacer.sent(bytes: 4000, at: .zero)
        #expect(!pacer.isReady(at: .milliseconds(500)))
        #expect(pacer.readyAgain(after: .milliseconds(400)) == .milliseconds(600))
        pacer.answered(at: .milliseconds(500))
        #expect(pacer.isReady(at: .milliseconds(500)))
        #expect(pacer.readyAgain(after: .milliseconds(500)) == nil)
        // A lost answer frees the next frame after a second.
        pacer.sent(bytes: 100, at: .seconds(1))
        #expect(pacer.isReady(at: .seconds(2)))
    }

    @Test func theRateComesFromTheAnswersAndSetsTheBudget() {
        var pacer = FramePacer()
        #expect(pacer.budget == nil, "no limit before anything is measured")
        pacer.sent(bytes: 4000, at: .zero)
        pacer.answered(at: .milliseconds(250))  // 16 KB/s
        #expect(pacer.rate == 16_000)
        #expect(pacer.budget == 1600)
        // Too small a frame to measure by: the round trip would dominate.
        pacer.sent(bytes: 200, at: .seconds(1))
        pacer.answered(at: .seconds(1) + .milliseconds(200))
        #expect(pacer.rate == 16_000)
        // Slower at once, faster gradually.
        pacer.sent(bytes: 4000, at: .seconds(2))
        pacer.answered(at: .seconds(3))
        #expect(pacer.rate == 4000)
        #expect(pacer.budget == 512, "never less than a few rows")
    }

    @Test func aTerminalThatNeverAnswersIsNoLongerWaitedFor() {
        var pacer = FramePacer()
        for second in 0..<4 { pacer.sent(bytes: 100, at: .seconds(second * 2)) }
        #expect(!pacer.answers)
        #expect(pacer.isReady(at: .seconds(8)))
        #expect(pacer.inFlight == nil)
    }

    @Test func overTheBudgetWhatAKeyDidGoesFirstThenSkeletonRowsInTurn() throws {
        // An animation step on every row, and a key that wrote on row 7.
        var before = ScreenBuffer(width: 80, height: 10)
        var frame = before
        for row in 0..<10 {
            before.fill(row: row, column: 0, count: 60, style: Style(.skeleton(level: 2)))
            frame.fill(row: row, column: 0, count: 60, style: Style(.skeleton(level: 3)))
        }
        frame.write("Keys", row: 7, column: 10, style: Style(.title))
        let runs = FrameDiff.runs(from: before, to: frame)
        var pacer = FramePacer()
        pacer.sent(bytes: 4000, at: .zero)
        pacer.answered(at: .seconds(1))  // 4 KB/s: 512 bytes a frame
        let chosen = pacer.select(runs, in: frame, firstRow: 4)
        let rows = Set(chosen.map(\.row))
        #expect(rows.contains(7), "the row the key changed")
        #expect(FramePacer.estimatedBytes(chosen, in: frame) <= 512 + 200)
        #expect(rows.count < 10)
        // The skeleton rows taken start at the row the last frame stopped at.
        #expect(rows.subtracting([7]).min() == 4)
        // Whole rows: every run of a chosen row is chosen.
        #expect(runs.filter { rows.contains($0.row) }.count == chosen.count)
    }

    @Test func withinTheBudgetEverythingGoes() {
        var frame = ScreenBuffer(width: 20, height: 3)
        frame.write("abc", row: 1, column: 0, style: .plain)
        let runs = FrameDiff.runs(from: nil, to: frame)
        #expect(FramePacer().select(runs, in: frame, firstRow: 2) == runs)
    }
}
