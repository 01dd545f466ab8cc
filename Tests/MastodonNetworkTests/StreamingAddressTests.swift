import Foundation
import TestSupport
import Testing

@testable import FeedCore
@testable import MastodonNetwork

/// Which stream carries a timeline, where the instance says it streams, and how long to
/// wait before connecting again.
@Suite struct StreamingAddressTests {
    private func path(_ timeline: String) -> String? {
        MastodonStreamAddress.path(forTimeline: URL(string: timeline)!)
    }

    @Test func eachTimelineHasTheStreamThatCarriesIt() {
        let base = "https://mastodon.example/api/v1/timelines/"
        #expect(path(base + "home") == "/api/v1/streaming/user")
        #expect(path(base + "public") == "/api/v1/streaming/public")
        #expect(path(base + "public?local=true") == "/api/v1/streaming/public/local")
        #expect(path(base + "public?remote=true&only_media=true") == "/api/v1/streaming/public/remote/media")
        #expect(path(base + "tag/swift") == "/api/v1/streaming/hashtag?tag=swift")
        #expect(path(base + "tag/caf%C3%A9?local=true") == "/api/v1/streaming/hashtag/local?tag=caf%C3%A9")
        #expect(path(base + "list/42") == "/api/v1/streaming/list?list=42")
        // No stream carries these.
        #expect(path("https://mastodon.example/api/v1/accounts/1/statuses") == nil)
        #expect(path(base + "home/extra") == nil)
        #expect(path(base + "link?url=x") == nil)
    }

    @Test func theStreamingBaseIsTheInstancesOverHTTPSOnly() throws {
        #expect(MastodonStreamAddress.base("wss://streaming.mastodon.example") == "https://streaming.mastodon.example")
        #expect(MastodonStreamAddress.base("wss://127.0.0.1:8443/") == "https://127.0.0.1:8443")
        #expect(MastodonStreamAddress.base("https://mastodon.example") == "https://mastodon.example")
        // The token would go in the clear, or the address is not a base.
        #expect(MastodonStreamAddress.base("ws://localhost:4000") == nil)
        #expect(MastodonStreamAddress.base("http://mastodon.example") == nil)
        #expect(MastodonStreamAddress.base("wss://host/path") == nil)
        #expect(MastodonStreamAddress.base("wss://user@host") == nil)
        #expect(MastodonStreamAddress.base("wss://") == nil)
        // As the recorded instance names it (a development server's, ws://localhost:4000).
        let recorded = try MastodonAnswer.streamingBase(inInstance: Fixtures.data("mastodon-api/instance.json"))
        #expect(recorded == "ws://localhost:4000")
        #expect(try MastodonAnswer.streamingBase(inInstance: Data(#"{"configuration":{}}"#.utf8)) == nil)
    }

    @Test func theWaitDoublesFromASecondToAMinuteWithJitterAndStartsAgainOnceItWorked() {
        var backoff = StreamBackoff()
        // Without jitter's random part (0): half of each ceiling; with all of it (1): the ceiling.
        var least: [Duration] = []
        for _ in 0..<9 { least.append(backoff.next(random: 0)) }
        #expect(least == [0.5, 1, 2, 4, 8, 16, 30, 30, 30].map { Duration.milliseconds(Int($0 * 1000)) })
        var most = StreamBackoff()
        #expect((0..<3).map { _ in most.next(random: 1) } == [.seconds(1), .seconds(2), .seconds(4)])
        var middle = StreamBackoff()
        #expect(middle.next(random: 0.5) == .milliseconds(750))
        // A hundred failures on: still a minute at most, no overflow.
        for _ in 0..<100 { _ = backoff.next(random: 1) }
        #expect(backoff.next(random: 1) == .seconds(60))
        backoff.reset()
        #expect(backoff.next(random: 0) == .milliseconds(500))
    }
}

extension StreamingAddressTests {
    @Test func aPollingIntervalIsWrittenAsPeopleWriteIt() {
        #expect(RefreshInterval.describe(.seconds(5)) == "5 s")
        #expect(RefreshInterval.describe(.seconds(300)) == "5 min")
        #expect(RefreshInterval.describe(.seconds(5400)) == "1 h 30 min")
        #expect(RefreshInterval.describe(.seconds(3661)) == "1 h 1 min 1 s")
    }
}
