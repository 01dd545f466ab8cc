import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// Real feed formats from the loopback server, in the binary in tmux: RSS and Atom
    /// read and paged, attachments and polls drawn, a broken document reported on screen.
    @Suite(.serialized)
    struct FeedsEndToEndTests {
        private func binary() throws -> String {
            try #require(Binary.path, "the shimmerfeed binary was not found beside the tests; run `swift build` first")
        }

        private func open(_ url: URL, width: Int = 80, height: Int = 24) throws -> TmuxSession {
            let tmux = try TmuxSession(width: width, height: height)
            try tmux.run("\(try binary()) --delay 0 \(url); echo EXIT=$?")
            return tmux
        }

        private func quit(_ tmux: TmuxSession) throws {
            try tmux.press("q")
            try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }
            try tmux.expectRestored()
        }

        @Test func anRSSFeedShowsItsTitleNoLikesAndAnEpisodesAudio() throws {
            let server = try FeedServer()
            let tmux = try open(server.url("/rss"))
            let screen = try tmux.waitFor("the feed's title") { $0.contains("Liftoff News · 4 posts") }
            #expect(screen.contains("Star City") && screen.contains("Ellen Expert"))
            #expect(!screen.contains("♥"), "RSS counts no likes")
            try tmux.press("j", "j", "j", "Enter")
            try tmux.waitFor("the episode's audio") { $0.contains("♪ audio") }
            try quit(tmux)
        }

        @Test func anAtomFeedPagesThroughItsNextLink() throws {
            let server = try FeedServer()
            let tmux = try open(server.url("/atom-paged/1"))
            try tmux.waitFor("the first page") { $0.contains("Paged Atom · 30 posts") && $0.contains("Writer 1") }
            try tmux.press("G")
            try tmux.waitFor("the second page") { $0.contains("Paged Atom · 40 posts") }
            try tmux.press("G")
            try tmux.waitFor("the last entry") { $0.contains("Entry 40") }
            try quit(tmux)
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
            try quit(tmux)
        }

        @Test func aDocumentCutShortShowsWhatWasReadAndWhyItStopped() throws {
            let server = try FeedServer()
            let tmux = try open(server.url("/huge-text"), width: 100, height: 12)
            let screen = try tmux.waitFor("the status") { $0.contains("cut short: line 1: huge text node") }
            #expect(screen.contains("First"))
            // libxml2's own report would land on the screen if it were let through.
            #expect(!screen.contains("parser error") && !screen.contains("xmlSAX2"))
            try quit(tmux)
        }
    }
}
