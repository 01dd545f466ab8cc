import Testing

@testable import FeedCore

/// The state's timers in one table: the next wake is its earliest deadline, a pause holds
/// the fades and nothing else, and what is due fires in the table's order.
@Suite struct TimerTableTests {
    @Test func theNextWakeIsTheEarliestDeadlineAndAPauseHoldsOnlyTheFades() {
        var table = TimerTable()
        #expect(table.earliest(paused: false) == nil)
        table[.refresh] = .seconds(30)
        table[.rowsFade] = .seconds(1)
        table[.picturesFade] = .seconds(2)
        #expect(table.earliest(paused: false) == .seconds(1))
        #expect(table.earliest(paused: true) == .seconds(30), "the fades wait for the pause to end")
    }

    @Test func whatIsDueFiresOnceInTheTablesOrder() {
        var table = TimerTable()
        table[.refresh] = .milliseconds(100)
        table[.skeletonShows] = .milliseconds(150)
        table[.heldAnswers] = .milliseconds(120)
        table[.rowsFade] = .seconds(5)
        let due = table.takeDue(at: .milliseconds(150), paused: false)
        #expect(due.map { $0.timer } == [.skeletonShows, .heldAnswers, .refresh])
        #expect(due.map { $0.deadline } == [.milliseconds(150), .milliseconds(120), .milliseconds(100)])
        #expect(table.takeDue(at: .milliseconds(150), paused: false).isEmpty, "taken out when fired")
        #expect(table.earliest(paused: false) == .seconds(5))
    }

    @Test func aPauseThatEndsMovesTheFadesOnByItsLength() {
        var table = TimerTable()
        table[.rowsFade] = .seconds(1)
        table[.refresh] = .seconds(3)
        #expect(table.takeDue(at: .seconds(2), paused: true).map { $0.timer }.isEmpty)
        table.resume(after: .seconds(2))
        #expect(table[.rowsFade] == .seconds(3))
        #expect(table[.refresh] == .seconds(3), "a refresh keeps the clock's time")
    }

    /// The loop wakes for every timer in the table: none is slept through.
    @Test func theStateWakesAtItsSkeletonsShowDelay() {
        var state = AppState(source: "t", animation: .slide, size: TerminalSize(width: 80, height: 24))
        _ = state.apply(.start, at: .zero)
        _ = state.apply(.frameDrawn, at: .zero)
        #expect(state.nextWake(after: .zero) == SkeletonTiming.showDelay)
        _ = state.apply(.tick, at: SkeletonTiming.showDelay)
        #expect(state.showsSkeleton)
    }
}
