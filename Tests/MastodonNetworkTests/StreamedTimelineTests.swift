import FeedTransport
import Foundation
import TestSupport
import Testing

@testable import FeedCore
@testable import MastodonNetwork

/// Statuses streamed into the timeline (issue 38's first part, in the state): a new status
/// goes on top; when the reader has moved, the selected post keeps its line and the new
/// ones are counted; an edit replaces its row; a deletion takes its row and the selection
/// stays or moves on. The events are the ones a real server streamed (mastodon-streaming).
@Suite struct StreamedTimelineTests {
    typealias V = Views
    static let size = TerminalSize(width: 100, height: 30)

    private func loaded() throws -> AppState {
        var options = V.options(1, animation: .none)
        options.readFromMastodon(withAccount: true)
        var state = AppState(options: options, size: Self.size)
        _ = state.apply(.start, at: .zero)
        let feed = try FeedDocumentDecoder.decode(Fixtures.data("mastodon-api/timelines_home.json"))
        _ = V.answer(&state, source: 0, feed.posts, at: .milliseconds(100))
        return state
    }

    /// The recorded stream's events, decoded.
    private func streamed() throws -> [StreamingEvent] {
        var reader = ServerSentEvents()
        return try reader.read(try Fixtures.data("mastodon-streaming/user.sse")).compactMap { item throws(Failure) in
            if case .event(let event) = item { try StreamingEvent.decode(event) } else { nil }
        }
    }

    /// The recorded `update`'s status, as a new status numbered `n`, a minute newer each.
    private func newStatus(_ n: Int) throws -> Post {
        guard case .update(var post) = try streamed()[0] else { throw Failure.empty }
        post.id = .string("9\(n)")
        post.statusID = "9\(n)"
        post.content = "Streamed \(n)"
        post.createdAt = Date(timeIntervalSince1970: 1_900_000_000 + Double(n) * 60)
        return post
    }

    @Test func atTheTopANewStatusIsTheFirstRow() throws {
        var state = try loaded()
        let count = state.feed?.posts.count ?? 0
        guard case .update(let post) = try streamed()[0] else { return }
        _ = state.apply(.streamed(source: 0, .update(post)), at: .seconds(1))
        #expect(state.feed?.posts.count == count + 1)
        #expect(state.feed?.posts.first?.statusID == "117024236332527350")
        #expect(state.selected == 0 && state.newAbove == 0)
        #expect(V.frame(state, at: .seconds(1))[1].contains("only real cars respond."))
    }

    @Test func threeNewStatusesWhileTheReaderReadsTheFourthKeepItsLine() throws {
        var state = try loaded()
        for second in 1...3 { _ = state.apply(.key(.character("j")), at: .seconds(second)) }
        let reading = try #require(state.selectedPost)
        let before = V.frame(state, at: .seconds(3))
        let line = try #require(V.selectionLine(state, at: .seconds(3)))
        for n in 1...3 { _ = state.apply(.streamed(source: 0, .update(try newStatus(n))), at: .seconds(3 + n)) }
        #expect(state.selectedPost?.id == reading.id && state.selected == 6)
        #expect(V.selectionLine(state, at: .seconds(6)) == line, "the post read keeps its line")
        let after = V.frame(state, at: .seconds(6))
        #expect(after[0].contains("▲ 3 new"), "\(after[0])")
        #expect(after[line...].prefix(2) == before[line...].prefix(2))
        // g: the newest, and the marker goes.
        _ = state.apply(.key(.character("g")), at: .seconds(7))
        #expect(state.newAbove == 0 && state.selectedPost?.content == "Streamed 3")
    }

