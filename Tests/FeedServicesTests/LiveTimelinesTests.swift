import FeedCore
import FeedServices
import FeedTransport
import Foundation
import TestSupport
import Testing

/// Timelines kept live (docs/mastodon.md, "Live timelines"): a timeline read with an account starts
/// streaming once its first load has come, from the newest post that load brought; a lost
/// stream is connected again after a back-off (on a manual clock here) and first fetches
/// what it missed; a refused one is said once and polled instead; `--no-stream` keeps
/// nothing live. Against the loopback server's Mastodon streaming API, wired as `main` does.
@Suite(.serialized) struct LiveTimelinesTests {
    let loopback: LoopbackRun
    let clock = ManualClock()
    let told = Told<AppEvent>()

    init() throws {
        loopback = try LoopbackRun()
        try loopback.signIn([loopback.mastodonAccount])
    }

    /// The account's home (`arguments`) loaded once with its live updates connected to
    /// `told`; then `body`, and the updates stopped however it ended: no stream is left
    /// running on its thread.
    private func live(_ arguments: [String] = [], _ body: () async throws -> Void) async throws {
        let run = try loopback.run(arguments, clock: clock)
        let live = run.live
        #expect(live.isLive)
        live.connect { [told] event in told.append(event) }
        do {
            let loader = try #require(run.loaders(clock: clock, live: live).first)
            _ = try await loader.load { _, _, _ in }
            try await body()
        } catch {
            await live.stop()
            throw error
        }
        await live.stop()
    }

    /// The stream open, and the gap since the load asked.
    private func streaming() async throws {
        try await eventually("the stream open, and the gap since the load asked") {
            try opened() == 1 && homeAsked().count == 2
        }
    }

    private func opened() throws -> Int {
        let answer = try loopback.server.get("/mastodon-api/streaming")
        return Int(answer.split(separator: ":").last?.filter(\.isNumber) ?? "") ?? -1
    }

    /// Another client of the account posts `text`.
    private func postElsewhere(_ text: String) throws {
        _ = try loopback.server.post(
            "/api/v1/statuses", form: "status=" + FormEncoding.escape(text), token: RecordedMastodon.token)
    }

    /// The statuses streamed to the loop, by their text, in order.
    private func streamed() -> [String] {
        told.all.compactMap { event in
            guard case .streamed(0, .update(let post)) = event else { return nil }
            return post.content
        }
    }

    /// The home timeline's requests: the names of their query's fields.
    private func homeAsked() throws -> [[String]] {
        try MastodonLog.entries(loopback.server).filter { $0.path == "/api/v1/timelines/home" }.map(\.fields)
    }

    @Test func aTimelineGoesLiveAfterItsFirstLoadFromItsNewestPost() async throws {
        try await live {
            try await streaming()
            // The gap from the load's newest status to the stream's opening: asked after
            // it, and nothing there (from the start, it would be the whole timeline again).
            let asked = try homeAsked()
            #expect(asked.last?.contains("min_id") == true, "\(asked)")
            try await Task.sleep(for: .milliseconds(100))
            #expect(told.all.isEmpty, "nothing missed since the load")
            try postElsewhere("Streamed to us")
            try await eventually("the status streamed") { streamed() == ["Streamed to us"] }
        }
        // Stopped: what is posted now is told to no one.
        try postElsewhere("After the stop")
        try await Task.sleep(for: .milliseconds(200))
        #expect(streamed() == ["Streamed to us"])
    }

    @Test func aLostStreamIsOpenedAgainAfterItsBackOffAndFetchesWhatItMissed() async throws {
        try await live {
            try await streaming()
            try postElsewhere("Before the cut")
            try await eventually("the first status") { streamed() == ["Before the cut"] }
            // The next event is cut in its middle, and the stream closed.
            _ = try loopback.server.get("/mastodon-api/streaming?mode=cut")
            try postElsewhere("Cut in the middle")
            try await eventually("the back-off's sleep on the clock") { clock.sleeperCount == 1 }
            try postElsewhere("Posted while down")
            try await Task.sleep(for: .milliseconds(200))
            #expect(try opened() == 1, "not opened again before the back-off")
            #expect(streamed() == ["Before the cut"], "half an event is no status")
            clock.advance(toward: clock.now + .seconds(60))
            try await eventually("the stream opened again") { try opened() == 2 }
            try await eventually("the missed statuses") { streamed().count == 3 }
            #expect(streamed() == ["Before the cut", "Cut in the middle", "Posted while down"], "oldest first")
            #expect(try homeAsked().last?.contains("min_id") == true, "from the newest status streamed")
        }
    }

    @Test func aRefusedStreamIsSaidOnceAndPolledOnTheClock() async throws {
        _ = try loopback.server.get("/mastodon-api/streaming?mode=refuse")
        try await live {
            try await eventually("the refusal said") {
                told.all.contains { if case .notice = $0 { true } else { false } }
            }
            let notices = told.all.compactMap { event -> String? in
                if case .notice(let text) = event { return text }
                return nil
            }
            #expect(
                notices == [
                    "Not live: \(loopback.host.split(separator: ":")[0]) refused streaming (HTTP 401 Unauthorized); "
                        + "polling every 5 min"
                ], "\(notices)")
            try postElsewhere("Found by the poll")
            try await eventually("the poll's sleep") { clock.sleeperCount == 1 }
            let before = try homeAsked().count
            clock.advance(toward: clock.now + .seconds(300))
            try await eventually("the poll") { streamed() == ["Found by the poll"] }
            #expect(try homeAsked().count == before + 1)
            // The next poll asks after what this one found: nothing new, nothing told again.
            try await eventually("the next poll's sleep") { clock.sleeperCount == 1 }
            clock.advance(toward: clock.now + .seconds(300))
            try await eventually("the next poll") { try homeAsked().count == before + 2 }
            try await eventually("its answer read, the poll asleep again") { clock.sleeperCount == 1 }
            #expect(streamed() == ["Found by the poll"], "a status found once is told once")
            #expect(try opened() == 0)
        }
        #expect(clock.sleeperCount == 0, "the stopped poll sleeps no more")
    }

    @Test func noStreamKeepsNothingLive() throws {
        let run = try loopback.run(["--no-stream"], clock: clock)
        #expect(!run.live.isLive)
        #expect(run.sources.statuses.allSatisfy { !$0.capabilities.contains(.live) })
        #expect(try loopback.run([], clock: clock).sources.statuses.first?.capabilities.contains(.live) == true)
    }
}
