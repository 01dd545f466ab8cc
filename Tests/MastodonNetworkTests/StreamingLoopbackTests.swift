import Foundation
import Synchronization
import TestSupport
import Testing

@testable import FeedCore
@testable import FeedTransport
@testable import MastodonNetwork

/// The parts of streaming that talk to the loopback Mastodon server: what a gap missed,
/// asked with `min_id` a page at a time; a stream's chunks as they come; a silent stream
/// counted as lost; a refusal told from a failure worth trying again.
@Suite(.serialized) struct StreamingLoopbackTests {
    let server: FeedServer

    init() throws {
        server = try FeedServer(tls: true)
    }

    private var base: String { "https://127.0.0.1:\(server.tlsPort ?? 0)" }

    private var client: HTTPClient { server.client }

    private func get(_ address: String) async throws -> Data {
        try await client.send(HTTPClient.Request(url: address, bearerToken: RecordedMastodon.token))
    }

    private func post(_ text: String) async throws {
        _ = try await client.send(
            HTTPClient.Request(
                url: base + "/api/v1/statuses", form: [("status", text)], bearerToken: RecordedMastodon.token))
    }

    @Test func aGapOfMoreThanAPageIsFetchedWholeOldestFirstOnceEach() async throws {
        for n in 1...45 { try await post("Posted \(n)") }
        let timeline = base + "/api/v1/timelines/home"
        let missed = try await MissedStatuses.fetch(timeline: timeline, after: RecordedMastodon.newest, get: get)
        #expect(missed.map(\.content) == (1...45).map { "Posted \($0)" })
        let asked = try MastodonLog.paths(server).filter { $0.hasPrefix("GET /api/v1/timelines/home") }
        #expect(asked.count == 2, "40, then the 5 after them: \(asked)")
        // From the newest of them, nothing.
        let newest = try #require(missed.last.flatMap(StatusID.of))
        #expect(try await MissedStatuses.fetch(timeline: timeline, after: newest, get: get).isEmpty)
        // Without a status known, the newest page: the 40 newest, oldest first.
        let newestPage = try await MissedStatuses.fetch(timeline: timeline, after: nil, get: get)
        #expect(newestPage.map(\.content) == (6...45).map { "Posted \($0)" })
    }

