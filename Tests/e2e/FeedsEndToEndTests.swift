import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// Real feed formats from the loopback server, in the binary in tmux: RSS and Atom
    /// read and paged, attachments and polls drawn, a broken document reported on screen.
    @Suite(.serialized)
    struct FeedsEndToEndTests {

        private func open(_ url: URL, width: Int = 80, height: Int = 24) throws -> TmuxSession {
            let tmux = try TmuxSession(width: width, height: height)
            try tmux.run("\(try Binary.required()) --delay 0 \(url); echo EXIT=$?")
            return tmux
        }

        @Test func anRSSFeedShowsItsTitleNoLikesAndAnEpisodesAudio() throws {
            let server = try FeedServer()
            let tmux = try open(server.url("/rss"))
            let screen = try tmux.waitFor("the feed's title") { $0.contains("Liftoff News · 5 posts") }
            #expect(screen.contains("Star City") && screen.contains("Ellen Expert"))
            #expect(!screen.contains("♥"), "RSS counts no likes")
            try tmux.press("j", "j", "j", "Enter")
            try tmux.waitFor("the episode's audio") { $0.contains("♪ audio") }
            try tmux.quit()
        }

        @Test func anAtomFeedPagesThroughItsNextLink() throws {
            let server = try FeedServer()
            let tmux = try open(server.url("/atom-paged/1"))
            try tmux.waitFor("the first page") { $0.contains("Paged Atom · 30 posts") && $0.contains("Writer 1") }
            try tmux.press("G")
            try tmux.waitFor("the second page") { $0.contains("Paged Atom · 40 posts") }
            try tmux.press("G")
            try tmux.waitFor("the last entry") { $0.contains("Entry 40") }
            try tmux.quit()
        }

        @Test func mastodonMediaAndPollsShowCollapsedAndExpanded() throws {
            let server = try FeedServer()
            let tmux = try open(server.url("/mastodon-media"), width: 80, height: 30)
            let screen = try tmux.waitFor("the posts") { $0.contains("5 posts") }
            #expect(screen.contains("▶ video: A kite turns over the bay at dusk."))
            #expect(screen.contains("▣ 3 images · ▶ video · ♪ audio"))
            #expect(screen.contains("☰ poll · 2 options · 20 votes · closed"))
            try tmux.press("j", "j", "Enter")
            let expanded = try tmux.waitFor("the poll's bars") { $0.contains("██████░░░░  60%  Tabs · 12") }
            #expect(expanded.contains("████░░░░░░  40%  Spaces · 8"))
            try tmux.quit()
        }

        @Test func aDocumentCutShortShowsWhatWasReadAndWhyItStopped() throws {
            let server = try FeedServer()
            let tmux = try open(server.url("/huge-text"), width: 100, height: 12)
            let screen = try tmux.waitFor("the status") { $0.contains("cut short: line 1: huge text node") }
            #expect(screen.contains("First"))
            // libxml2's own report would land on the screen if it were let through.
            #expect(!screen.contains("parser error") && !screen.contains("xmlSAX2"))
            try tmux.quit()
        }

        /// `o` on a post whose feed gives a root-relative link opens the whole link: resolved
        /// against where the document was after its redirect. The browser is a stand-in, a
        /// script on `PATH` that writes its argument to a file.
        @Test func oOpensARelativeLinkMadeAbsolute() throws {
            let server = try FeedServer()
            let folder = try ScratchFolder.make("shimmerfeed-e2e-browser")
            defer { try? FileManager.default.removeItem(at: folder) }
            let opened = folder.appendingPathComponent("opened")
            let script = folder.appendingPathComponent("xdg-open")
            try "#!/bin/sh\nprintf '%s\\n' \"$1\" > '\(opened.path)'\n".write(
                to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            let tmux = try TmuxSession(width: 80, height: 24)
            try tmux.run(
                "PATH='\(folder.path)':$PATH \(try Binary.required()) --delay 0 \(server.url("/moved/relative")); echo EXIT=$?"
            )
            try tmux.waitFor("the post") { $0.contains("Detail") }
            try tmux.press("o")
            let expected = "\(server.url("/en/news/detail/42").absoluteString)\n"
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(10)
            var written = ""
            while clock.now < deadline {
                written = (try? String(contentsOf: opened, encoding: .utf8)) ?? ""
                if written == expected { break }
                usleep(20_000)
            }
            #expect(written == expected)
            let screen = try tmux.capture()
            #expect(screen.contains("CN   CERN-style news"), "the post is its feed's, by name and initials")
            try tmux.quit()
        }

        /// A document in ISO-8859-1 said only in the HTTP header reads as the server says.
        @Test func theHTTPCharsetDecidesTheEncoding() throws {
            let server = try FeedServer()
            let tmux = try open(server.url("/latin1"))
            let screen = try tmux.waitFor("the post") { $0.contains("Crème brûlée à volonté") }
            #expect(screen.contains("Café de la Gare"))
            try tmux.quit()
        }
    }
}
