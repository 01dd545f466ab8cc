import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// A home timeline kept live through Mastodon's streaming API, against the loopback
    /// server: statuses posted there are on the screen at once; the recorded stream's edit
    /// and deletion act on their row; a stream cut in the middle of an event is connected
    /// again and what was posted meanwhile is fetched, once each; a server that refuses
    /// streaming is asked at each refresh instead, and the reader told once.
    @Suite(.serialized)
    struct StreamingEndToEndTests {
        typealias Actions = ActionsEndToEndTests
        static let token = SignInEndToEndTests.token

        /// The viewer on the account's home timeline, once its stream is open and caught up.
        static func live(_ server: FeedServer, _ arguments: String = "") throws -> (TmuxSession, URL) {
            let folder = try Actions.signedIn(server)
            let tmux = try TmuxSession(width: 100, height: 30)
            try Actions.view(tmux, folder, server, arguments)
            try tmux.waitFor("the home timeline") { $0.contains("13 posts") && $0.contains("Toot!") }
            try tmux.waitFor("the stream caught up") { _ in
                (try? Actions.log(server).contains {
                    $0.path == "/api/v1/timelines/home" && $0.fields.contains("min_id")
                })
                    == true
            }
            return (tmux, folder)
        }

        static func post(_ server: FeedServer, _ text: String) throws {
            let body = try server.post(
                "/api/v1/statuses", form: "status=" + text.replacingOccurrences(of: " ", with: "+"), token: token)
            #expect(body.contains("\"id\""), "posted: \(body)")
        }

        static func streamsOpened(_ server: FeedServer) throws -> [Actions.Logged] {
            try Actions.log(server).filter { $0.path == "/api/v1/streaming/user" }
        }

        @Test func aStatusPostedOnTheServerIsOnTheScreenAtOnce() throws {
            let server = try FeedServer(tls: true)
            let (tmux, folder) = try Self.live(server)
            defer { try? FileManager.default.removeItem(at: folder) }
            var delays: [Duration] = []
            for n in 1...5 {
                let posted = ContinuousClock.now
                try Self.post(server, "Live \(n)")
                try tmux.waitFor("Live \(n) on the top row", timeout: .seconds(5)) {
                    $0.split(separator: "\n").dropFirst().first?.contains("Live \(n)") == true
                }
                delays.append(ContinuousClock.now - posted)
            }
            let median = delays.sorted()[delays.count / 2]
            print("posted → on the screen (tmux capture polled every 20 ms): \(delays), median \(median)")
            #expect(median <= .milliseconds(200), "\(delays)")
            try tmux.waitFor("the count") { $0.contains("18 posts") }
            // One stream, with the token in its header and nothing in its address.
            let streams = try Self.streamsOpened(server)
            #expect(
                streams.count == 1 && streams.allSatisfy { $0.rightToken && $0.fields.isEmpty && $0.scheme == "https" })
            try Actions.quitAndWait(tmux)
        }

        /// The closing note's screen: the reader on the fourth post; three statuses come.
        @Test func threeNewStatusesWhileTheReaderReadsTheFourthKeepItsLine() throws {
            let server = try FeedServer(tls: true)
            let (tmux, folder) = try Self.live(server)
            defer { try? FileManager.default.removeItem(at: folder) }
            try tmux.press("j", "j", "j")
            let before = try tmux.waitFor("the fourth post selected") {
                $0.split(separator: "\n").contains { $0.hasPrefix("▌") && $0.contains("it's cool guy too") }
            }
            let line = before.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("▌") }
            for n in 1...3 { try Self.post(server, "New status \(n)") }
            let after = try tmux.waitFor("three new, counted") { $0.contains("▲ 3 new") && $0.contains("16 posts") }
            print("before:\n\(before)\nafter:\n\(after)")
            let lines = after.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.firstIndex { $0.hasPrefix("▌") } == line, "the post read keeps its line")
            #expect(line.map { lines[$0 + 1].contains("it's cool guy too") } == true)
            try tmux.press("g")
            try tmux.waitFor("the newest on top") { !$0.contains("▲") && $0.contains("New status 3") }
            try Actions.quitAndWait(tmux)
        }

        /// The recorded stream's own events: a status, its edit, its deletion.
        @Test func theRecordedEditReplacesItsRowAndTheDeletionTakesIt() throws {
            let server = try FeedServer(tls: true)
            let (tmux, folder) = try Self.live(server)
            defer { try? FileManager.default.removeItem(at: folder) }
            _ = try server.get("/mastodon-api/stream-recorded?event=0")
            try tmux.waitFor("the recorded status") {
                $0.contains("only real cars respond.") && $0.contains("14 posts")
            }
            _ = try server.get("/mastodon-api/stream-recorded?event=4")
            let edited = try tmux.waitFor("its edit") { $0.contains("only real animals respond.") }
            #expect(!edited.contains("only real cars respond.") && edited.contains("14 posts"), "replaced in place")
            _ = try server.get("/mastodon-api/stream-recorded?event=5")
            let deleted = try tmux.waitFor("its deletion") { $0.contains("13 posts") }
            #expect(!deleted.contains("only real animals respond."))
            try Actions.quitAndWait(tmux)
        }

        @Test func aStreamCutInTheMiddleOfAnEventIsConnectedAgainAndNothingIsMissed() throws {
            let server = try FeedServer(tls: true)
            let (tmux, folder) = try Self.live(server)
            defer { try? FileManager.default.removeItem(at: folder) }
            _ = try server.get("/mastodon-api/streaming?mode=cut")
            // The first one's event is cut halfway and the stream closed; the next two are
            // posted while the viewer waits to connect again.
            for n in 1...3 { try Self.post(server, "During the gap \(n)") }
            let screen = try tmux.waitFor("all three", timeout: .seconds(10)) { screen in
                (1...3).allSatisfy { screen.contains("During the gap \($0)") }
            }
            #expect(screen.contains("16 posts"), "each once")
            for n in 1...3 {
                #expect(screen.components(separatedBy: "During the gap \(n)").count == 2, "once on the screen")
            }
            let log = try Actions.log(server)
            let streams = log.indices.filter { log[$0].path == "/api/v1/streaming/user" }
            #expect(streams.count == 2, "connected again once")
            // After the second connection, the gap asked for with min_id.
            #expect(
                log[(streams.last ?? 0)...].contains {
                    $0.path == "/api/v1/timelines/home" && $0.fields.contains("min_id")
                })
            try Actions.quitAndWait(tmux)
        }

        @Test func aServerThatRefusesStreamingIsAskedAtEachRefreshAndTheReaderToldOnce() throws {
            let server = try FeedServer(tls: true)
            _ = try server.get("/mastodon-api/streaming?mode=refuse")
            let folder = try Actions.signedIn(server)
            defer { try? FileManager.default.removeItem(at: folder) }
            let tmux = try TmuxSession(width: 170, height: 30)
            try Actions.view(tmux, folder, server, "--refresh 5s")
            try tmux.waitFor("the notice") {
                $0.contains("Not live: 127.0.0.1 refused streaming (HTTP 401 Unauthorized); polling every 5 s")
            }
            try Self.post(server, "Polled")
            try tmux.waitFor("the status, at the refresh", timeout: .seconds(12)) { $0.contains("Polled") }
            #expect(try Self.streamsOpened(server).count == 1, "asked once, not again and again")
            try Actions.quitAndWait(tmux)
        }

        /// `--no-stream`, and `stream=off` in the subscriptions file: no stream is opened.
        @Test(arguments: ["--no-stream", "stream=off"])
        func turnedOffNothingStreams(_ how: String) throws {
            let server = try FeedServer(tls: true)
            let folder = try Actions.signedIn(server)
            defer { try? FileManager.default.removeItem(at: folder) }
            if how == "stream=off" {
                let host = "127.0.0.1:\(server.tlsPort ?? 0)"
                try "https://\(host)/api/v1/timelines/home account=@mastodonpy_test@\(host) stream=off Home\n".write(
                    toFile: folder.appendingPathComponent("config/shimmerfeed/feeds").path, atomically: true,
                    encoding: .utf8)
            }
            let tmux = try TmuxSession(width: 100, height: 30)
            try Actions.view(tmux, folder, server, how == "--no-stream" ? how : "")
            try tmux.waitFor("the home timeline") { $0.contains("13 posts") }
            try Self.post(server, "Not streamed")
            // Time for a stream to have brought it, were there one.
            usleep(1_000_000)
            #expect(!(try tmux.capture()).contains("Not streamed"))
            #expect(try Self.streamsOpened(server).isEmpty)
            try Actions.quitAndWait(tmux)
        }
    }
}
