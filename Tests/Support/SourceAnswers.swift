import FeedCore
import Foundation

/// A source's answers, as the loop posts them, for tests that drive `AppState.apply`.
extension AppEvent {
    /// The fixtures' "now": 2026-11-30.
    public static let testDate = Date(timeIntervalSince1970: 1_796_000_000)

    /// Source `source`'s first page came, with `feed`.
    public static func loaded(_ feed: Feed, source: Int = 0, generation: Int = 1, at date: Date = testDate) -> AppEvent
    {
        .answer(SourceAnswer(generation: generation, source: source, outcome: .loaded(feed), date: date))
    }

    /// Source `source`'s first page failed (or, with `.notModified`, had not changed).
    public static func failed(
        _ failure: Failure, source: Int = 0, generation: Int = 1, at date: Date = testDate
    ) -> AppEvent {
        .answer(SourceAnswer(generation: generation, source: source, outcome: .failed(failure), date: date))
    }

    /// Part of source `source`'s first page: the posts so far, elements decoded of all (0
    /// of 0 while a body arrives).
    public static func partial(
        _ feed: Feed?, decoded: Int, total: Int, source: Int = 0, generation: Int = 1, at date: Date = testDate
    ) -> AppEvent {
        .answer(
            SourceAnswer(
                generation: generation, source: source, outcome: .partial(feed, decoded: decoded, total: total),
                date: date))
    }

    /// Source `source`'s further page at `url` came, with `feed`.
    public static func pageLoaded(
        _ feed: Feed, url: String, source: Int = 0, generation: Int = 1, at date: Date = testDate
    ) -> AppEvent {
        .answer(SourceAnswer(generation: generation, source: source, page: url, outcome: .loaded(feed), date: date))
    }

    /// Source `source`'s further page at `url` failed.
    public static func pageFailed(
        _ failure: Failure, url: String, source: Int = 0, generation: Int = 1, at date: Date = testDate
    ) -> AppEvent {
        .answer(SourceAnswer(generation: generation, source: source, page: url, outcome: .failed(failure), date: date))
    }
}
