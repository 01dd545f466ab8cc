import FeedCore
import FeedNetwork
import FeedTransport
import Foundation
import TestSupport
import Testing

@testable import BlueskyNetwork

/// The rules of a Bluesky poll, pure: what is new in an answer, a grouped notification
/// row that takes the place of the one it was, and the wait the rate limit asks.
@Suite struct BlueskyPollingTests {
    static func post(_ id: String) -> Post {
        Post(id: .string(id), author: Author(name: "Ada"), content: id, likes: nil, createdAt: nil)
    }

    @Test func onlyWhatIsNewIsReportedOldestFirst() {
        var memory = BlueskyPollMemory([Self.post("a"), Self.post("b")])
        #expect(memory.take([(nil, Self.post("a")), (nil, Self.post("b"))]).isEmpty)
        let reports = memory.take([(nil, Self.post("d")), (nil, Self.post("c")), (nil, Self.post("a"))])
        guard case .missed(let posts)? = reports.first, reports.count == 1 else {
            Issue.record("\(reports)")
            return
        }
        #expect(posts.map(\.content) == ["c", "d"])
        #expect(memory.take([(nil, Self.post("d"))]).isEmpty, "not twice")
        // Below the first post seen: older than the timeline's page, not new.
        #expect(memory.take([(nil, Self.post("d")), (nil, Self.post("z"))]).isEmpty)
    }

    @Test func aGroupsNewRowTakesThePlaceOfItsOldOne() {
        var memory = BlueskyPollMemory([Self.post("like-1"), Self.post("follow-1")])
        // The first answer teaches the groups of the rows loaded.
        #expect(
            memory.take([(group: "like X", Self.post("like-1")), (group: "follow", Self.post("follow-1"))]).isEmpty)
        let reports = memory.take([(group: "like X", Self.post("like-2")), (group: "follow", Self.post("follow-1"))])
        #expect(reports.count == 2)
        if case .event(.delete(let gone))? = reports.first {
            #expect(gone == "like-1")
        } else {
            Issue.record("\(reports)")
        }
        if case .missed(let posts)? = reports.last { #expect(posts.map(\.content) == ["like-2"]) }
    }

    @Test func theWaitIsTheIntervalUntilATenthOfTheWindowIsLeft() {
        let every = BlueskyPolling.interval
        #expect(every == .seconds(60))
        #expect(BlueskyPolling.wait(after: nil, every: every) == every)
        #expect(
            BlueskyPolling.wait(after: RateLimit(limit: 3000, remaining: 301, resetsIn: 250), every: every) == every)
        #expect(
            BlueskyPolling.wait(after: RateLimit(limit: 3000, remaining: 300, resetsIn: 250), every: every)
                == .seconds(250))
        #expect(BlueskyPolling.wait(after: RateLimit(limit: 3000, remaining: 0, resetsIn: 5), every: every) == every)
        // A window of one request, spent, waits; a limit of none states nothing to wait for.
        #expect(
            BlueskyPolling.wait(after: RateLimit(limit: 1, remaining: 0, resetsIn: 100), every: every) == .seconds(100))
        #expect(BlueskyPolling.wait(after: RateLimit(limit: 0, remaining: 0, resetsIn: 100), every: every) == every)
    }
}

/// The signed-in Following timeline and the notifications asked again on their own, at
/// the loopback PDS (Tests/servers/bluesky_api.py, its recorded answers; the rate limit's
/// headers as bskyr's recordings have them), on a manual clock.
@Suite(.serialized) struct LiveLoopbackTests {
    let server: FeedServer
    let account: Account
    let clock = ManualClock()
    let told = Told<LiveReport>()

    init() async throws {
        server = try FeedServer(tls: true)
        account = try await server.signedInToBluesky()
    }

    private func reader(live: Bool = true, refresh: Duration? = nil) -> any NetworkReader {
        server.blueskyReader(accounts: [account], live: live, refresh: refresh, clock: clock)
    }

    private func asks(_ method: String) throws -> Int {
        try BlueskyLog.entries(server).count { $0.path == "/xrpc/" + method }
    }

    /// Runs `source`'s live updates from its first load until the test's end.
    private func live(_ source: NetworkSource) async throws -> Task<Void, Never> {
        let live = try #require(source.live)
        let feed = try await source.loader.load { _, _, _ in }
        return Task { [told] in await live.run(after: feed) { told.append($0) } }
    }

    private func missed() -> [Post] {
        told.all.flatMap { report -> [Post] in
            if case .missed(let posts) = report { return posts }
            return []
        }
    }

    @Test func aPostMadeElsewhereJoinsTheFollowingTimelineAtTheNextAsk() async throws {
        let reader = reader()
        let home = try #require(reader.home(of: account))
        let source = try #require(reader.open(home))
        #expect(source.capabilities.contains(.live))
        let task = try await live(source)
        defer { task.cancel() }
        try await eventually("the first ask, at once") { try asks("app.bsky.feed.getTimeline") == 2 }
        try await eventually("asleep until the next") { clock.sleeperCount == 1 }
        #expect(clock.nextDeadline == clock.now + .seconds(60))
        #expect(missed().isEmpty, "nothing new since the load")
        _ = try server.get("/bluesky-api/publish?text=Made%20on%20the%20phone")
        clock.advance(toward: clock.now + .seconds(60))
        try await eventually("the new post told") { !missed().isEmpty }
        #expect(missed().map(\.content) == ["Made on the phone"])
    }

