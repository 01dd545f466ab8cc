import FoundationEssentials
import TestSupport
import Testing

@testable import FeedCore

/// The rows' ages as time goes by: the loop wakes when an age on the screen would read
/// otherwise, and only then.
@Suite struct AgesTests {
    typealias V = Views

    /// For ages across every unit: the text is the same just before the next change, and
    /// differs at it.
    @Test(arguments: [
        0, 30, 59, 60, 61, 119, 3599, 3600, 3661, 86_399, 86_400, 90_000, 29 * 86_400 + 5, 30 * 86_400,
        200 * 86_400, 364 * 86_400, 365 * 86_400, 800 * 86_400,
    ])
    func theNextChangeIsWhereTheTextChanges(age: Int) {
        let date = V.now
        let now = date + Double(age)
        let change = RelativeTime.nextChange(of: date, after: now)
        #expect(change > now)
        let before = RelativeTime.describe(date, now: change - 0.5)
        #expect(before == RelativeTime.describe(date, now: now), "age \(age): \(before)")
        #expect(RelativeTime.describe(date, now: change) != before, "age \(age) at \(change.timeIntervalSince(date))")
    }

    @Test func aFutureDateReadsNowUntilAMinuteAfterIt() {
        let date = V.now + 300
        #expect(RelativeTime.nextChange(of: date, after: V.now) == date + 60)
    }

    /// Posts 2 and 5 minutes old at 100 ms: the ages move on at 60.1 s (the newest reads
    /// "1m" then "3m"), each frame after that a minute apart, and nothing in between.
    @Test func agesMoveOnWhenTheirTextChangesAndNotBefore() {
        var state = V.started(1)
        V.answer(&state, source: 0, [V.post("a", minutesAgo: 2), V.post("b", minutesAgo: 5)], at: .milliseconds(100))
        _ = state.apply(.tick, at: .seconds(2))
        _ = state.apply(.frameDrawn, at: .seconds(2))
        #expect(state.timing.timers[.ages] == .milliseconds(60_100))
        #expect(V.frame(state, at: .seconds(60)).contains { $0.contains("2m") })
        #expect(state.nextWake(after: .seconds(2)) == .milliseconds(60_100), "no wake before an age changes")
        _ = state.apply(.tick, at: .milliseconds(60_100))
        #expect(state.timing.needsFrame, "a frame for the ages")
        let lines = V.frame(state, at: .milliseconds(60_100))
        #expect(lines.contains { $0.contains("3m") } && lines.contains { $0.contains("6m") })
        #expect(!lines.contains { $0.contains("2m") })
        #expect(state.timing.timers[.ages] == .milliseconds(120_100))
    }

    /// A post older than a day: the next wake is when its age reads a day more.
    @Test func oldPostsWakeTheLoopOnceADay() {
        var state = V.started(1)
        V.answer(&state, source: 0, [V.post("old", minutesAgo: 3 * 1440 + 30)], at: .milliseconds(100))
        _ = state.apply(.tick, at: .seconds(2))
        #expect(state.timing.timers[.ages] == .milliseconds(100) + .seconds(1410 * 60))
    }
}
