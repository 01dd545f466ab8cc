import FeedCore
import FeedServices
import Foundation
import TestSupport
import Testing

/// The read position kept on the server (docs/mastodon.md, "The read position"): read at start, where
/// it marks the home timeline's posts read and counts the unread notifications; moved by
/// the home timeline only, never back, written at most once an interval (on a manual clock
/// here) and at quit; never written before the server's own is known. Against the loopback
/// server's Mastodon markers, an account reading its home and its server's public timeline.
@Suite(.serialized) struct ReadPositionTests {
    let loopback: LoopbackRun
    let clock = ManualClock()
    let sync: ReadPositionSync
    let events = Told<AppEvent>()
    static let interval = ReadPositionSync.interval

    init() throws {
        loopback = try LoopbackRun()
        try loopback.signIn([loopback.mastodonAccount])
        let account = "account=\(loopback.mastodonHandle)"
        try """
        \(loopback.base)/api/v1/timelines/home \(account)
        \(loopback.base)/api/v1/timelines/public \(account)
        """.write(to: loopback.config.appendingPathComponent("feeds"), atomically: true, encoding: .utf8)
        sync = try loopback.run([], clock: clock).readPositions
    }

    private func writes() throws -> [[String]] {
        try MastodonLog.entries(loopback.server).filter { $0.method == "POST" && $0.path == "/api/v1/markers" }.map(
            \.fields)
    }

    /// The markers the server holds now.
    private func held() throws -> String {
        try loopback.server.get("/mastodon-api/markers")
    }

    /// `start`ed, and its reading of the server done: the home's position known (each
    /// test sets one on the server first), and told.
    private func started() async throws {
        sync.start { [events] event in events.append(event) }
        try await eventually("the home's read position told") {
            events.all.contains { if case .readMarker = $0 { true } else { false } }
        }
    }

    private func read(_ id: String, source: Int) -> PostMark {
        .read(PostID.string(id).tagged(by: source), source: source, true)
    }

    /// Waits until a task sleeps on the clock, then moves the clock on by the interval.
    private func afterTheInterval() async throws {
        try await eventually("a write scheduled") { clock.sleeperCount > 0 }
        clock.advance(toward: clock.now + Self.interval)
    }

    /// The last writes at quit, off the test's task: `flush` waits for them.
    private func quit() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread { [sync] in
                sync.flush()
                done.resume()
            }.start()
        }
    }

    @Test func atStartTheServersPositionMarksTheHomeReadAndTheUnreadNotificationsAreCounted() async throws {
        _ = try loopback.server.get("/mastodon-api/markers?home=\(RecordedMastodon.second)")
        try await started()
        let told = events.all
        let markers = told.compactMap { event -> String? in
            guard case .readMarker(let source, let id) = event else { return nil }
            return "\(source) \(id)"
        }
        #expect(markers == ["0 \(RecordedMastodon.second)"], "the home timeline's, not the public one's")
        let unread = told.compactMap { event -> Int? in
            guard case .notificationsUnread(let count) = event else { return nil }
            return count
        }
        #expect(unread.count == 1 && unread[0] > 0, "the recorded notifications, none read: \(unread)")
        #expect(try writes().isEmpty, "reading writes nothing")
    }

    @Test func aPostReadInTheHomeIsWrittenAfterTheIntervalAndNotBefore() async throws {
        _ = try loopback.server.get("/mastodon-api/markers?home=\(RecordedMastodon.second)")
        try await started()
        sync.observe([read(RecordedMastodon.newest, source: 0)])
        try await eventually("a write scheduled") { clock.sleeperCount == 1 }
        #expect(try writes().isEmpty, "not before the interval")
        // A second post read within the interval joins the same write.
        sync.observe([read(RecordedMastodon.newest, source: 0)])
        #expect(clock.sleeperCount == 1)
        clock.advance(toward: clock.now + Self.interval - .seconds(1))
        #expect(try writes().isEmpty)
        clock.advance(toward: clock.now + .seconds(1))
        try await eventually("the write") { try !writes().isEmpty }
        #expect(try writes() == [["home[last_read_id]"]])
        #expect(try held().contains(RecordedMastodon.newest))
    }

    @Test func aPostReadInAnotherTimelineOfTheAccountMovesNothing() async throws {
        _ = try loopback.server.get("/mastodon-api/markers?home=\(RecordedMastodon.second)")
        try await started()
        sync.observe([read(RecordedMastodon.newest, source: 1)])
        #expect(clock.sleeperCount == 0, "nothing to write")
        await quit()
        #expect(try writes().isEmpty)
    }

    @Test func theReadPositionNeverMovesBack() async throws {
        _ = try loopback.server.get("/mastodon-api/markers?home=\(RecordedMastodon.newest)")
        try await started()
        sync.observe([read(RecordedMastodon.second, source: 0)])
        #expect(clock.sleeperCount == 0, "older than the server's: nothing to write")
        await quit()
        #expect(try writes().isEmpty)
        #expect(try held().contains(RecordedMastodon.newest))
    }

    @Test func nothingIsWrittenBeforeTheServersPositionIsKnown() async throws {
        sync.observe([read(RecordedMastodon.newest, source: 0)])
        #expect(clock.sleeperCount == 0)
        await quit()
        #expect(try MastodonLog.entries(loopback.server).isEmpty, "not even read: the loop never started it")
    }

    @Test func atQuitTheLastReadIsWrittenWithoutWaitingForTheInterval() async throws {
        _ = try loopback.server.get("/mastodon-api/markers?home=\(RecordedMastodon.second)")
        try await started()
        sync.observe([read(RecordedMastodon.newest, source: 0)])
        await quit()
        #expect(try writes() == [["home[last_read_id]"]])
        // The scheduled write finds nothing left to write.
        try await afterTheInterval()
        try await Task.sleep(for: .milliseconds(200))
        #expect(try writes().count == 1)
    }

    @Test func notificationsSeenMoveTheNotificationsPositionOnly() async throws {
        _ = try loopback.server.get("/mastodon-api/markers?home=\(RecordedMastodon.second)&notifications=1")
        try await started()
        sync.notificationsSeen(source: 1, newest: "12345")
        try await afterTheInterval()
        try await eventually("the write") { try !writes().isEmpty }
        #expect(try writes() == [["notifications[last_read_id]"]])
        #expect(try held().contains("12345") && held().contains(RecordedMastodon.second))
    }

    /// `--offline` and `--dump` touch no server: no read position is read or written.
    @Test func offlineOrDumpedNoReadPositionIsKept() throws {
        for arguments in [["--offline"], ["--dump"]] {
            let run = try loopback.run(arguments, clock: clock)
            #expect(!run.readPositions.syncs, "\(arguments)")
            #expect(run.sources.statuses.allSatisfy { !$0.capabilities.contains(.readPosition) }, "\(arguments)")
        }
        #expect(sync.syncs, "the same sources, online, keep it")
    }
}