    @Test func aNewLikeTakesThePlaceOfItsGroupsRowAndAMentionIsNew() async throws {
        let reader = reader()
        let entry = try #require(reader.notifications(for: SourceEntry(source: .file("notifications"))))
        #expect(entry.title == "Notifications @bskyr.bsky.social" && entry.account == "@bskyr.bsky.social")
        let source = try #require(reader.open(entry))
        let first = try await source.loader.load { _, _, _ in }
        #expect(first.posts.count == 27)
        let liked = try #require(first.posts.first { $0.content.hasPrefix("♥ William Martindale and 5 others") })
        let task = try await live(source)
        defer { task.cancel() }
        try await eventually("asleep after the first ask") { clock.sleeperCount == 1 }
        let like = try JSONSerialization.jsonObject(with: Data(try server.get("/bluesky-api/notify?reason=like").utf8))
        let liker = try #require(((like as? [String: Any])?["author"] as? [String: Any])?["displayName"] as? String)
        _ = try server.get("/bluesky-api/notify?reason=mention")
        clock.advance(toward: clock.now + .seconds(60))
        try await eventually("the new rows told") { missed().count == 2 }
        let deleted = told.all.compactMap { report -> String? in
            if case .event(.delete(let id)) = report { return id }
            return nil
        }
        #expect(deleted.count == 1 && liked.id == .string(deleted.first ?? "-"))
        let rows = missed()
        #expect(rows.contains { $0.content.hasPrefix("♥ \(liker) and ") && $0.content.contains("liked your post") })
        #expect(rows.contains { $0.statusID != nil }, "the mention, its post's own row")
    }

    /// With a tenth of the window or less left, the next ask waits for the window's reset.
    @Test func aWindowNearlySpentWaitsForItsReset() async throws {
        let reader = reader()
        let home = try #require(reader.home(of: account))
        let source = try #require(reader.open(home))
        _ = try server.get("/bluesky-api/window?remaining=200&reset=250")
        let task = try await live(source)
        defer { task.cancel() }
        try await eventually("asleep after the first ask") { clock.sleeperCount == 1 }
        let wait = try #require(clock.nextDeadline) - clock.now
        #expect(wait > .seconds(240) && wait <= .seconds(250), "\(wait)")
    }

    /// `SHIMMERFEED_BLUESKY_POLL` asks more or less often (a PDS of one's own, a test),
    /// never more than every five seconds.
    @Test func theIntervalIsAMinuteOrAsTheEnvironmentSays() throws {
        let context = { (poll: String?) in
            NetworkContext(
                client: server.client, accounts: [account],
                environment: poll.map { ["SHIMMERFEED_BLUESKY_POLL": $0] } ?? [:], formats: Bluesky().formats,
                live: true)
        }
        #expect(BlueskyReader(context: context(nil)).pollInterval == .seconds(60))
        #expect(BlueskyReader(context: context("20")).pollInterval == .seconds(20))
        #expect(BlueskyReader(context: context("1")).pollInterval == .seconds(5))
        #expect(BlueskyReader(context: context("soon")).pollInterval == .seconds(60))
    }

    /// A 429 waits as long as the server says, longer than the interval.
    @Test func aRateLimitedAskWaitsAsLongAsTheServerSays() async throws {
        let reader = reader()
        let home = try #require(reader.home(of: account))
        let source = try #require(reader.open(home))
        let task = try await live(source)
        defer { task.cancel() }
        try await eventually("asleep after the first ask") { clock.sleeperCount == 1 }
        _ = try server.get("/bluesky-api/limit?times=1&reset=120")
        clock.advance(toward: clock.now + .seconds(60))
        try await eventually("the 429 answered") { try asks("app.bsky.feed.getTimeline") == 3 }
        try await eventually("asleep after it") { clock.sleeperCount == 1 && clock.nextDeadline ?? .zero > clock.now }
        let wait = try #require(clock.nextDeadline) - clock.now
        #expect(wait > .seconds(110) && wait <= .seconds(120), "\(wait)")
    }

    /// `--no-stream`, `stream=off`, or a refresh as often as the polls, keeps nothing live.
    @Test func noStreamOrAFrequentRefreshPollsNothing() throws {
        let cases: [(reader: any NetworkReader, live: Bool)] = [
            (reader(live: false), false), (reader(refresh: .seconds(30)), false),
            (reader(refresh: .seconds(3600)), true),
        ]
        for (reader, live) in cases {
            let home = try #require(reader.home(of: account))
            let source = try #require(reader.open(home))
            #expect((source.live != nil) == live && source.capabilities.contains(.live) == live)
        }
        // `stream=off` on its line.
        var off = try #require(reader().home(of: account))
        off.streams = false
        #expect(reader().open(off)?.live == nil)
    }
}
