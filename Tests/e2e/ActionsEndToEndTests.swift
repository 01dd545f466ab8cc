import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// Favourites, boosts and bookmarks on the server, against the loopback server that
    /// answers as Mastodon does (recorded answers, Fixtures/mastodon-api): one request with
    /// the token, the row in flight and then the server's; a refusal rolled back with its
    /// reason; an action killed in flight sent at the next start, before the timeline; a
    /// status of another server found on the account's own first.
    @Suite(.serialized)
    struct ActionsEndToEndTests {
        typealias Logged = SignInEndToEndTests.Logged

        static func log(_ server: FeedServer) throws -> [Logged] {
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            return try decoder.decode([Logged].self, from: Data(try server.get("/mastodon-api/log").utf8))
        }

        /// A status's flags and counts as the server keeps them.
        struct Flags: Decodable, Equatable {
            var favourited: Bool?
            var reblogged: Bool?
            var bookmarked: Bool?
            var favouritesCount: Int?
            var reblogsCount: Int?
        }

        /// The statuses' flags and counts as the server keeps them now, by id.
        static func statuses(_ server: FeedServer) throws -> [String: Flags] {
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            return try decoder.decode([String: Flags].self, from: Data(try server.get("/mastodon-api/statuses").utf8))
        }

        /// A folder whose accounts file holds the recorded account, signed in to `server`.
        static func signedIn(_ server: FeedServer) throws -> URL {
            let folder = try ScratchFolder.make("shimmerfeed-e2e-actions")
            let config = folder.appendingPathComponent("config/shimmerfeed")
            try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
            chmod(config.path, 0o700)
            let account: [String: Any] = [
                "network": "mastodon", "server": "https://127.0.0.1:\(server.tlsPort ?? 0)",
                "username": "mastodonpy_test", "displayName": "John Lennon", "clientID": "recorded",
                "clientSecret": SignInEndToEndTests.secret, "token": SignInEndToEndTests.token,
            ]
            let path = config.appendingPathComponent("accounts").path
            try JSONSerialization.data(withJSONObject: ["accounts": [account]]).write(to: URL(fileURLWithPath: path))
            chmod(path, 0o600)
            return folder
        }

        /// The viewer, run with `exec` (so that it can be killed), the accounts of `folder`
        /// and a store there.
        static func view(
            _ tmux: TmuxSession, _ folder: URL, _ server: FeedServer, _ arguments: String = "", environment: String = ""
        ) throws {
            try tmux.run(
                "clear; \(environment) XDG_CONFIG_HOME='\(folder.path)/config' SSL_CERT_FILE='\(server.certificate ?? "")' "
                    + "exec \(try Binary.required()) --store '\(folder.path)/store.sqlite3' \(arguments)")
        }

        /// `q` to a viewer run with `exec`, and its end waited for (its store written).
        static func quitAndWait(_ tmux: TmuxSession) throws {
            guard let pid = Int32(try tmux.paneVariable("pane_pid")) else { return }
            try tmux.press("q")
            let deadline = ContinuousClock.now + .seconds(10)
            while kill(pid, 0) == 0, ContinuousClock.now < deadline { usleep(20_000) }
            #expect(kill(pid, 0) != 0, "the viewer ended")
        }

        /// The recorded home timeline's first status, "Toot!" by John Lennon.
        private let first = "117020593473214477"

        @Test func aFavouriteIsOneRequestWithTheTokenInFlightThenTheServers() throws {
            let server = try FeedServer(tls: true)
            let folder = try Self.signedIn(server)
            defer { try? FileManager.default.removeItem(at: folder) }
            _ = try server.get("/mastodon-api/hold?seconds=2")
            let tmux = try TmuxSession(width: 100, height: 30)
            try Self.view(tmux, folder, server)
            try tmux.waitFor("the home timeline") { $0.contains("13 posts") && $0.contains("Toot!") }
            let posted = try Self.log(server).count
            try tmux.press("l")
            // At once, and in flight: counted, drawn otherwise than once confirmed.
            let inFlight = try tmux.waitFor("the favourite in flight") {
                $0.split(separator: "\n").first?.hasSuffix("♥ 1") == true
            }
            let flightColors = try tmux.capture(colors: true).split(separator: "\n").first.map(String.init) ?? ""
            #expect(try Self.statuses(server)[first]?.favourited == false, "not yet on the server")
            try tmux.waitFor("the server's answer", timeout: .seconds(10)) { _ in
                (try? Self.statuses(server)[first]?.favourited) == true
            }
            let confirmedColors = try tmux.waitFor("the confirmed mark", colors: true) {
                let line = $0.split(separator: "\n").first.map(String.init) ?? ""
                return line != flightColors && line.contains("♥ 1")
            }
            #expect(
                !inFlight.contains(SignInEndToEndTests.token) && !confirmedColors.contains(SignInEndToEndTests.token))
            // Exactly one request, with the token, over https, to the account's server.
            let sent = try Self.log(server).dropFirst(posted).filter { $0.method == "POST" }
            #expect(sent.map(\.path) == ["/api/v1/statuses/\(first)/favourite"], "\(sent)")
            #expect(sent.allSatisfy { $0.rightToken && $0.scheme == "https" })
            #expect(try Self.statuses(server)[first]?.favouritesCount == 1)
            // Again: undone, and the server's count follows.
            try tmux.press("l")
            try tmux.waitFor("the unfavourite", timeout: .seconds(10)) { _ in
                (try? Self.statuses(server)[first]?.favourited) == false
            }
            try tmux.waitFor("the row's count") { $0.split(separator: "\n").first?.hasSuffix("♥ 0") == true }
            // Nor in `ps`: the viewer's command line and environment hold no token.
            let pid = try tmux.paneVariable("pane_pid")
            for part in ["cmdline", "environ"] {
                let text = String(
                    decoding: try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/\(part)")), as: UTF8.self)
                #expect(!text.contains(SignInEndToEndTests.token), "\(part)")
            }
            try tmux.press("q")
            // Nor in `--dump`, which reads the same home timeline with it.
            let dump = try DumpRun(
                ["--dump", "--no-store"], in: folder,
                environment: [
                    "TERM=xterm-256color", "XDG_CONFIG_HOME=\(folder.path)/config",
                    "SSL_CERT_FILE=\(server.certificate ?? "")",
                ])
            #expect(dump.status == 0 && dump.output.contains("Toot!"), "\(dump.error)")
            #expect(!(dump.output + dump.error).contains(SignInEndToEndTests.token))
        }

        @Test func aRefusalRollsTheRowBackAndSaysWhy() throws {
            let server = try FeedServer(tls: true)
            let folder = try Self.signedIn(server)
            defer { try? FileManager.default.removeItem(at: folder) }
            _ = try server.get("/mastodon-api/fail?status=500&times=1")
            let tmux = try TmuxSession(width: 100, height: 30)
            try Self.view(tmux, folder, server)
            try tmux.waitFor("the home timeline") { $0.contains("13 posts") && $0.contains("Toot!") }
            try tmux.press("B")
            let screen = try tmux.waitFor("the refusal") { $0.contains("Could not boost: HTTP 500") }
            #expect(screen.split(separator: "\n").first?.hasSuffix("♥ 0") == true, "the boost's count gone:\n\(screen)")
            #expect(try Self.statuses(server)[first]?.reblogged == false)
            #expect(try Self.log(server).filter { $0.path.hasSuffix("/reblog") }.count == 1, "not sent again")
            // The server takes the next press.
            try tmux.press("B")
            try tmux.waitFor("the boost", timeout: .seconds(10)) { _ in
                (try? Self.statuses(server)[first]?.reblogged) == true
            }
            try tmux.waitFor("the row's boost") { $0.split(separator: "\n").first?.hasSuffix("↻ 1  ♥ 0") == true }
            try tmux.press("q")
        }

        @Test func aFavouriteKilledInFlightIsSentAtTheNextStartBeforeTheTimeline() throws {
            let server = try FeedServer(tls: true)
            let folder = try Self.signedIn(server)
            defer { try? FileManager.default.removeItem(at: folder) }
            let tmux = try TmuxSession(width: 100, height: 30)
            try Self.view(tmux, folder, server)
            try tmux.waitFor("the home timeline") { $0.contains("13 posts") && $0.contains("Toot!") }
            // The server holds its answer; the viewer is killed before it comes.
            _ = try server.get("/mastodon-api/hold?seconds=3")
            try tmux.press("j", "l")
            try tmux.waitFor("the favourite in flight") { $0.contains("♥ 1") }
            try tmux.killProgram()
            _ = try server.get("/mastodon-api/hold?seconds=0")
            let before = try Self.log(server).count
            let again = try TmuxSession(width: 100, height: 30)
            try Self.view(again, folder, server)
            try again.waitFor("the home timeline again") { $0.contains("13 posts") && $0.contains("Toot!") }
            // The stored rows show before the refresh asks: wait for the server to be asked.
            try again.waitFor("the timeline asked again", timeout: .seconds(10)) { _ in
                (try? Self.log(server).dropFirst(before).contains { $0.path == "/api/v1/timelines/home" }) == true
            }
            let next = try Self.log(server).dropFirst(before).map(\.path)
            let kept = try #require(next.firstIndex(of: "/api/v1/statuses/117020592137523525/favourite"), "\(next)")
            let home = try #require(next.firstIndex(of: "/api/v1/timelines/home"))
            #expect(kept < home, "sent before the timeline's first refresh: \(next)")
            #expect(next.filter { $0.hasSuffix("/favourite") }.count == 1)
            // The timeline came back with it, from the server.
            try again.waitFor("the second row favourited") { screen in
                screen.split(separator: "\n").contains { $0.contains("@admin") && $0.hasSuffix("♥ 1") }
            }
            try again.press("q")
        }

        @Test func aStatusOfAnotherServerIsFoundOnTheAccountsOwnFirst() throws {
            let server = try FeedServer(tls: true)
            let folder = try Self.signedIn(server)
            defer { try? FileManager.default.removeItem(at: folder) }
            // The public timeline of "another server" (the loopback server by another name).
            let other = "https://localhost:\(server.tlsPort ?? 0)/api/v1/timelines/public"
            let tmux = try TmuxSession(width: 100, height: 30)
            try Self.view(tmux, folder, server, "'\(other)'")
            try tmux.waitFor("the public timeline") { $0.contains("8 posts") }
            let before = try Self.log(server).count
            try tmux.press("l")
            try tmux.waitFor("the favourite taken") { screen in
                screen.split(separator: "\n").first?.hasSuffix("♥ 1") == true
                    && (try? Self.log(server).contains { $0.path.hasSuffix("/favourite") }) == true
            }
            let heard = try Self.log(server).dropFirst(before)
            let search = try #require(heard.first { $0.path == "/api/v2/search" })
            #expect(search.host.hasPrefix("127.0.0.1") && search.rightToken && search.fields.contains("resolve"))
            let favourite = try #require(heard.first { $0.path.hasSuffix("/favourite") })
            #expect(favourite.path.hasPrefix("/api/v1/statuses/9"), "the account's own id: \(favourite.path)")
            #expect(favourite.host.hasPrefix("127.0.0.1") && favourite.rightToken)
            // The other server never had the token.
            #expect(try Self.log(server).filter { $0.host.hasPrefix("localhost") }.allSatisfy { !$0.bearer })
            try tmux.press("q")
        }

        @Test func tShowsTheThreadsSkeletonThenTheThreadAndEscComesBack() throws {
            let server = try FeedServer(tls: true)
            let folder = try Self.signedIn(server)
            defer { try? FileManager.default.removeItem(at: folder) }
            // An account's statuses on fosstodon.org, as recorded; read without a token.
            let statuses = "https://127.0.0.1:\(server.tlsPort ?? 0)/api/v1/accounts/109302436954721982/statuses"
            let tmux = try TmuxSession(width: 100, height: 34)
            try Self.view(tmux, folder, server, "'\(statuses)'")
            try tmux.waitFor("the statuses") { $0.contains("20 posts") }
            try tmux.press("j", "j", "j", "j", "j")
            let selected = try tmux.waitFor("the post with replies selected") { screen in
                screen.split(separator: "\n").contains { $0.hasPrefix("▌") && $0.hasSuffix("↩ 2  ↻ 5  ♥ 7") }
            }
            _ = try server.get("/mastodon-api/hold?seconds=2")
            try tmux.press("t")
            let loading = try tmux.waitFor("the thread loading", colors: true) { $0.contains("Thread · loading") }
            // The post on top; below it, skeleton bars (grey backgrounds) where the replies will be.
            let lines = loading.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines[0].contains("David Schoch"))
            #expect(
                lines.dropFirst(6).prefix(12).contains { $0.contains("48;5;") || $0.contains("48;2;") }, "\(loading)")
            let thread = try tmux.waitFor("the thread") { $0.contains("Thread · 0 above · 3 replies") }
            #expect(thread.contains("Eric Book  @erc_bk · 1y · ↳ @schochastics"), "\(thread)")
            let heard = try Self.log(server).filter { $0.path.hasSuffix("/context") }
            #expect(heard.map(\.path) == ["/api/v1/statuses/114026814291152535/context"])
            try tmux.press("Escape")
            let back = try tmux.waitFor("the timeline again") { !$0.contains("Thread ·") }
            #expect(back == selected, "the timeline as it was")
            try tmux.press("q")
        }

        @Test func aVoteGoesToTheServerAndTheResultsShowAsBars() throws {
            let server = try FeedServer(tls: true)
            let folder = try Self.signedIn(server)
            defer { try? FileManager.default.removeItem(at: folder) }
            // admin's statuses (the poll Mastodon.py posted), read with the account.
            let host = "127.0.0.1:\(server.tlsPort ?? 0)"
            try "https://\(host)/api/v1/accounts/117020565693913441/statuses account=@mastodonpy_test@\(host)\n"
                .write(
                    toFile: folder.appendingPathComponent("config/shimmerfeed/feeds").path, atomically: true,
                    encoding: .utf8)
            let tmux = try TmuxSession(width: 100, height: 24)
            try Self.view(tmux, folder, server)
            try tmux.waitFor("the poll") { $0.contains("☰ poll · 2 options · 0 votes · closes in") }
            try tmux.press("Enter")
            try tmux.waitFor("its options") { $0.contains("[ ] 2  sixty-nine") }
            try tmux.press("2")
            try tmux.waitFor("the choice") { $0.contains("[x] 2  sixty-nine") && $0.contains("Enter votes") }
            try tmux.press("Enter")
            let after = try tmux.waitFor("the results") { $0.contains("Voted.") }
            #expect(after.contains("██████████ 100%  sixty-nine · 1 ✓"), "\(after)")
            #expect(after.contains("░░░░░░░░░░   0%  four twenty · 0"))
            let votes = try Self.log(server).filter { $0.path.hasSuffix("/votes") }
            #expect(votes.map(\.path) == ["/api/v1/polls/1/votes"] && votes.allSatisfy { $0.rightToken })
            #expect(votes.first?.fields == ["choices[]"])
            try tmux.press("q")
        }

        @Test func aFavouriteOfflineIsKeptAndSentAtTheNextStartOnline() throws {
            let server = try FeedServer(tls: true)
            let folder = try Self.signedIn(server)
            defer { try? FileManager.default.removeItem(at: folder) }
            let online = try TmuxSession(width: 100, height: 30)
            try Self.view(online, folder, server)
            try online.waitFor("the home timeline, kept") { $0.contains("13 posts") && $0.contains("Toot!") }
            try Self.quitAndWait(online)
            // Offline: the stored timeline; the favourite shows, and waits.
            let offline = try TmuxSession(width: 100, height: 30)
            try Self.view(offline, folder, server, "--offline")
            try offline.waitFor("the stored timeline") { $0.contains("Toot!") }
            try offline.press("l")
            let kept = try offline.waitFor("the favourite kept") { $0.contains("Could not favourite now (offline)") }
            #expect(kept.split(separator: "\n").first?.hasSuffix("♥ 1") == true, "\(kept)")
            try Self.quitAndWait(offline)
            #expect(try Self.log(server).filter { $0.path.hasSuffix("/favourite") }.isEmpty, "nothing sent offline")
            // Online again: sent before the timeline is asked for.
            let before = try Self.log(server).count
            let again = try TmuxSession(width: 100, height: 30)
            try Self.view(again, folder, server)
            try again.waitFor("the favourite from the server") {
                $0.split(separator: "\n").first?.hasSuffix("♥ 1") == true
            }
            let heard = try Self.log(server).dropFirst(before).map(\.path)
            let favourite = try #require(heard.firstIndex(of: "/api/v1/statuses/\(first)/favourite"), "\(heard)")
            #expect(favourite < (heard.firstIndex(of: "/api/v1/timelines/home") ?? -1))
            try again.press("q")
        }
    }
}
