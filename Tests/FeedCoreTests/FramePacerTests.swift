import Testing

@testable import FeedCore

/// Frames paced by the terminal's answers: one in flight, cut to what the link takes in
/// about 100 ms, what a key did first; on a fast link, a request every quarter second.
@Suite struct FramePacerTests {
    /// A pacer that has had an answer: it paces from now on.
    private func answered() -> FramePacer {
        var pacer = FramePacer()
        _ = pacer.sent(bytes: 100, at: .zero)
        pacer.answered(at: .milliseconds(10))
        #expect(pacer.answering == .yes)
        return pacer
    }

    @Test func oneFrameInFlightUntilItsAnswerOrItsTimeout() {
        var pacer = answered()
        #expect(pacer.isReady(at: .zero))
        _ = pacer.sent(bytes: 4000, at: .zero)
        #expect(!pacer.isReady(at: .milliseconds(500)))
        #expect(pacer.readyAgain(after: .milliseconds(400)) == .milliseconds(600))
        pacer.answered(at: .milliseconds(500))
        #expect(pacer.isReady(at: .milliseconds(500)))
        #expect(pacer.readyAgain(after: .milliseconds(500)) == nil)
        // A lost answer frees the next frame after a second.
        _ = pacer.sent(bytes: 100, at: .seconds(1))
        #expect(pacer.isReady(at: .seconds(2)))
    }

    @Test func theRateComesFromTheAnswersAndSetsTheBudget() {
        var pacer = answered()
        #expect(pacer.budget == nil, "no limit before anything is measured")
        _ = pacer.sent(bytes: 4000, at: .zero)
        pacer.answered(at: .milliseconds(250))  // 16 KB/s
        #expect(pacer.rate == 16_000)
        #expect(pacer.budget == 1600)
        // Too small a frame to measure by: the round trip would dominate.
        _ = pacer.sent(bytes: 200, at: .seconds(1))
        pacer.answered(at: .seconds(1) + .milliseconds(200))
        #expect(pacer.rate == 16_000)
        // Slower at once, faster gradually.
        _ = pacer.sent(bytes: 4000, at: .seconds(2))
        pacer.answered(at: .seconds(3))
        #expect(pacer.rate == 4000)
        #expect(pacer.budget == 512, "never less than a few rows")
    }

    @Test func untilItsFirstAnswerATerminalGetsEveryFrameAtOnce() {
        var pacer = FramePacer()
        // Frames 33 ms apart, none answered: none waits, and one request at a time asks.
        var asked: [Int] = []
        for frame in 0..<100 {
            let instant = Duration.milliseconds(33 * frame)
            #expect(pacer.isReady(at: instant) && pacer.readyAgain(after: instant) == nil)
            if pacer.sent(bytes: 4000, at: instant) { asked.append(frame) }
        }
        // At 0, then each second a request is taken as lost; the third loss ends the asking.
        #expect(asked == [0, 31, 62])
        #expect(pacer.answering == .no && pacer.inFlight == nil)
        let askedAfter = pacer.sent(bytes: 100, at: .seconds(5))
        #expect(!askedAfter && pacer.budget == nil)
    }

    @Test func aFirstAnswerStartsThePacing() {
        var pacer = FramePacer()
        let first = pacer.sent(bytes: 4000, at: .zero)
        let second = pacer.sent(bytes: 4000, at: .milliseconds(33))
        #expect(first && !second, "one request at a time")
        pacer.answered(at: .milliseconds(250))
        #expect(pacer.answering == .yes && pacer.rate == 16_000)
        let third = pacer.sent(bytes: 4000, at: .milliseconds(260))
        #expect(third)
        #expect(!pacer.isReady(at: .milliseconds(300)), "paced now: the next frame waits for the answer")
    }

    @Test func onAFastLinkSmallFramesAskOnlyEveryQuarterSecond() {
        var pacer = answered()
        _ = pacer.sent(bytes: 8000, at: .zero)
        pacer.answered(at: .milliseconds(1))  // 8 MB/s: a budget of 800 KB
        // Frames of 6 KB every 50 ms: one request every 250 ms, and none waits.
        var asked: [Int] = []
        for frame in 1...20 {
            let instant = Duration.milliseconds(50 * frame)
            #expect(pacer.isReady(at: instant))
            if pacer.sent(bytes: 6000, at: instant) {
                asked.append(frame)
                pacer.answered(at: instant + .milliseconds(1))
            }
        }
        #expect(asked == [5, 10, 15, 20])
        // More than a quarter of the budget unasked: asked at once.
        _ = pacer.sent(bytes: 150_000, at: .milliseconds(1010))
        let big = pacer.sent(bytes: 60_000, at: .milliseconds(1020))
        #expect(big)
        // On a slow link every frame asks, as before.
        var slow = answered()
        _ = slow.sent(bytes: 4000, at: .zero)
        slow.answered(at: .seconds(1))  // 4 KB/s
        for frame in 1...5 {
            let instant = Duration.seconds(1) + .milliseconds(50 * frame)
            let asks = slow.sent(bytes: 400, at: instant)
            #expect(asks)
            slow.answered(at: instant + .milliseconds(10))
        }
    }

    @Test func aTerminalThatStopsAnsweringIsNoLongerWaitedFor() {
        var pacer = answered()
        for second in 0..<4 { _ = pacer.sent(bytes: 100, at: .seconds(second * 2)) }
        #expect(pacer.answering == .no)
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
        var pacer = answered()
        _ = pacer.sent(bytes: 4000, at: .zero)
        pacer.answered(at: .seconds(1))  // 4 KB/s: 512 bytes a frame
        let (chosen, bytes) = pacer.select(runs, in: frame, firstRow: 4)
        let rows = Set(chosen.map(\.row))
        #expect(rows.contains(7), "the row the key changed")
        #expect(bytes == FramePacer.estimatedBytes(chosen, in: frame))
        #expect(bytes <= 512 + 200)
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
        let (chosen, bytes) = FramePacer().select(runs, in: frame, firstRow: 2)
        #expect(chosen == runs)
        #expect(bytes == FramePacer.estimatedBytes(runs, in: frame))
    }
}
