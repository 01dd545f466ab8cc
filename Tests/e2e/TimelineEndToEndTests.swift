import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// Several sources in one timeline, in the binary in tmux, against the loopback
    /// server: merged formats, a body whose posts show as they arrive, a refresh that
    /// brings a new post without moving the selection and asks conditionally, a private
    /// source's token, the subscriptions file and OPML.
    @Suite(.serialized)
    struct TimelineEndToEndTests {

        private func scratch() throws -> URL { try ScratchFolder.make("shimmerfeed-e2e-timeline") }

        @Test func twoSourcesInTwoFormatsMerge() throws {
            let server = try FeedServer()
            let tmux = try TmuxSession(width: 100, height: 30)
            try tmux.run("\(try Binary.required()) \(server.url("/rss")) \(server.url("/mastodon")); echo EXIT=$?")
            let screen = try tmux.waitFor("both sources") { $0.contains("from 2 sources") }
            #expect(screen.contains("8 posts from 2 sources"), "5 RSS items and 3 statuses (one is skipped)")
            // Newest first: the statuses (2026) above the RSS items (2003), each naming its source.
            let lines = screen.split(separator: "\n")
            let mastodon = try #require(lines.firstIndex { $0.contains("Ada Park") && $0.contains("127.0.0.1") })
            try tmux.press("G")
            let end = try tmux.waitFor("the last post") {
                ViewerEndToEndTests.selectedLine($0)?.contains("Liftoff News") == true
            }
            #expect(mastodon < 3 && end.contains("Podcast Host"))
            try tmux.quit()
        }

        @Test func aSlowBodysFirstPostShowsBeforeItEnds() throws {
            let server = try FeedServer()
            let tmux = try TmuxSession(width: 100, height: 30)
            try tmux.run("\(try Binary.required()) '\(server.url("/drip-posts?count=8&interval=0.25"))'; echo EXIT=$?")
            // The first post, while the body goes on arriving (8 posts, 0.25 s apart).
            let early = try tmux.waitFor("the first post", timeout: .seconds(5)) { $0.contains("Post drip1") }
            #expect(early.contains("receiving…"), "\(early.split(separator: "\n").last ?? "")")
            #expect(!early.contains("Post drip8"))
            try tmux.waitFor("the whole body", timeout: .seconds(10)) {
                $0.contains("8 posts") && $0.contains("loaded in")
            }
            try tmux.quit()
        }

        @Test func aRefreshBringsANewPostWithoutMovingTheSelectionAndAsksConditionally() throws {
            let server = try FeedServer()
            let key = UUID().uuidString
            let tmux = try TmuxSession(width: 80, height: 24)
            try tmux.run(
                "\(try Binary.required()) --refresh 5s '\(server.url("/growing?key=\(key)"))' '\(server.url("/etag?key=\(key)"))'; echo EXIT=$?"
            )
            try tmux.waitFor("the posts") { $0.contains("11 posts from 2 sources") }
            try tmux.press("j", "j", "j", "j", "j")
            let before = try tmux.waitFor("the selection on the sixth post") {
                ViewerEndToEndTests.selectedLine($0)?.contains("Writer g3") == true
            }
            let line = before.split(separator: "\n").firstIndex { $0.hasPrefix("▌") }
            let after = try tmux.waitFor("the refresh's new post", timeout: .seconds(12)) { $0.contains("12 posts") }
            #expect(
                after.split(separator: "\n").firstIndex { $0.hasPrefix("▌") } == line, "the selection kept its line")
            #expect(ViewerEndToEndTests.selectedLine(after)?.contains("Writer g3") == true)
            #expect(after.contains("▲ 1 new · g goes to the newest"))
            // The unchanged source answered the second request with a 304.
            #expect(try server.get("/count?key=\(key)").contains(#""304": 1"#))
            // g: the newest, and the marker goes; from there the newest stay in view.
            try tmux.press("g")
            try tmux.waitFor("the newest") { $0.hasPrefix("▌") && !$0.contains("▲") }
            try tmux.quit()
        }

        /// Every post on one screen: four newer posts come in above, out of sight, and the
        /// selected post keeps its lines, with blank lines below the last post.
        @Test func onOneScreenARefreshLeavesTheSelectionOnItsLines() throws {
            let server = try FeedServer()
            let key = UUID().uuidString
            let tmux = try TmuxSession(width: 80, height: 40)
            try tmux.run(
                "\(try Binary.required()) --no-store --refresh 5s '\(server.url("/growing?key=\(key)&base=2&step=4"))'; echo EXIT=$?"
            )
            try tmux.waitFor("the posts") { $0.contains("6 posts") }
            try tmux.press("j", "j", "j")
            let before = try tmux.waitFor("the selection on the fourth post") {
                ViewerEndToEndTests.selectedLine($0)?.contains("Writer g3") == true
            }
            let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
            let selected = lines.indices.filter { lines[$0].hasPrefix("▌") }
            #expect(selected == [12, 13, 14], "\(before)")
            let after = try tmux.waitFor("the refresh's four new posts", timeout: .seconds(12)) {
                $0.contains("10 posts")
            }
            let now = after.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(now.indices.filter { now[$0].hasPrefix("▌") } == selected, "\(after)")
            #expect(ViewerEndToEndTests.selectedLine(after)?.contains("Writer g3") == true)
            #expect(now[0].contains("▲ 4 new · g goes to the newest"), "\(now[0])")
            #expect(!after.contains("Writer g10"), "the new posts are out of sight")
            try tmux.quit()
        }

        /// One source is a timeline of one: `--refresh` asks it again, conditionally, and a
        /// new post comes in above the selection, which keeps its line.
        @Test func aSingleURLRefreshesConditionallyAndTheSelectionKeepsItsLine() throws {
            let server = try FeedServer()
            let key = UUID().uuidString
            let tmux = try TmuxSession(width: 80, height: 24)
            try tmux.run(
                "\(try Binary.required()) --refresh 5s '\(server.url("/refreshing?key=\(key)"))'; echo EXIT=$?")
            try tmux.waitFor("the posts") { $0.contains("8 posts") }
            try tmux.press("j", "j", "j")
            let before = try tmux.waitFor("the selection on the fourth post") {
                ViewerEndToEndTests.selectedLine($0)?.contains("Writer r5") == true
            }
            let line = before.split(separator: "\n").firstIndex { $0.hasPrefix("▌") }
            let after = try tmux.waitFor("the refresh's new post", timeout: .seconds(8)) { $0.contains("9 posts") }
            #expect(
                after.split(separator: "\n").firstIndex { $0.hasPrefix("▌") } == line, "the selection kept its line")
            #expect(ViewerEndToEndTests.selectedLine(after)?.contains("Writer r5") == true)
            #expect(after.contains("▲ 1 new · g goes to the newest"))
            #expect(!after.contains("Loading"), "a refresh shows no skeleton")
            // The next refresh names the new version and is answered 304.
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(8)
            var counts = try server.get("/count?key=\(key)")
            while !counts.contains(#""304": 1"#), clock.now < deadline {
                usleep(100_000)
                counts = try server.get("/count?key=\(key)")
            }
            #expect(counts.contains(#""conditional": 2"#) && counts.contains(#""304": 1"#), "\(counts)")
            try tmux.quit()
        }

        /// A timeline pages: at the end of the list, each source's next page loads and
        /// merges in.
        @Test func atTheEndOfATimelineEverySourcesNextPageLoads() throws {
            let server = try FeedServer()
            let tmux = try TmuxSession(width: 100, height: 30)
            try tmux.run(
                "\(try Binary.required()) '\(server.url("/jsonfeed/1"))' '\(server.url("/atom-paged/1"))'; echo EXIT=$?"
            )
            try tmux.waitFor("both first pages") { $0.contains("60 posts from 2 sources") }
            try tmux.press("G")
            let paged = try tmux.waitFor("both next pages") { $0.contains("80 posts from 2 sources") }
            #expect(!paged.contains("loading more"))
            try tmux.press("G")
            try tmux.waitFor("the last post of a second page") {
                ViewerEndToEndTests.selectedLine($0)?.contains("Writer 40") == true
            }
            try tmux.quit()
        }

        @Test func theSubscriptionsFileNamesSourcesAndTheTokenStaysWithItsHost() throws {
            let server = try FeedServer(tls: true)
            let folder = try scratch()
            defer { try? FileManager.default.removeItem(at: folder) }
            let config = folder.appendingPathComponent("shimmerfeed")
            try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
            try """
            # Two private sources, the second redirected to another host name.
            \(server.secureURL("/auth-echo?e2e")) token=$E2E_TOKEN My private feed
            \(server.secureURL("/to-localhost")) token=$E2E_TOKEN Moved
            """.write(to: config.appendingPathComponent("feeds"), atomically: true, encoding: .utf8)
            let tmux = try TmuxSession(width: 100, height: 30)
            let certificate = try #require(server.certificate)
            try tmux.run(
                "XDG_CONFIG_HOME='\(folder.path)' E2E_TOKEN=test-token-123 SSL_CERT_FILE='\(certificate)' "
                    + "\(try Binary.required()); echo EXIT=$?")
            let screen = try tmux.waitFor("the private feed") { $0.contains("from 2 sources") }
            #expect(screen.contains("My private feed"))
            #expect(!screen.contains("test-token-123"))
            let log = try server.get("/auth-log")
            #expect(
                log.contains(#""path": "/auth-echo?e2e", "host": "127.0.0.1:\#(server.tlsPort ?? 0)", "token": true"#),
                "\(log)")
            #expect(log.contains(#""path": "/auth-echo?moved""#) && log.contains(#""any": false"#), "\(log)")
            try tmux.quit()
        }

        @Test func anOPMLFileExpandsToItsFeeds() throws {
            let server = try FeedServer()
            let folder = try scratch()
            defer { try? FileManager.default.removeItem(at: folder) }
            let opml = folder.appendingPathComponent("export.xml")
            try """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>Exported</title></head><body>
              <outline text="News"><outline type="rss" text="Space news" xmlUrl="\(server.url("/rss"))"/></outline>
              <outline type="rss" title="Atom pages" text="ignored" xmlUrl="\(server.url("/atom-paged/1"))"/>
            </body></opml>
            """.write(to: opml, atomically: true, encoding: .utf8)
            let tmux = try TmuxSession(width: 100, height: 30)
            try tmux.run("\(try Binary.required()) '\(opml.path)'; echo EXIT=$?")
            let screen = try tmux.waitFor("both feeds") { $0.contains("35 posts from 2 sources") }
            #expect(screen.contains("Atom pages"), "the outline's title names the source")
            try tmux.quit()
        }
    }
}
