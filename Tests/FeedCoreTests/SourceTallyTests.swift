import Foundation
import TestSupport
import Testing

@testable import FeedCore

/// The sources' counts the screen reads (awaited, loading, failed, skipped), kept beside
/// the sources: they are what a count of the statuses would say, after every change.
@Suite struct SourceTallyTests {
    typealias V = Views

    @Test func eachCountIsTheStatusesOwn() {
        var statuses = (0..<6).map { SourceStatus(name: "Source \($0)") }
        statuses[0].started()  // awaited
        statuses[1].started()
        statuses[1].loaded(Feed(posts: [], skipped: 2), at: V.now)  // loaded, two skipped
        statuses[1].page = .loading
        statuses[2].failed(.refused(host: "e.org", port: nil), at: .zero, refreshInterval: nil)
        statuses[3].loaded(Feed(posts: []), at: V.now)
        statuses[3].started()  // a refresh: loading, not awaited
        statuses[4].page = .failed(.notFound(path: "/feed"))
        let tally = SourceTally(statuses)
        #expect(tally.awaited == 1 && tally.loading == 2 && tally.pagesLoading == 1 && tally.pending == 2)
        #expect(tally.failed == 1 && tally.pagesFailed == 1 && tally.skipped == 2)
        #expect(SourceFooter.skeletonRows(tally) == SourceFooter.maximumSkeletonRows)
    }

    /// Through a start, answers, a failure and `r`, the view's tally is never stale.
    @Test func theViewsTallyFollowsItsSources() {
        var state = V.started(3)
        #expect(state.tally == SourceTally(state.sources) && state.sourcesAwaited == 3)
        _ = V.answer(&state, source: 0, V.feeds(3, perSource: 2)[0], at: .milliseconds(300))
        #expect(state.tally == SourceTally(state.sources) && state.sourcesAwaited == 2)
        _ = V.fail(&state, source: 1, .refused(host: "e.org", port: nil), at: .milliseconds(400))
        #expect(state.tally == SourceTally(state.sources) && state.tally.failed == 1)
        _ = V.answer(&state, source: 2, V.feeds(3, perSource: 2)[2], at: .milliseconds(500))
        #expect(state.tally == SourceTally(state.sources) && state.sourcesLoading == 0)
        _ = state.apply(.key(.character("r")), at: .seconds(2))
        #expect(state.tally == SourceTally(state.sources) && state.sourcesLoading == 3)
        #expect(V.status(state, at: .seconds(2)).contains("3 of 3 sources loading"))
    }
}
