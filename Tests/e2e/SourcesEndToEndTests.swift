import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// Feeds from a URL and from a pipe, in the real binary.
    @Suite(.serialized)
    struct SourcesEndToEndTests {

        @Test func aURLShowsTheSkeletonThenTheRowsAndPagesInMore() throws {
            let server = try FeedServer()
            let tmux = try TmuxSession(width: 80, height: 24)
            try tmux.run("\(try Binary.required()) --delay 1 \(server.url("/jsonfeed/1")); echo EXIT=$?")
            try tmux.waitFor("the skeleton", colors: true) {
                ViewerEndToEndTests.hasGreyBackground($0) && $0.contains("Loading")
            }
            let loaded = try tmux.waitFor("the first page") { $0.contains("Writer 1") }
            #expect(loaded.contains("Paged Feed · 30 posts"))
            // Near the end, the next page loads under skeleton rows, then joins the list.
            try tmux.press("G")
            try tmux.waitFor("skeleton rows below the last post", colors: true) {
                $0.contains("loading more…") && ViewerEndToEndTests.hasGreyBackground($0)
            }
            try tmux.waitFor("the second page") { $0.contains("Paged Feed · 40 posts") }
            try tmux.press("G")
            try tmux.waitFor("the last post of the second page") {
                ViewerEndToEndTests.selectedLine($0)?.contains("Writer 40") == true
            }
            try tmux.press("q")
            try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }
        }

        @Test func anHTTPErrorShowsInPlaceOfTheRows() throws {
            let server = try FeedServer()
            let tmux = try TmuxSession(width: 100, height: 24)
            try tmux.run("\(try Binary.required()) \(server.url("/404")); echo EXIT=$?")
            let screen = try tmux.waitFor("the error") { $0.contains("HTTP 404 Not Found") }
            #expect(screen.contains("r to retry"))
            try tmux.press("q")
            try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }
        }

        @Test func aFeedOnStandardInputLeavesTheKeysToTheTerminal() throws {
            let tmux = try TmuxSession(width: 80, height: 24)
            let fixture = FeedServer.fixtures.appendingPathComponent("small-feed.json").path
            try tmux.run("cat \(fixture) | \(try Binary.required()) -; echo EXIT=$?")
            try tmux.waitFor("the posts from the pipe") {
                $0.contains("3 posts") && $0.contains("standard input") && $0.contains("Ada Park")
            }
            try tmux.press("j")
            try tmux.waitFor("the second post selected") {
                ViewerEndToEndTests.selectedLine($0)?.contains("Ada Park") == true
            }
            try tmux.press("q")
            try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }
        }
        @Test func anRSSFeedShowsItsItems() throws {
            let tmux = try TmuxSession(width: 150, height: 24)
            let fixture = FeedServer.fixtures.appendingPathComponent("xml/rss2.xml").path
            try tmux.run("\(try Binary.required()) \(fixture); echo EXIT=$?")
            let screen = try tmux.waitFor("the items") { $0.contains("Ellen Expert") && $0.contains("5 posts") }
            // A file's posts are kept: each unread, the first run's count.
            #expect(screen.contains("Liftoff News · 5 posts · 5 unread · loaded in"))
            #expect(screen.contains("▌ EE ● Ellen Expert"))
            #expect(screen.contains("· 1 skipped (post 6: an item with nothing to show)"))
            #expect(screen.contains("Star City"))
            #expect(!screen.contains("♥"), "RSS counts no likes")
            try tmux.press("q")
            try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }
        }

        /// Every episode links to the show's page, each with a guid of its own: three posts,
        /// shown, counted and kept (the second run starts from the store with all three).
        @Test func aPodcastWhoseEpisodesShareOneLinkShowsEveryEpisode() throws {
            let fixture = FeedServer.fixtures.appendingPathComponent("xml/podcast-shared-link.xml").path
            // One session, so one store (in its own state folder): the second run starts from it.
            let tmux = try TmuxSession(width: 100, height: 30)
            for run in 1...2 {
                try tmux.run("clear; \(try Binary.required()) \(fixture); echo EXIT=$?")
                // The feed's own answer (the second run first shows the store's, "from just now").
                let screen = try tmux.waitFor("the episodes, run \(run)") {
                    $0.contains("Night Shift Podcast · 3 posts")
                }
                for episode in ["Episode 3: Sleep", "Episode 2: Coffee", "Episode 1: Dawn"] {
                    #expect(screen.contains(episode), "\(episode), run \(run)")
                }
                try tmux.quit()
            }
        }
    }
}
