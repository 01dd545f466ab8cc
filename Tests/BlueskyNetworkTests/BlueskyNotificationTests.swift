import FeedNetwork
import FeedTransport
import Foundation
import TestSupport
import Testing

@testable import BlueskyNetwork
@testable import FeedCore

/// `i` on a Bluesky account: its recorded notifications (bluesky/SOURCES.md) as rows,
/// grouped as the app groups them; read at the loopback PDS with the posts they like.
@Suite struct BlueskyNotificationTests {
    static func answer() throws -> [BlueskyNotificationRows.Notification] {
        try BlueskyNotificationRows.notifications(in: try Fixtures.data("bluesky/notifications.json"))
    }

    @Test func theRecordedNotificationsAreRowsGroupedAsTheAppGroupsThem() throws {
        let liked = "at://did:plc:5c2r73erhng4bszmxlfdtscf/app.bsky.feed.post/3lpdf2hyvhd2m"
        let rows = BlueskyNotificationRows.rows(try Self.answer(), texts: [liked: "A new version of bskyr"])
        // 50 notifications: 17 follows one row, 13 likes and 2 reposts by the post they
        // mark, 11 mentions and 7 quotes each its own.
        #expect(rows.count == 27)
        #expect(rows[0].content == "♥ William Martindale and 5 others liked your post: A new version of bskyr")
        #expect(rows.contains { $0.content.hasPrefix("Gabby Palomo, PhD and 16 others followed you") })
        #expect(rows.contains { $0.content.hasPrefix("↻ Adam C Smith reposted your post") })
        #expect(rows.allSatisfy { $0.network == .bluesky })
        let mentions = rows.filter { $0.statusID != nil }
        #expect(mentions.count == 18 && mentions.allSatisfy { !$0.content.isEmpty })
        // Each keeps its post's content id, as a like or repost of it names the post.
        #expect(mentions.allSatisfy { $0.record?.cid.hasPrefix("bafyrei") == true })
        #expect(rows.filter { $0.statusID == nil }.allSatisfy { $0.record == nil }, "a grouped row is no post")
        #expect(BlueskyNotificationRows.subjects(of: try Self.answer()).count == 6)
        #expect(throws: Failure.unexpectedShape("expected Bluesky notifications (an object with \"notifications\")")) {
            try BlueskyNotificationRows.notifications(in: Data(#"{"feed":[]}"#.utf8))
        }
    }
}

extension BlueskyNotificationTests {
    /// The reasons the lexicon names beyond the recording's, each said in its words: a like
    /// or a repost of the reader's repost, a sign-up through their starter pack; a reason
    /// not known here is named as it came. (The recorded like, its reason changed.)
    @Test func everyReasonIsSaidInItsWords() throws {
        let like = try #require(try Self.answer().first { $0.reason == "like" })
        let said = ["like-via-repost", "repost-via-repost", "starterpack-joined", "verified"].map { reason in
            var notification = like
            notification.reason = reason
            return BlueskyNotificationRows.rows([notification], texts: [:]).first?.content ?? ""
        }
        let who = like.author.name
        #expect(
            said == [
                "♥ \(who) liked your repost", "↻ \(who) reposted your repost",
                "\(who) signed up with your starter pack",
                "\(who): verified",
            ])
    }

    /// Tier 2: `i` on a signed-in Bluesky timeline pushes the notifications view, which
    /// shows the rows when they come.
    @Test func iShowsTheNotificationsOverTheTimeline() throws {
        var options = Views.options(1)
        options.readFromBluesky(withSession: true)
        var state = AppState(options: options, size: TerminalSize(width: 100, height: 30))
        _ = state.apply(.start, at: .zero)
        Views.answer(
            &state, source: 0, try FeedDocumentDecoder.decode(try Fixtures.data("bluesky/timeline.json")).posts,
            at: .milliseconds(100))
        let effects = state.apply(.key(.character("i")), at: .seconds(1))
        #expect(effects == [.loadNotifications(request: 1, source: 0)])
        let rows = BlueskyNotificationRows.rows(try Self.answer(), texts: [:])
        let seen = state.apply(.notificationsLoaded(request: 1, .success(rows)), at: .seconds(2))
        // Seen up to the newest notification's time, not its address: Bluesky's seenAt.
        #expect(seen == [.notificationsSeen(source: 0, newest: "2025-05-17T08:44:44.416Z")])
        let frame = Views.frame(state, at: .seconds(2))
        #expect(frame.contains { $0.contains("♥ William Martindale and 5 others liked your post") }, "\(frame)")
        #expect(frame.contains { $0.contains("followed you") })
    }
}

