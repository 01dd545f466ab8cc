import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// Tiny Tiny RSS in the real binary, against a real tt-rss on loopback (`TTRSSServer`:
    /// Debian's package, its own PostgreSQL): `login --ttrss`, the account's feeds as
    /// sources tagged by category with the server's counts, reading both ways, a star, a mark
    /// made with the server down sent after `kill -9` and a restart, and two machines.
    @Suite(.serialized, .enabled(if: TTRSSServer.unavailable == nil, "\(TTRSSServer.unavailable ?? "")"))
    struct TinyTinyRSSEndToEndTests {
        /// A machine: its own configuration, cache and store.
        struct Machine {
            let folder: URL
            let server: TTRSSServer

            init(_ server: TTRSSServer, name: String) throws {
                folder = try ScratchFolder.make("shimmerfeed-e2e-ttrss-\(name)")
                self.server = server
            }

            var environment: String {
                "XDG_CONFIG_HOME='\(folder.path)/config' XDG_CACHE_HOME='\(folder.path)/cache' "
                    + "SSL_CERT_FILE='\(server.certificate)'"
            }

            /// `shimmerfeed login --ttrss`, answered as the reader would.
            func signIn(_ tmux: TmuxSession) throws {
                try tmux.run("clear; \(environment) \(try Binary.required()) login --ttrss \(server.url)")
                try tmux.waitFor("the user name asked") { $0.contains("User name:") }
                try tmux.press(server.user, "Enter")
                try tmux.waitFor("the password asked") { $0.contains("Password:") }
                try tmux.press(server.password, "Enter")
                try tmux.waitFor("signed in", timeout: .seconds(20)) { $0.contains("Signed in to tt-rss") }
            }

            /// The viewer, with the store of this machine: its exit code said after it
            /// (`quit`), or run with `exec` (`killProgram`).
            func view(_ tmux: TmuxSession, exec: Bool = false, _ arguments: String = "") throws {
                let viewer = "\(try Binary.required()) --store '\(folder.path)/store.sqlite3' \(arguments)"
                try tmux.run(
                    "clear; \(environment) " + (exec ? "exec \(viewer)" : "\(viewer); echo EXIT=$?"))
            }

            func remove() { try? FileManager.default.removeItem(at: folder) }
        }

        /// Polls `value` (read from the server's database) until `condition` holds of it, or
        /// the deadline; the value last read.
        private func waitForServer<Value>(
            _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ value: () -> Value,
            until condition: (Value) -> Bool
        ) -> Value {
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(10)
            var read = value()
            while clock.now < deadline, !condition(read) {
                usleep(50_000)
                read = value()
            }
            #expect(condition(read), "the server's \(read): \(what)", sourceLocation: sourceLocation)
            return read
        }

        /// Polls the server until `condition` holds of its unread count, or the deadline.
        private func waitForUnread(
            _ server: TTRSSServer, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
            _ condition: (Int) -> Bool
        ) -> Int {
            waitForServer(what, sourceLocation: sourceLocation, { server.unreadCount() }, until: condition)
        }

        @Test func theAccountsFeedsAreSourcesReadBothWaysAndStarred() throws {
            let server = try TTRSSServer(feeds: 4, articles: 10, categories: 2)
            let machine = try Machine(server, name: "one")
            defer { machine.remove() }
            let tmux = try TmuxSession(width: 100, height: 30)
            try machine.signIn(tmux)
            let accounts = machine.folder.appendingPathComponent("config/shimmerfeed/accounts")
            let mode = try FileManager.default.attributesOfItem(atPath: accounts.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            #expect(server.unreadCount() == 40)
            try machine.view(tmux)
            let loaded = try tmux.waitFor("the feeds", timeout: .seconds(20)) { $0.contains("40 posts from 4 sources") }
            print(loaded)
            #expect(loaded.contains("40 unread"))
            // The sources view: the categories as tags, each feed with the server's count.
            try tmux.press("s")
            let sources = try tmux.waitFor("the sources view") { $0.contains("Category A") && $0.contains("Feed 4") }
            print(sources)
            #expect(sources.contains("Category B"))
            try tmux.press("Escape")
            // Back on the timeline before the next key: an Escape and a key close behind it
            // reach the viewer as one Alt-key, as in every terminal.
            try tmux.waitFor("the timeline again") { !$0.contains("Enter opens") && $0.contains("40 unread") }
            // Read here: the first post, then on the server.
            try tmux.press("N")
            _ = waitForUnread(server, "the post read here is read there") { $0 == 39 }
            // Read elsewhere (tt-rss's page): three of feed 2's; at the next refresh, here.
            server.sql(
                "update ttrss_user_entries set unread = false where ref_id in "
                    + "(select id from ttrss_entries where title in "
                    + "('Feed 2 article 1', 'Feed 2 article 2', 'Feed 2 article 3'))")
            try tmux.press("r")
            let refreshed = try tmux.waitFor("the reading done elsewhere") { $0.contains("36 unread") }
            print(refreshed)
            // Unread again here: unread there.
            try tmux.press("g", "N")
            _ = waitForUnread(server, "the post marked unread here is unread there") { $0 == 37 }
            // A star.
            try tmux.press("l")
            _ = waitForServer("the star is on the server", { server.titles(where: "u.marked") }) { $0.count == 1 }
            try tmux.quit()
            try tmux.expectRestored()
        }

        @Test func aMarkMadeWithTheServerDownIsSentAfterKillAndRestart() throws {
            let server = try TTRSSServer(feeds: 2, articles: 10, categories: 1)
            let machine = try Machine(server, name: "down")
            defer { machine.remove() }
            let tmux = try TmuxSession(width: 100, height: 30)
            try machine.signIn(tmux)
            try machine.view(tmux, exec: true)
            try tmux.waitFor("the feeds", timeout: .seconds(20)) { $0.contains("20 posts from 2 sources") }
            server.command("down")
            try tmux.press("N", "j", "N")
            try tmux.waitFor("two read here") { $0.contains("18 unread") }
            // Held, not sent: the server has none read.
            usleep(1_500_000)
            #expect(server.unreadCount() == 20)
            try tmux.killProgram()
            server.command("up")
            // The pane's shell went with the viewer: a new pane's.
            let again = try TmuxSession(width: 100, height: 30)
            try machine.view(again)
            try again.waitFor("the feeds again", timeout: .seconds(20)) { $0.contains("20 posts from 2 sources") }
            _ = waitForUnread(server, "the kept marks sent at the restart") { $0 == 18 }
            let screen = try again.waitFor("both read here too") { $0.contains("18 unread") }
            print(screen)
            try again.quit()
            // Offline, with the server down: the store's copy, under the feed list kept.
            server.command("down")
            try machine.view(again, "--offline")
            let offline = try again.waitFor("the store's copy offline") {
                $0.contains("20 posts from 2 sources") && $0.contains("18 unread")
            }
            print(offline)
            try again.quit()
        }

        @Test func twoMachinesSeeEachOthersReading() throws {
            let server = try TTRSSServer(feeds: 2, articles: 5, categories: 1)
            let laptop = try Machine(server, name: "laptop")
            let desktop = try Machine(server, name: "desktop")
            defer {
                laptop.remove()
                desktop.remove()
            }
            let one = try TmuxSession(width: 100, height: 30)
            let two = try TmuxSession(width: 100, height: 30)
            try laptop.signIn(one)
            try desktop.signIn(two)
            try laptop.view(one)
            try desktop.view(two)
            try one.waitFor("the laptop's feeds", timeout: .seconds(20)) { $0.contains("10 unread") }
            try two.waitFor("the desktop's feeds", timeout: .seconds(20)) { $0.contains("10 unread") }
            try one.press("A")
            _ = waitForUnread(server, "all read on the laptop") { $0 == 0 }
            try two.press("r")
            let desktopScreen = try two.waitFor("the laptop's reading on the desktop") { $0.contains("all read") }
            print(desktopScreen)
            try two.press("g", "N")
            _ = waitForUnread(server, "one unread again on the desktop") { $0 == 1 }
            try one.press("r")
            try one.waitFor("the desktop's unread on the laptop") { $0.contains("1 unread") }
            try one.quit()
            try two.quit()
        }
    }
}
