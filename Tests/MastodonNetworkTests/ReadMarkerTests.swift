import FeedNetwork
import Foundation
import TestSupport
import Testing

@testable import FeedCore
@testable import MastodonNetwork

private typealias V = Views

/// The read position a Mastodon server keeps (markers): the recorded answer decoded; two
/// positions merged never go back; the statuses at or older than the marker count as read,
/// whenever they arrive, and what the store has as read stays read.
@Suite struct ReadMarkerTests {
    /// The recorded home timeline, read with marks kept, its 13 statuses unread.
    private func loaded(read: Set<PostID> = []) throws -> AppState {
        var options = V.options(1, animation: .none)
        options.tracksRead = true
        var state = AppState(options: options, size: TerminalSize(width: 100, height: 30))
        _ = state.apply(.start, at: .zero)
        state.read = read
        _ = V.answer(&state, source: 0, try homeTimeline(), at: .milliseconds(100))
        return state
    }

    private func homeTimeline() throws -> [Post] {
        try FeedDocumentDecoder.decode(Fixtures.data("mastodon-api/timelines_home.json")).posts
    }

    private func marked(_ effects: [AppEffect]) -> [PostID] {
        effects.flatMap { effect -> [PostID] in
            guard case .keepMarks(let marks) = effect else { return [] }
            return marks.compactMap { if case .read(let id, _, true) = $0 { id } else { nil } }
        }
    }

    @Test func theRecordedMarkersDecodeAndMergeWithoutGoingBack() throws {
        let recorded = try MastodonMarkers.decode(Fixtures.data("mastodon-api/markers.json"))
        #expect(recorded == ReadPositions(home: "117020574841135347"))
        #expect(try MastodonMarkers.decode(Data("{}".utf8)).isEmpty)
        #expect(!ReadPositions(home: "1").isEmpty && !ReadPositions(notifications: "1").isEmpty)
        let older = ReadPositions(home: "99", notifications: "7")
        let newer = ReadPositions(home: "100", notifications: "5")
        #expect(older.merged(with: newer) == ReadPositions(home: "100", notifications: "7"))
        #expect(newer.merged(with: older) == ReadPositions(home: "100", notifications: "7"))
        #expect(newer.newer(than: older) == ReadPositions(home: "100"))
        #expect(older.newer(than: ReadPositions()) == older)
        #expect(older.newer(than: older).isEmpty)
    }

    @Test func statusesAtOrOlderThanTheMarkerAreReadAndKept() throws {
        var state = try loaded()
        let posts = try #require(state.feed?.posts)
        #expect(state.unreadCount == 13)
        // The marker at the fourth status: it and the nine older ones are read.
        let marker = posts[3].id.untagged(by: 0)
        let effects = state.apply(.readMarker(source: 0, lastReadID: marker))
        #expect(Set(marked(effects)) == Set(posts[3...].map(\.id)))
        #expect(state.unreadCount == 3)
        #expect(posts[..<3].allSatisfy { !state.read.contains($0.id) })
        // An older marker (another, slower answer) changes nothing.
        #expect(marked(state.apply(.readMarker(source: 0, lastReadID: posts[8].id.untagged(by: 0)))).isEmpty)
        #expect(state.unreadCount == 3)
    }

    @Test func aStatusArrivingLaterIsReadIfTheMarkerCoversIt() throws {
        var options = V.options(1, animation: .none)
        options.tracksRead = true
        var state = AppState(options: options, size: TerminalSize(width: 100, height: 30))
        _ = state.apply(.start, at: .zero)
        let posts = try homeTimeline()
        // The marker comes before the timeline.
        _ = state.apply(.readMarker(source: 0, lastReadID: posts[10].id.description))
        let effects = V.answer(&state, source: 0, posts, at: .milliseconds(100))
        #expect(marked(effects).count == 3)
        #expect(state.unreadCount == 10)
    }

    @Test func aNewerReadMarkInTheStoreWins() throws {
        let posts = try homeTimeline()
        // The store has the newest status read; the server's marker is older.
        var state = try loaded(read: [posts[0].id.tagged(by: 0)])
        #expect(state.unreadCount == 12)
        _ = state.apply(.readMarker(source: 0, lastReadID: posts[5].id.description))
        #expect(state.read.contains(posts[0].id.tagged(by: 0)), "still read")
        #expect(state.unreadCount == 12 - 8)
    }
}