    @Test func anEditReplacesItsRowAndADeletionTakesItAway() throws {
        var state = try loaded()
        let events = try streamed()
        guard case .update(let post) = events[0], case .edited(var edited) = events[4] else { return }
        _ = state.apply(.streamed(source: 0, .update(post)), at: .seconds(1))
        let count = state.feed?.posts.count ?? 0
        edited.content = "an edit, as streamed"
        _ = state.apply(.streamed(source: 0, .edited(edited)), at: .seconds(2))
        #expect(state.feed?.posts.count == count, "replaced, not added")
        #expect(state.feed?.posts.first?.content == "an edit, as streamed")
        // The selected post deleted: the selection goes to the next one.
        let next = try #require(state.feed?.posts[1].id)
        _ = state.apply(events[5].asStreamed, at: .seconds(3))
        #expect(state.feed?.posts.count == count - 1 && state.selectedPost?.id == next)
        // Another deleted, above the screen, while reading further down: the selection stays
        // on its post, on its line.
        for second in 4...13 { _ = state.apply(.key(.character("j")), at: .seconds(second)) }
        #expect(state.scroll.row >= 1, "the first row is above the screen")
        let reading = try #require(state.selectedPost)
        let line = V.selectionLine(state, at: .seconds(13))
        let first = try #require(state.feed?.posts.first?.statusID)
        _ = state.apply(.streamed(source: 0, .delete(first)), at: .seconds(14))
        #expect(state.selectedPost?.id == reading.id && V.selectionLine(state, at: .seconds(14)) == line)
        // The selected post deleted further down: the one after it is selected, where it was.
        for second in 15...16 { _ = state.apply(.key(.character("k")), at: .seconds(second)) }
        let doomed = try #require(state.selectedPost)
        let position = state.selected
        let after = try #require(state.feed?.posts[position + 1].id)
        _ = state.apply(.streamed(source: 0, .delete(try #require(doomed.statusID))), at: .seconds(17))
        #expect(state.selected == position && state.selectedPost?.id == after)
        // A status it never had: nothing moves.
        let posts = state.feed?.posts
        _ = state.apply(.streamed(source: 0, .delete("1")), at: .seconds(18))
        #expect(state.feed?.posts == posts)
    }

    /// The new row fades in from grey, as loaded rows do, and only it: the row below it
    /// is drawn in its own colours all along.
    @Test func aNewStatusFadesInAndTheRestStay() throws {
        var state = AppState(options: V.options(1, animation: .slide), size: Self.size)
        _ = state.apply(.start, at: .zero)
        let feed = try FeedDocumentDecoder.decode(Fixtures.data("mastodon-api/timelines_home.json"))
        _ = V.answer(&state, source: 0, feed.posts, at: .milliseconds(100))
        let settled = state.advanced(to: .seconds(2))
        state = settled
        _ = state.apply(.streamed(source: 0, .update(try newStatus(1))), at: .seconds(3))
        func fade(line: Int, at instant: Duration) -> Int {
            let buffer = FeedRenderer.render(state.advanced(to: instant))
            // The text's first letter: the cells are one column each on this line.
            let column = buffer.lines[line].distance(
                from: buffer.lines[line].startIndex,
                to: buffer.lines[line].firstIndex(of: "S") ?? buffer.lines[line].startIndex)
            return buffer[line, column].style.fade
        }
        // "Streamed 1" on line 1, and "Toot!", the post below it, on line 4.
        #expect(fade(line: 1, at: .seconds(3)) == CrossFade.steps)
        #expect(fade(line: 1, at: .seconds(3) + CrossFade.duration / 2) > 0)
        #expect(fade(line: 1, at: .seconds(3) + CrossFade.duration) == 0)
        let buffer = FeedRenderer.render(state.advanced(to: .seconds(3)))
        #expect((0..<buffer.width).allSatisfy { buffer[4, $0].style.fade == 0 }, "the row below does not fade")
    }

    /// A status streamed while the rows load (a reload behind the skeleton) waits for the
    /// rows, then goes in: the load's answer may not have it.
    @Test func aStatusStreamedDuringALoadGoesInOnceTheRowsAreThere() throws {
        var state = try loaded()
        _ = state.apply(.key(.character("r")), at: .seconds(1))
        #expect(state.timeline.isLoading)
        _ = state.apply(.streamed(source: 0, .update(try newStatus(1))), at: .seconds(2))
        #expect(!(state.feed?.posts.contains { $0.content == "Streamed 1" } ?? true), "not while loading")
        let feed = try FeedDocumentDecoder.decode(Fixtures.data("mastodon-api/timelines_home.json"))
        _ = V.answer(&state, source: 0, feed.posts, at: .seconds(3))
        #expect(!state.timeline.isLoading)
        #expect(state.feed?.posts.first?.content == "Streamed 1")
        #expect(state.feed?.posts.filter { $0.content == "Streamed 1" }.count == 1)
    }

    /// The reader's own post, streamed before the server's answer to it came: one row, the
    /// server's status, not someone else's new one counted above the reader.
    @Test func theReadersOwnPostStreamedBeforeItsAnswerIsOneRow() throws {
        var state = try loaded()
        _ = state.apply(.key(.character("j")), at: .seconds(1))
        let count = state.feed?.posts.count ?? 0
        var draft = Post(id: .string("draft"), author: Author(name: "me"), content: "Hi!", likes: nil, createdAt: V.now)
        draft.source = PostSource(index: 0, name: nil)
        _ = state.apply(.posting(id: 7, .sending(draft)), at: .seconds(2))
        let posted = try MastodonAnswer.post(from: Fixtures.data("mastodon-api/status_post.json"))
        _ = state.apply(.streamed(source: 0, .update(posted)), at: .seconds(2))
        #expect(state.feed?.posts.count == count + 1 && state.newAbove == 0, "held while it is sent")
        _ = state.apply(.posting(id: 7, .posted(posted, note: nil)), at: .seconds(3))
        #expect(state.feed?.posts.count == count + 1)
        #expect(state.feed?.posts.count { $0.statusID == posted.statusID } == 1)
        #expect(state.newAbove == 0)
    }

    /// A stream that goes on does not grow the timeline without end: the source keeps its
    /// newest 500 posts, never the one read or those above it, and its next page starts
    /// after the oldest kept.
    @Test func aLongStreamKeepsTheNewestPostsAndTheOneRead() throws {
        var state = try loaded()
        state.timeline.sources[0].nextPage = "https://h/api/v1/timelines/home?limit=20&max_id=117020585724931720"
        for n in 1...200 { _ = state.apply(.streamed(source: 0, .update(try newStatus(n))), at: .seconds(1)) }
        // The reader goes to the oldest post, and stays there while 400 more come.
        _ = state.apply(.key(.character("G")), at: .seconds(2))
        let reading = try #require(state.selectedPost)
        for n in 201...600 { _ = state.apply(.streamed(source: 0, .update(try newStatus(n))), at: .seconds(3)) }
        let posts = try #require(state.feed?.posts)
        #expect(posts.contains { $0.id == reading.id } && state.selectedPost?.id == reading.id, "the one read stays")
        // Everything from the read one up is kept; nothing below it is left to take.
        #expect(posts.count == 613)
        // Back at the top, the next status trims the oldest: the newest 500 are left.
        _ = state.apply(.key(.character("g")), at: .seconds(4))
        _ = state.apply(.streamed(source: 0, .update(try newStatus(601))), at: .seconds(5))
        let trimmed = try #require(state.feed?.posts)
        #expect(trimmed.count == TimelineView.streamedLimit)
        #expect(trimmed.first?.content == "Streamed 601" && trimmed.last?.content == "Streamed 102")
        #expect(
            state.timeline.sources[0].nextPage == "https://h/api/v1/timelines/home?limit=20&max_id=9102",
            "the next page starts after the oldest kept")
        #expect(PageAddress.setting("max_id", to: "7", in: "https://h/x") == "https://h/x?max_id=7")
        #expect(
            PageAddress.setting("max_id", to: "7", in: "https://h/x?local=true") == "https://h/x?local=true&max_id=7")
    }

    /// Streamed notifications count in the status line, on every view, and go on top of the
    /// notifications view when it is open.
    @Test func notificationsAreCountedAndShownInTheirView() throws {
        var state = try loaded()
        state.timeline.sources[0] = MastodonSources.status(state.timeline.sources[0], withAccount: true)
        let notifications = try streamed().filter { if case .notification = $0 { true } else { false } }
        #expect(notifications.count == 2)
        _ = state.apply(.streamed(source: 0, notifications[0]), at: .seconds(1))
        #expect(state.notificationsUnread == 1)
        #expect(V.frame(state, at: .seconds(1)).last?.contains("1 notification (i)") == true)
        // The view, its rows loaded from the server; the second streamed notification on top.
        let effects = state.apply(.key(.character("i")), at: .seconds(2))
        guard case .loadNotifications(let request, 0)? = effects.first else {
            Issue.record("\(effects)")
            return
        }
        let page = try FeedDocumentDecoder.decode(Fixtures.data("mastodon-api/notifications_follow.json")).posts
        let seen = state.apply(.notificationsLoaded(request: request, .success(page)), at: .seconds(3))
        #expect(seen == [.notificationsSeen(source: 0, newest: "22063983")])
        #expect(state.notificationsUnread == 0)
        _ = state.apply(.streamed(source: 0, notifications[1]), at: .seconds(4))
        let view = try #require(state.views.top as? NotificationsView)
        #expect(view.rows?.count == 4 && view.rows?.first?.id == PostID.string("16").tagged(by: 0))
        // Its keys: j past the last row stays on it, k past the first too; Enter expands.
        for second in 5...9 { _ = state.apply(.key(.character("j")), at: .seconds(second)) }
        #expect((state.views.top as? NotificationsView)?.selected == 3)
        for second in 10...14 { _ = state.apply(.key(.character("k")), at: .seconds(second)) }
        #expect((state.views.top as? NotificationsView)?.selected == 0)
        _ = state.apply(.key(.character("G")), at: .seconds(15))
        #expect((state.views.top as? NotificationsView)?.selectedPost?.content == "Emma(Xara nix) followed you")
        #expect(V.frame(state, at: .seconds(15)).last?.contains("1 notification (i)") == true)
    }
}

extension StreamingEvent {
    /// The event as source 0 streams it.
    fileprivate var asStreamed: AppEvent { .streamed(source: 0, self) }
}
