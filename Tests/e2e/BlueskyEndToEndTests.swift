import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// Bluesky against the loopback server (FeedCoreTests/Fixtures/bluesky_api.py, answering
    /// with the answers recorded from Bluesky's servers in Fixtures/bluesky): a profile's
    /// address read through the AppView, its handle resolved once and remembered, paged by
    /// cursor and refreshed; and the errors a reader meets.
    @Suite(.serialized)
    struct BlueskyEndToEndTests {
        struct Logged: Decodable {
            var method: String
            var path: String
            var params: [String: String]
            var token: String
            var collection: String?
            var scheme: String
            var at: Double
        }

        static func log(_ server: FeedServer) throws -> [Logged] {
            try JSONDecoder().decode([Logged].self, from: Data(try server.get("/bluesky-api/log").utf8))
        }

        /// The recorded author's profile.
        static let profile = "https://bsky.app/profile/chriskenny.bsky.social"
        static let did = "did:plc:wpe35pganb6d4pg4ekmfy6u5"

        /// The viewer on `arguments`, with a store in `folder`, reading Bluesky's public
        /// feeds from `server`, run with `exec`.
        static func view(
            _ tmux: TmuxSession, _ folder: URL, _ server: FeedServer, _ arguments: String, environment: String = ""
        ) throws {
            try tmux.run(
                "clear; \(environment) SHIMMERFEED_BLUESKY_APPVIEW='http://127.0.0.1:\(server.port)' "
                    + "XDG_CONFIG_HOME='\(folder.path)/config' "
                    + "exec \(try Binary.required()) --store '\(folder.path)/store.sqlite3' \(arguments)")
        }

        @Test func aProfileLoadsPagesByCursorRefreshesAndRemembersItsHandle() throws {
            let server = try FeedServer()
            let folder = try ScratchFolder.make("shimmerfeed-e2e-bluesky")
            defer { try? FileManager.default.removeItem(at: folder) }
            let tmux = try TmuxSession(width: 100, height: 30)
            try Self.view(tmux, folder, server, "--refresh 5s '\(Self.profile)'")
            let first = try tmux.waitFor("the first page") { $0.contains("25 posts") }
            print(first)
            #expect(first.contains("Chris Kenny  @chriskenny.bsky.social"))
            #expect(first.contains("↳ @smachlis.bsky.social"))
            // The handle resolved, then the feed asked for by the DID it resolved to.
            let asked = try Self.log(server)
            #expect(
                asked.map(\.path).prefix(2) == [
                    "/xrpc/com.atproto.identity.resolveHandle", "/xrpc/app.bsky.feed.getAuthorFeed",
                ])
            #expect(asked.first?.params["handle"] == "chriskenny.bsky.social")
            #expect(asked.dropFirst().first?.params == ["actor": Self.did])
            // Near the end, the next page by its cursor.
            try tmux.press("G")
            try tmux.waitFor("the second page") { $0.contains("50 posts") }
            let paged = try Self.log(server).filter { $0.path == "/xrpc/app.bsky.feed.getAuthorFeed" }
            #expect(paged.contains { $0.params == ["actor": Self.did, "cursor": "page:25"] })
            // A post made meanwhile comes with the next refresh, the others kept.
            _ = try server.get("/bluesky-api/publish?text=Fresh+from+the+loopback+PDS")
            try tmux.press("g")
            let refreshed = try tmux.waitFor("the refresh's new post", timeout: .seconds(15)) {
                $0.contains("51 posts") && $0.contains("Fresh from the loopback PDS")
            }
            print(refreshed)
            try ActionsEndToEndTests.quitAndWait(tmux)
            // Another run: the handle is remembered in the store, not resolved again.
            let before = try Self.log(server).count
            let again = try TmuxSession(width: 100, height: 30)
            try Self.view(again, folder, server, "'\(Self.profile)'")
            try again.waitFor("the feed again") { $0.contains("posts") && $0.contains("Fresh from the loopback PDS") }
            let second = try Self.log(server).dropFirst(before)
            #expect(!second.contains { $0.path == "/xrpc/com.atproto.identity.resolveHandle" })
            #expect(
                second.contains { $0.path == "/xrpc/app.bsky.feed.getAuthorFeed" && $0.params["actor"] == Self.did })
            try ActionsEndToEndTests.quitAndWait(again)
        }

        @Test func aFeedAListAndTheErrorsAReaderMeets() throws {
            let server = try FeedServer()
            let folder = try ScratchFolder.make("shimmerfeed-e2e-bluesky")
            defer { try? FileManager.default.removeItem(at: folder) }
            let tmux = try TmuxSession(width: 120, height: 30)
            // A custom feed and a list, by their addresses; an unknown handle; a feed for
            // signed-in readers only: each source says how it went.
            try Self.view(
                tmux, folder, server,
                "https://bsky.app/profile/bsky.app/feed/bsky-team "
                    + "https://bsky.app/profile/ragtjsm2j2vknwkz3zp4oxrd.example/lists/3kmokjyuflk2g "
                    + "https://bsky.app/profile/nobody.invalid.example https://bsky.app/profile/bsky.app/feed/with-friends"
            )
            let screen = try tmux.waitFor("the feed, the list and two failures") {
                $0.contains("17 posts") && $0.contains("2 failed")
            }
            print(screen)
            let asked = try Self.log(server)
            #expect(
                asked.contains {
                    $0.params["feed"] == "at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.feed.generator/bsky-team"
                })
            #expect(
                asked.contains {
                    $0.params["list"] == "at://did:plc:ragtjsm2j2vknwkz3zp4oxrd/app.bsky.graph.list/3kmokjyuflk2g"
                })
            // The rows name their source; the failures' words are below the last post.
            #expect(screen.contains("· list 3kmokjyuflk2g by @ragtjsm2j2vknwkz3zp4oxrd.example"))
            try tmux.press("G")
            let sources = try tmux.waitFor("the failures") {
                $0.contains("no Bluesky account has the handle nobody.invalid.example")
                    && $0.contains(
                        "⚠ feed with-friends by @bsky.app failed, r to retry · This Bluesky feed is shown to signed-in")
            }
            print(sources)
            try ActionsEndToEndTests.quitAndWait(tmux)
        }

        @Test func aRateLimitIsWaitedOutAsItsResetSays() throws {
            let server = try FeedServer()
            let folder = try ScratchFolder.make("shimmerfeed-e2e-bluesky")
            defer { try? FileManager.default.removeItem(at: folder) }
            _ = try server.get("/bluesky-api/limit?times=1&reset=9")
            let tmux = try TmuxSession(width: 120, height: 30)
            try Self.view(tmux, folder, server, "--refresh 5s '\(Self.profile)'")
            let limited = try tmux.waitFor("the limit said") { $0.contains("HTTP 429") }
            print(limited)
            #expect(limited.contains("Rate Limit Exceeded") && limited.contains("retry after"))
            // Asked again after the reset, not at the next refresh (5 s).
            try tmux.waitFor("the feed after the reset", timeout: .seconds(20)) { $0.contains("25 posts") }
            let feeds = try Self.log(server).filter { $0.path == "/xrpc/app.bsky.feed.getAuthorFeed" }
            #expect(feeds.count == 2)
            if feeds.count == 2 { #expect(feeds[1].at - feeds[0].at >= 8) }
            try ActionsEndToEndTests.quitAndWait(tmux)
        }
    }
}
