import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// Bluesky against the loopback server (Tests/servers/bluesky_api.py, answering
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
            var rkey: String?
            /// A post's record as sent, in JSON.
            var record: String?
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

        /// The accounts file of `folder`, as JSON.
        static func accounts(_ folder: URL) throws -> [[String: Any]] {
            let data = try Data(contentsOf: folder.appendingPathComponent("config/shimmerfeed/accounts"))
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            return object?["accounts"] as? [[String: Any]] ?? []
        }

        /// `login --bluesky` at the loopback PDS, typed in `tmux`: the handle, then the app
        /// password, which the screen never shows.
        static func signIn(_ tmux: TmuxSession, _ folder: URL, _ server: FeedServer, password: String) throws {
            try tmux.run(
                "clear; XDG_CONFIG_HOME='\(folder.path)/config' SSL_CERT_FILE='\(server.certificate ?? "")' "
                    + "\(try Binary.required()) login --bluesky 127.0.0.1:\(server.tlsPort ?? 0); echo EXIT=$?")
            try tmux.waitFor("the handle asked") { $0.contains("Handle (such as alice.bsky.social):") }
            try tmux.run("bskyr.bsky.social")
            try tmux.waitFor("the app password asked") { $0.contains("App password:") }
            try tmux.run(password)
        }

        @Test func signingInTakesAnAppPasswordOnlyAndKeepsTheSessionPrivate() throws {
            let server = try FeedServer(tls: true)
            let folder = try ScratchFolder.make("shimmerfeed-e2e-bluesky")
            defer { try? FileManager.default.removeItem(at: folder) }
            let tmux = try TmuxSession(width: 120, height: 20)
            // The account's own password: refused here, never sent.
            try Self.signIn(tmux, folder, server, password: "correct horse battery")
            let refused = try tmux.waitFor("the refusal") { $0.contains("EXIT=1") }
            #expect(
                refused.contains("that is not an app password") && refused.contains("never the account's own password"))
            #expect(!refused.contains("correct horse"), "the password is typed unseen")
            #expect(try Self.log(server).isEmpty, "nothing was sent")
            // An app password: the session made, the PDS found in it, kept 0600.
            try Self.signIn(tmux, folder, server, password: "abcd-efgh-ijkl-mnop")
            let signedIn = try tmux.waitFor("signed in") { $0.contains("EXIT=0") }
            print(signedIn)
            #expect(
                signedIn.contains("Signed in to Bluesky as @bskyr.bsky.social, at 127.0.0.1:\(server.tlsPort ?? 0)"))
            #expect(!signedIn.contains("abcd-efgh"), "the password is typed unseen")
            let path = folder.appendingPathComponent("config/shimmerfeed/accounts").path
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            let account = try #require(try Self.accounts(folder).first)
            #expect(
                account["network"] as? String == "bluesky"
                    && account["did"] as? String == "did:plc:5c2r73erhng4bszmxlfdtscf")
            #expect(account["server"] as? String == "https://127.0.0.1:\(server.tlsPort ?? 0)")
            #expect(account["token"] as? String == "access-1" && account["refreshToken"] as? String == "refresh-1")
            #expect(
                !String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self).contains("abcd-efgh")
            )
            let asked = try Self.log(server)
            #expect(asked.map(\.path) == ["/xrpc/com.atproto.server.createSession"] && asked[0].scheme == "https")
        }

        @Test func likeUnlikeARollbackOn500AndAnExpiredSessionRefreshed() throws {
            let server = try FeedServer(tls: true)
            let folder = try ScratchFolder.make("shimmerfeed-e2e-bluesky")
            defer { try? FileManager.default.removeItem(at: folder) }
            let tmux = try TmuxSession(width: 100, height: 30)
            try Self.signIn(tmux, folder, server, password: "abcd-efgh-ijkl-mnop")
            try tmux.waitFor("signed in") { $0.contains("EXIT=0") }
            // No source given: the account's Following timeline, through its PDS.
            try ActionsEndToEndTests.view(tmux, folder, server)
            let loaded = try tmux.waitFor("the timeline") { $0.contains("25 posts") && $0.contains("Following @bskyr") }
            let header = { (screen: String) in ViewerEndToEndTests.selectedLine(screen).map(String.init) ?? "" }
            #expect(header(loaded).contains("CRAN Updates") && header(loaded).hasSuffix("♥ 0"))
            #expect(
                try Self.log(server).last.map { "\($0.path) \($0.token)" } == "/xrpc/app.bsky.feed.getTimeline right")
            // A like: a record made in the reader's repo, its subject the post.
            try tmux.press("l")
            try tmux.waitFor("liked") { header($0).hasSuffix("♥ 1") }
            try tmux.waitFor("the like's record") { _ in
                (try? Self.log(server).contains { $0.path == "/xrpc/com.atproto.repo.createRecord" }) == true
            }
            let like = try #require(try Self.log(server).last)
            #expect(like.collection == "app.bsky.feed.like" && like.token == "right" && like.scheme == "https")
            // Undone: that record deleted.
            try tmux.press("l")
            try tmux.waitFor("unliked") { header($0).hasSuffix("♥ 0") }
            try tmux.waitFor("the like deleted") { _ in
                (try? Self.log(server).contains { $0.path == "/xrpc/com.atproto.repo.deleteRecord" }) == true
            }
            // A 500: back as it was, and said.
            _ = try server.get("/bluesky-api/fail?status=500&times=1")
            try tmux.press("l")
            let rolledBack = try tmux.waitFor("the rollback") { $0.contains("Could not like") }
            print(rolledBack)
            #expect(header(rolledBack).hasSuffix("♥ 0") && rolledBack.contains("HTTP 500"))
            // The access token expires: the repost meets it, the session is refreshed once,
            // the repost made with the new token, and the new tokens kept.
            _ = try server.get("/bluesky-api/expire")
            let before = try Self.log(server).count
            try tmux.press("B")
            try tmux.waitFor("reposted") { header($0).contains("↻ 1") }
            // The row shows the repost at once; its requests are waited for in the log.
            try tmux.waitFor("the repost sent") { _ in
                (try? Self.log(server).dropFirst(before).contains {
                    $0.path.hasSuffix("createRecord") && $0.token == "right"
                })
                    == true
            }
            let after = try Self.log(server).dropFirst(before).map { "\($0.path) \($0.token)" }
            #expect(
                after == [
                    "/xrpc/com.atproto.repo.createRecord expired", "/xrpc/com.atproto.server.refreshSession refresh",
                    "/xrpc/com.atproto.repo.createRecord right",
                ])
            #expect(try Self.accounts(folder).first?["token"] as? String == "access-2")
            #expect(try Self.accounts(folder).first?["refreshToken"] as? String == "refresh-2")
            // Expired again, a reload of the timeline meets it: refreshed the same way.
            _ = try server.get("/bluesky-api/expire")
            let reloaded = try Self.log(server).count
            try tmux.press("r")
            try tmux.waitFor("the timeline read again") { _ in
                (try? Self.log(server).dropFirst(reloaded).filter { $0.path.hasSuffix("getTimeline") }.count) == 2
            }
            let again = try Self.log(server).dropFirst(reloaded).map { "\($0.path) \($0.token)" }
            #expect(
                again == [
                    "/xrpc/app.bsky.feed.getTimeline expired", "/xrpc/com.atproto.server.refreshSession refresh",
                    "/xrpc/app.bsky.feed.getTimeline right",
                ])
            #expect(try Self.accounts(folder).first?["token"] as? String == "access-3")
            try tmux.waitFor("the rows back") { $0.contains("25 posts") && !$0.contains("failed") }
            try ActionsEndToEndTests.quitAndWait(tmux)
        }

        /// `R` on a post of the Following timeline, with a stand-in `$EDITOR` that writes a
        /// mention, a link without its scheme and an emoji before them: the reply reaches
        /// the PDS once, one record, its facets at their byte ranges, answering the post.
        /// Signed in to the loopback PDS, the Following timeline in a new tmux session, with
        /// an editor that writes `text` in any draft.
        static func signedInWithEditor(
            _ folder: URL, _ server: FeedServer, writing text: String, environment: String = ""
        ) throws -> TmuxSession {
            let editor = folder.appendingPathComponent("editor").path
            try "#!/bin/sh\nprintf '\(text)\\n' >> \"$1\"\n".write(toFile: editor, atomically: true, encoding: .utf8)
            chmod(editor, 0o755)
            let tmux = try TmuxSession(width: 100, height: 30)
            try signIn(tmux, folder, server, password: "abcd-efgh-ijkl-mnop")
            try tmux.waitFor("signed in") { $0.contains("EXIT=0") }
            try ActionsEndToEndTests.view(
                tmux, folder, server,
                environment: "EDITOR='\(editor)' XDG_STATE_HOME='\(folder.path)/state' \(environment)")
            return tmux
        }

        @Test func aReplyThroughTheEditorReachesThePDSOnceWithItsFacets() throws {
            let server = try FeedServer(tls: true)
            let folder = try ScratchFolder.make("shimmerfeed-e2e-bluesky")
            defer { try? FileManager.default.removeItem(at: folder) }
            let tmux = try Self.signedInWithEditor(
                folder, server, writing: "🎉 thanks @chriskenny.bsky.social, see bsky.app")
            try tmux.waitFor("the timeline") { $0.contains("25 posts") && $0.contains("Following @bskyr") }
            try tmux.press("R")
            let screen = try tmux.waitFor("the reply posted") { $0.contains("Posted.") }
            let posts = try Self.log(server).filter {
                $0.path.hasSuffix("createRecord") && $0.collection == "app.bsky.feed.post"
            }
            #expect(posts.count == 1, "\(posts)")
            let sent = try #require(posts.first?.record?.data(using: .utf8))
            let record = try #require(try JSONSerialization.jsonObject(with: sent) as? [String: Any])
            let text = try #require(record["text"] as? String)
            #expect(text.hasSuffix("🎉 thanks @chriskenny.bsky.social, see bsky.app"), "\(text)")
            let facets = try #require(record["facets"] as? [[String: Any]])
            let ranges = facets.compactMap { $0["index"] as? [String: Int] }
            let bytes = Array(text.utf8)
            let covered = ranges.compactMap {
                String(validating: bytes[($0["byteStart"] ?? 0)..<($0["byteEnd"] ?? 0)], as: UTF8.self)
            }
            #expect(covered.suffix(2) == ["@chriskenny.bsky.social", "bsky.app"], "\(covered)")
            let reply = try #require(record["reply"] as? [String: [String: String]])
            #expect(reply["parent"]?["uri"] == "at://did:plc:qnzaaisqa3lafzmtjxt5nt52/app.bsky.feed.post/3lpk3nnns5u2b")
            #expect(screen.contains("thanks @chriskenny.bsky.social"), "the post at the top:\n\(screen)")
            try ActionsEndToEndTests.quitAndWait(tmux)
        }

        /// Signed in: `"` quotes the selected post (one record, its embed the quoted post's
        /// address and content id), shown at the top behind its bar; a post made elsewhere
        /// joins the Following timeline at the next ask (every 5 s here, a minute by
        /// default) above the selection, with the "▲ 1 new" marker; the notifications'
        /// unread count stands in the status line, and `i` sees them (`updateSeen`).
        @Test func aQuoteALiveFollowingTimelineAndTheNotificationsSeen() throws {
            let server = try FeedServer(tls: true)
            let folder = try ScratchFolder.make("shimmerfeed-e2e-bluesky")
            defer { try? FileManager.default.removeItem(at: folder) }
            _ = try server.get("/bluesky-api/seen?at=2025-05-17T05:40:00Z")
            let tmux = try Self.signedInWithEditor(
                folder, server, writing: "Worth reading again", environment: "SHIMMERFEED_BLUESKY_POLL=5")
            let timeline = try tmux.waitFor("the timeline and the unread count") {
                $0.contains("25 posts") && $0.contains("3 notifications")
            }
            let quotedHandle = try #require(
                timeline.firstMatch(of: /@([a-z0-9.-]+\.[a-z]+) ·/).map { String($0.1) }, "\(timeline)")
            try tmux.press("\"")
            let quoted = try tmux.waitFor("the quote posted") { $0.contains("Posted.") }
            print(quoted)
            let made = try Self.log(server).filter {
                $0.path.hasSuffix("createRecord") && $0.collection == "app.bsky.feed.post"
            }
            #expect(made.count == 1)
            let record = try #require(
                try JSONSerialization.jsonObject(with: Data((made.first?.record ?? "").utf8)) as? [String: Any])
            let embed = try #require(record["embed"] as? [String: Any])
            #expect(embed["$type"] as? String == "app.bsky.embed.record")
            #expect((embed["record"] as? [String: String])?["cid"]?.hasPrefix("bafy") == true)
            #expect(quoted.contains("Worth reading again") && quoted.contains("│ @\(quotedHandle)"), "\(quoted)")
            // Down the timeline, the top rows scrolled past, a post made elsewhere comes
            // above, counted.
            for _ in 0..<5 { try tmux.press("j") }
            _ = try server.get("/bluesky-api/publish?text=Made+on+the+phone")
            let marked = try tmux.waitFor("the new post's marker", timeout: .seconds(20)) { $0.contains("▲ 1 new") }
            print(marked)
            try tmux.press("g")
            try tmux.waitFor("the new post at the top") { $0.contains("Made on the phone") }
            // The notifications: seen once shown, written within ten seconds.
            try tmux.press("i")
            try tmux.waitFor("the notifications") { $0.contains("liked your post") }
            try tmux.waitFor("seen on the server", timeout: .seconds(20)) { _ in
                (try? Self.seen(server)) != nil
            }
            #expect(try Self.seen(server) == "2025-05-17T08:44:44.416Z")
            try ActionsEndToEndTests.quitAndWait(tmux)
        }

        /// Where `updateSeen` last said the notifications are seen up to.
        static func seen(_ server: FeedServer) throws -> String? {
            try BlueskyLog.entries(server).last { $0.path.hasSuffix("updateSeen") }?.seenAt
        }

        @Test func anRSSFeedAMastodonTimelineAndABlueskyFeedMergeByTimeWithEveryRowsPictures() throws {
            let server = try FeedServer()
            _ = try server.get("/mastodon-api/local-pictures")
            let folder = try ScratchFolder.make("shimmerfeed-e2e-bluesky")
            defer { try? FileManager.default.removeItem(at: folder) }
            let sources =
                "'\(server.url("/mixed/rss"))' '\(server.url("/api/v1/timelines/public"))' "
                + "'https://bsky.app/profile/bsky.app/feed/bsky-team'"
            let environment = "SHIMMERFEED_BLUESKY_APPVIEW='http://127.0.0.1:\(server.port)'"
            let binary = try Binary.required()
            let store = "--store '\(folder.path)/store.sqlite3'"
            let tmux = try TmuxSession(width: 110, height: 50)
            // The merged timeline, as a script reads it: by time, the networks interleaved.
            let printed = folder.appendingPathComponent("printed.jsonl").path
            try tmux.run(
                "\(environment) \(binary) reload \(store) \(sources) && \(environment) \(binary) print --json \(store) "
                    + "\(sources) > '\(printed)'; echo EXIT=$?")
            try tmux.waitFor("the timeline printed") { $0.contains("EXIT=0") }
            struct Line: Decodable {
                var time: String?
                var network: String?
                var title: String?
            }
            let lines = try String(contentsOfFile: printed, encoding: .utf8).split(separator: "\n").map {
                try JSONDecoder().decode(Line.self, from: Data($0.utf8))
            }
            let times = lines.compactMap { $0.time.flatMap { ISO8601DateFormatter().date(from: $0) } }
            #expect(times.count == 18 && times == times.sorted(by: >), "newest first, every post dated")
            let networks = lines.map { $0.network ?? "feed" }
            #expect(
                networks == ["feed"] + Array(repeating: "mastodon", count: 8) + ["feed"]
                    + Array(repeating: "bluesky", count: 7) + ["feed"])
            // In the viewer, every row names its network and draws its pictures in cells.
            try tmux.run(
                "clear; \(environment) exec \(binary) --store '\(folder.path)/viewer.sqlite3' --images cells \(sources)"
            )
            let first = try tmux.waitFor("the mixed timeline") { $0.contains("18 posts from 3 sources") }
            print(first)
            #expect(first.contains("Nightshift Notes  3mo · feed"))
            #expect(first.contains("@admin · 4mo · 127.0.0.1 · Mastodon"))
            for _ in 0..<3 {
                try tmux.press("Space")
                usleep(300_000)
            }
            let bluesky = try tmux.waitFor("the Bluesky rows, their pictures drawn", colors: true) {
                $0.contains("@bsky.app") && $0.contains("Bluesky") && !ViewerEndToEndTests.hasGreyBackground($0)
            }
            #expect(bluesky.contains("· feed bsky-team by @bsky.app · Bluesky"))
            let asked = try JSONDecoder().decode([String].self, from: Data(try server.get("/cdn-log").utf8))
            #expect(
                Set(asked.filter { $0.hasPrefix("/cdn/rss/") })
                    == ["/cdn/rss/logo.png", "/cdn/rss/harbour.png", "/cdn/rss/tea.png", "/cdn/rss/light.png"])
            #expect(asked.contains { $0.hasPrefix("/cdn/mastodon/") && $0.contains("/avatars/") })
            #expect(asked.contains { $0.hasPrefix("/cdn/bsky/img/avatar/plain/did:plc:z72i7hdynmk6r22z27h6tvur/") })
            #expect(Set(asked.filter { $0.hasPrefix("/cdn/bsky/img/feed_") }).count >= 2, "the feed's pictures")
            try ActionsEndToEndTests.quitAndWait(tmux)
        }

        @Test func aSavedAnswerReadsFromAFileOrStandardInput() throws {
            let tmux = try TmuxSession(width: 100, height: 30)
            let saved = Fixtures.url("bluesky/author_feed.json").path
            let binary = try Binary.required()
            try tmux.run("cat '\(saved)' | \(binary) --dump --no-store --size 100x12 -; echo EXIT=$?")
            let piped = try tmux.waitFor("the piped answer") { $0.contains("EXIT=0") }
            #expect(piped.contains("Chris Kenny  @chriskenny.bsky.social") && piped.contains("50 posts"))
            try tmux.run("clear; \(binary) --dump --no-store --size 100x12 --format bluesky '\(saved)'; echo EXIT=$?")
            let named = try tmux.waitFor("the named answer") { $0.contains("EXIT=0") }
            #expect(named.contains("50 posts"))
            // Named Bluesky, another shape is refused with what was expected.
            let mastodon = Fixtures.url("mastodon.json").path
            try tmux.run("clear; \(binary) --dump --no-store --format bluesky '\(mastodon)'; echo EXIT=$?")
            let refused = try tmux.waitFor("the refusal") { $0.contains("EXIT=1") }
            #expect(refused.contains("expected a Bluesky feed"))
        }
    }
}
