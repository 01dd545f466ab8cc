import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// Notifications against the loopback server (its answers: mastodon-api/SOURCES.md): the
    /// status line counts the unread ones; `i` pushes a view with a row of each type; a
    /// notification streamed while it is open goes on top; what was seen is written to the
    /// notifications marker at quit; `notifications` is a source like any other.
    @Suite(.serialized)
    struct NotificationsEndToEndTests {
        typealias Actions = ActionsEndToEndTests

        /// A line of each type's row, as the view draws it.
        static let rowOfEachType = [
            "@mastodonpy_test hello!",  // mention: its status
            "horses are not real",  // status: its status
            "♥ mastodonpy_test_2 and 1 other favourited: Testing grouped notifications!",
            "↻ admin and 1 other boosted: Testing grouped notifications!",
            "Diego followed you",
            "Diego asked to follow you",
            "☰ A poll has ended: nice",
            "✎ admin edited a post: @mastodonpy_test hello!",
            "mastodonpy_test_2 and 2 others signed up",
            "admin: annual_report: @mastodonpy_test hello!",  // a type not known: a plain row
        ]

        @Test func theViewHasARowOfEachTypeTakesStreamedOnesAndIsSeen() throws {
            let server = try FeedServer(tls: true)
            let folder = try Actions.signedIn(server)
            defer { try? FileManager.default.removeItem(at: folder) }
            let tmux = try TmuxSession(width: 100, height: 40)
            try Actions.view(tmux, folder, server)
            try tmux.waitFor("the count") { $0.contains("13 posts") && $0.contains("16 notifications (i)") }
            try tmux.waitFor("the stream caught up") { _ in
                (try? Actions.log(server).contains { $0.path == "/api/v1/streaming/user" }) == true
            }
            try tmux.press("i")
            let view = try tmux.waitFor("a row of each type") { screen in
                Self.rowOfEachType.allSatisfy { screen.contains($0) }
                    && screen.contains("Notifications · 12 · Esc back")
            }
            print(view)
            #expect(!view.contains("notifications (i)"), "seen: no longer counted")
            // A mention streamed meanwhile: on top, and counted.
            _ = try server.get("/mastodon-api/stream-recorded?event=1")
            let streamed = try tmux.waitFor("the streamed mention on top") {
                $0.split(separator: "\n").dropFirst().first?.contains("beep beep I'm a jeep") == true
            }
            #expect(streamed.contains("1 notification (i)") && streamed.contains("Notifications · 13"))
            try tmux.press("Escape")
            try tmux.waitFor("the timeline again") { $0.contains("13 posts") }
            try Actions.quitAndWait(tmux)
            #expect(try MarkersEndToEndTests.markers(server)["notifications"] == "22063983", "the newest seen")
            let asked = try Actions.log(server).filter { $0.path == "/api/v1/notifications" }
            #expect(asked.count == 1 && asked.allSatisfy { $0.rightToken && $0.scheme == "https" })
        }

        @Test func notificationsAreASource() throws {
            let server = try FeedServer(tls: true)
            let folder = try Actions.signedIn(server)
            defer { try? FileManager.default.removeItem(at: folder) }
            let tmux = try TmuxSession(width: 100, height: 40)
            try Actions.view(tmux, folder, server, "notifications")
            let screen = try tmux.waitFor("the notifications as a timeline") {
                $0.contains("12 posts") && $0.contains("Diego followed you")
            }
            #expect(screen.contains("♥ mastodonpy_test_2 and 1 other favourited"))
            // Its own stream: the user stream's notifications.
            try tmux.waitFor("its stream") { _ in
                (try? Actions.log(server).contains { $0.path == "/api/v1/streaming/user/notification" }) == true
            }
            _ = try server.get("/mastodon-api/stream-recorded?event=3")
            try tmux.waitFor("a streamed notification, a row") { $0.contains("13 posts") }
            try Actions.quitAndWait(tmux)
        }
    }
}