/// The reader of notifications against the loopback PDS and AppView.
@Suite(.serialized) struct NotificationsLoopbackTests {
    @Test func theAccountsNotificationsAndThePostsTheyLikeAreRead() async throws {
        let server = try FeedServer(tls: true)
        let account = try await server.signedInToBluesky()
        let reader = server.blueskyReader(accounts: [account])
        let home = try #require(reader.home(of: account))
        let notifications = try #require(reader.open(home)?.notifications)
        let rows = try await notifications.notifications().get()
        #expect(rows.count == 27)
        let asked = try BlueskyLog.entries(server).dropFirst().map { "\($0.path) \($0.token)" }
        #expect(
            asked == [
                "/xrpc/app.bsky.notification.listNotifications right", "/xrpc/app.bsky.feed.getPosts right",
            ])
        let posts = try #require(try BlueskyLog.entries(server).last)
        #expect(posts.params["uris"] != nil)
    }
}

extension NotificationsLoopbackTests {
    /// The account's unread notifications are those after its `seenAt` (counted by
    /// `getUnreadCount`); the view's newest shown is written back with `updateSeen`, and
    /// then none is unread. The position reads back as the sync compares it: UTC, with
    /// milliseconds, whatever digits the server wrote.
    @Test func theUnreadAreCountedAndSeenUpToTheNewestShown() async throws {
        let server = try FeedServer(tls: true)
        let account = try await server.signedInToBluesky()
        _ = try server.get("/bluesky-api/seen?at=2025-05-17T05:40:00Z")
        let reader = server.blueskyReader(accounts: [account], readPositions: true)
        let home = try #require(reader.home(of: account))
        let source = try #require(reader.open(home))
        #expect(source.capabilities.contains(.readPosition))
        let seen = try #require(source.readPosition)
        #expect(try await seen.unreadNotifications() == 3, "08:44, 08:06 and 05:59 are after 05:40")
        #expect(try await seen.read() == ReadPositions(notifications: "2025-05-17T05:40:00.000Z"))
        let notifications = try #require(source.notifications)
        let rows = try await notifications.notifications().get()
        let newest = try #require(Bluesky().traits.notificationsPosition.newest(of: rows))
        #expect(try await seen.write(ReadPositions(notifications: newest)) == ReadPositions(notifications: newest))
        let sent = try BlueskyLog.entries(server).filter { $0.path.hasSuffix("updateSeen") }
        #expect(sent.map(\.seenAt) == ["2025-05-17T08:44:44.416Z"] && sent.map(\.method) == ["POST"])
        #expect(try await seen.unreadNotifications() == 0)
        #expect(ReadPositions(notifications: "2025-05-17T05:40:00.000Z").newer(than: try await seen.read()).isEmpty)
    }

    /// A `notifications` source keeps the account's read position as its home does.
    @Test func aNotificationsSourceKeepsTheSeenPosition() async throws {
        let server = try FeedServer(tls: true)
        let account = try await server.signedInToBluesky()
        let reader = server.blueskyReader(accounts: [account], readPositions: true)
        let entry = try #require(reader.notifications(for: SourceEntry(source: .file("notifications"))))
        let source = try #require(reader.open(entry))
        #expect(source.readPosition != nil && source.capabilities.contains(.readPosition))
        #expect(source.capabilities.isSuperset(of: [.notifications, .like, .reply]))
    }

    /// Without the store's sync (offline, `--dump`), no read position is kept.
    @Test func noPositionIsKeptWhenTheViewerKeepsNone() async throws {
        let server = try FeedServer(tls: true)
        let account = try await server.signedInToBluesky()
        let reader = server.blueskyReader(accounts: [account])
        let home = try #require(reader.home(of: account))
        let source = try #require(reader.open(home))
        #expect(source.readPosition == nil && !source.capabilities.contains(.readPosition))
    }
}
