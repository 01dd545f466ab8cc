import Foundation
import TestSupport
import Testing

@testable import FeedCore

/// When each source is asked again: the run's interval or its own, never sooner than its
/// feed (`ttl`, `sy:updatePeriod`) or its server (`Cache-Control`, `Expires`) allows; a
/// longer interval of the reader's is kept.
@Suite struct RefreshFloorTests {
    private typealias V = Views

    /// Whether a tick at `second` asks `source` (of `count`).
    private func asks(_ state: inout AppState, _ source: Int, of count: Int, at second: Int) -> Bool {
        state.apply(.tick, at: .seconds(second)).contains { effect in
            if case .load(let requests, _) = effect { return requests.contains(V.request(source, of: count)) }
            return false
        }
    }

    /// The sources a tick at `second` asks.
    private func asked(_ state: inout AppState, at second: Int) -> [Int] {
        state.apply(.tick, at: .seconds(second)).flatMap { effect -> [Int] in
            if case .load(let requests, _) = effect { return requests.map(\.source) }
            return []
        }
    }

    private func answer(_ state: inout AppState, _ source: Int, floor: Duration?, at second: Int) {
        var feed = Feed(posts: [V.post("\(source)-\(second)", minutesAgo: 1)])
        feed.refreshFloor = floor
        _ = state.apply(
            .loaded(feed, source: source, generation: state.generation, at: V.now), at: .seconds(second))
    }

    @Test func aShorterIntervalWaitsForTheServersFloor() {
        var state = V.started(1, refresh: .seconds(300))
        answer(&state, 0, floor: .seconds(3600), at: 1)  // ttl 60: an hour
        #expect(!asks(&state, 0, of: 1, at: 301), "five minutes on, the feed asked for an hour")
        #expect(!asks(&state, 0, of: 1, at: 3301))
        #expect(asks(&state, 0, of: 1, at: 3601), "the first tick after the hour")
    }

    @Test func aLongerIntervalIsKept() {
        var state = V.started(1, refresh: .seconds(3600))
        answer(&state, 0, floor: .seconds(300), at: 1)
        #expect(state.apply(.tick, at: .seconds(600)).isEmpty, "no tick before the hour")
        #expect(asks(&state, 0, of: 1, at: 3601), "asked at the reader's hour, not the server's five minutes")
    }

    @Test func aNotModifiedKeepsTheLastFloor() {
        var state = V.started(1, refresh: .seconds(60))
        answer(&state, 0, floor: .seconds(600), at: 1)
        #expect(asks(&state, 0, of: 1, at: 661))
        _ = state.apply(
            .failed(.notModified, source: 0, generation: state.generation, at: V.now), at: .seconds(662))
        #expect(!asks(&state, 0, of: 1, at: 721), "a 304 starts the floor again")
        #expect(asks(&state, 0, of: 1, at: 1321))
    }

    /// `refresh=15m` on one source, the run's five minutes for the other, none for a third
    /// in a run with no interval of its own.
    @Test func eachSourceItsOwnInterval() {
        var options = V.options(2, refresh: .seconds(300))
        options.sources[1].refreshInterval = .seconds(900)
        var state = AppState(options: options, size: V.size)
        _ = state.apply(.start, at: .zero)
        answer(&state, 0, floor: nil, at: 0)
        answer(&state, 1, floor: nil, at: 0)
        #expect(asked(&state, at: 300) == [0, 1], "both due at the first tick")
        answer(&state, 0, floor: nil, at: 301)
        answer(&state, 1, floor: nil, at: 301)
        #expect(asks(&state, 0, of: 2, at: 600))
        answer(&state, 0, floor: nil, at: 601)
        #expect(!asks(&state, 1, of: 2, at: 900), "its 15 minutes are not up")
        answer(&state, 0, floor: nil, at: 901)
        #expect(asks(&state, 1, of: 2, at: 1200), "15 minutes after it was asked")

        var alone = V.options(2)
        alone.sources[0].refreshInterval = .seconds(60)
        var quiet = AppState(options: alone, size: V.size)
        _ = quiet.apply(.start, at: .zero)
        answer(&quiet, 0, floor: nil, at: 0)
        answer(&quiet, 1, floor: nil, at: 0)
        #expect(asks(&quiet, 0, of: 2, at: 60))
        #expect(!asks(&quiet, 1, of: 2, at: 120), "no interval: never refreshed")
    }
}