    @Test func theAddressKeepsTheTimelinesOwnQuery() {
        #expect(
            MissedStatuses.address("https://h/api/v1/timelines/public?local=true", after: "12")
                == "https://h/api/v1/timelines/public?local=true&min_id=12&limit=40")
        #expect(
            MissedStatuses.address("https://h/api/v1/timelines/home", after: nil)
                == "https://h/api/v1/timelines/home?limit=40")
        #expect(StatusID.isOlder("99", than: "100") && !StatusID.isOlder("100", than: "99"))
        #expect(StatusID.isOlder("117020593473214477", than: "117020593473214478"))
    }

    @Test func aStreamsChunksComeAsTheyAreSentWithTheTokenInTheHeader() async throws {
        let chunks = Shared(Mutex<Data>(Data()))
        let (client, url) = (client, base + "/api/v1/streaming/user")
        let task = Task {
            try await client.stream(url, token: RecordedMastodon.token, silence: .seconds(10)) { chunk in
                chunks.value.withLock { $0.append(contentsOf: chunk) }
            }
        }
        try await cancelling(task) {
            try await until { chunks.value.withLock { $0.starts(with: Data(":)\n".utf8)) } }
            _ = try server.get("/mastodon-api/stream-recorded?event=0")
            try await until {
                chunks.value.withLock { String(decoding: $0, as: UTF8.self).contains("only real cars respond.") }
            }
        }
        task.cancel()
        guard case .failure(let error) = await task.result else {
            Issue.record("a cancelled stream ended otherwise")
            return
        }
        #expect(error is CancellationError)
        let streamed = try MastodonLog.entries(server).first { $0.path == "/api/v1/streaming/user" }
        #expect(
            streamed?.rightToken == true && streamed?.fields == [], "the token in the header, nothing in the address")
    }

    @Test func aSilentStreamIsLostAndARefusalIsTold() async throws {
        _ = try server.get("/mastodon-api/streaming?heartbeat=5")
        let silent = try await stream(base + "/api/v1/streaming/user", silence: .seconds(1))
        guard case .failed(let failure) = silent, case .stalled = failure else {
            Issue.record("not stalled: \(silent)")
            return
        }
        #expect(!MastodonStreaming.isRefusal(failure))
        _ = try server.get("/mastodon-api/streaming?mode=refuse")
        let refused = try await stream(base + "/api/v1/streaming/user", silence: .seconds(5))
        guard case .failed(let refusal) = refused else {
            Issue.record("not refused: \(refused)")
            return
        }
        #expect(refusal.message.contains("401"))
        #expect(MastodonStreaming.isRefusal(refusal))
        for code in [500, 502, 503, 408, 429] {
            #expect(
                !MastodonStreaming.isRefusal(.httpStatus(code: code, reason: "", url: "")), "\(code) is tried again")
        }
        #expect(MastodonStreaming.isRefusal(.httpStatus(code: 404, reason: "", url: "")))
        #expect(!MastodonStreaming.isRefusal(.connectionLost(host: "h")))
        // Over http, the token is not sent at all.
        let plain = try await stream("http://127.0.0.1:\(server.port)/api/v1/streaming/user", silence: .seconds(5))
        #expect(plain == .failed(.tokenOverPlainHTTP(host: "127.0.0.1")))
    }

    /// A server that cannot answer where it streams (503) is asked again after the
    /// back-off, and streamed from; only a refusal makes the viewer poll.
    @Test func anInstanceThatFailsIsAskedAgainNotPolled() async throws {
        _ = try server.get("/mastodon-api/instance-fails?times=1")
        let reports = Shared(Mutex<[String]>([]))
        let setup = MastodonStreaming.Setup(
            server: base, timeline: base + "/api/v1/timelines/home", token: RecordedMastodon.token, client: client)
        let task = Task {
            await MastodonStreaming(setup).run(after: RecordedMastodon.newest) { report in
                reports.value.withLock { $0.append("\(report)") }
            }
        }
        try await cancelling(task) {
            try await until { (try? server.get("/mastodon-api/streaming"))?.contains("\"opened\": 1") == true }
        }
        let asked = try MastodonLog.paths(server).filter { $0 == "GET /api/v2/instance" }
        #expect(asked.count == 2, "asked again after the 503")
        #expect(reports.value.withLock { $0.allSatisfy { !$0.contains("polling") } })
    }

    /// A connection whose gap cannot be fetched (the timeline answers 503) is closed at
    /// once and opened again after the back-off, not held open unread until the server
    /// ends it.
    @Test func aGapThatCannotBeFetchedClosesTheConnectionAndTriesAgain() async throws {
        _ = try server.get("/mastodon-api/timeline-fails?times=1")
        let setup = MastodonStreaming.Setup(
            server: base, timeline: base + "/api/v1/timelines/home", token: RecordedMastodon.token, client: client)
        let task = Task { await MastodonStreaming(setup).run(after: RecordedMastodon.newest) { _ in } }
        try await cancelling(task) {
            try await until { (try? server.get("/mastodon-api/streaming"))?.contains("\"opened\": 2") == true }
            // The gap asked again on the second connection, once its first byte has come.
            try await until { homeAsked() == 2 }
        }
        #expect((try? server.get("/mastodon-api/streaming"))?.contains("\"opened\": 2") == true)
    }

    private func homeAsked() -> Int {
        ((try? MastodonLog.paths(server)) ?? []).count { $0 == "GET /api/v1/timelines/home" }
    }

    /// A stream of the account's, with its token, read to its end, its chunks dropped.
    private func stream(_ url: String, silence: Duration) async throws -> EventStreamTransfer.End {
        try await client.stream(url, token: RecordedMastodon.token, silence: silence) { _ in }
    }

    private func until(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() {
            guard ContinuousClock.now < deadline else { throw TimedOut() }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    struct TimedOut: Error {}
}

/// A value shared by reference, for a `Mutex` (which cannot be copied) in a closure.
final class Shared<Value: ~Copyable>: Sendable where Value: Sendable {
    let value: Value
    init(_ value: consuming Value) { self.value = value }
}
