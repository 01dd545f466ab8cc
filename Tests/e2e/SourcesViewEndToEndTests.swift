import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// Hundreds of feeds made findable, in the real binary: a tagged subscriptions file with
    /// an OPML file of folders in it, the sources view (`s`) with a count shimmering while
    /// its source loads, Enter on a tag, Esc back, and unread only (`U`).
    @Suite(.serialized)
    struct SourcesViewEndToEndTests {
        private func scratch() throws -> URL { try ScratchFolder.make("shimmerfeed-e2e-sources-view") }

        /// The scratch folder's configuration: subscriptions of tags, an OPML export in them.
        private func subscribe(in folder: URL, server: FeedServer) throws {
            let config = folder.appendingPathComponent("shimmerfeed")
            try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
            let opml = folder.appendingPathComponent("export.opml")
            try """
            <?xml version="1.0"?>
            <opml version="2.0"><body>
              <outline text="tech"><outline text="swift">
                <outline text="Swift posts" xmlUrl="\(server.url("/posts"))"/>
              </outline></outline>
              <outline text="news"><outline text="RSS news" xmlUrl="\(server.url("/rss"))"/></outline>
            </body></opml>
            """.write(to: opml, atomically: true, encoding: .utf8)
            try """
            \(server.url("/feed.json")) tag=swift tag=linux Small feed
            \(server.url("/drip-posts?count=6&interval=0.7")) tag=linux Slow drip
            \(opml.path) tag=imported
            """.write(to: config.appendingPathComponent("feeds"), atomically: true, encoding: .utf8)
        }

        @Test func theSourcesViewOpensATagAndEscComesBack() throws {
            let server = try FeedServer()
            let folder = try scratch()
            defer { try? FileManager.default.removeItem(at: folder) }
            try subscribe(in: folder, server: server)
            let tmux = try TmuxSession(width: 100, height: 30)
            try tmux.run(
                "XDG_CONFIG_HOME='\(folder.path)' XDG_STATE_HOME='\(folder.path)/state' \(try Binary.required()); "
                    + "echo EXIT=$?")
            try tmux.waitFor("the first posts") { $0.contains("Writer") || $0.contains("Author") }
            try tmux.press("s")
            // The slow source's count is a grey skeleton while it loads.
            let loading = try tmux.waitFor("the sources view, a count loading", colors: true) { screen in
                let drip = screen.split(separator: "\n").first { $0.contains("Slow drip") } ?? ""
                return drip.contains("loading") && ViewerEndToEndTests.hasGreyBackground(String(drip))
            }
            #expect(loading.contains("Sources · 4 sources · 6 tags"), "\(loading)")
            let loaded = try tmux.waitFor("every count", timeout: .seconds(15)) { screen in
                let drip = screen.split(separator: "\n").first { $0.contains("Slow drip") } ?? ""
                return !drip.contains("loading") && drip.hasSuffix(" 6")
            }
            let lines = loaded.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines[0].hasPrefix("▌ ▾ swift"), "\(loaded)")
            let news = try #require(lines.firstIndex { $0.contains("▾ news") }, "\(loaded)")
            #expect(lines[news + 1].contains("RSS news") && lines[news + 1].hasSuffix(" 5"))
            #expect(try #require(lines.firstIndex { $0.contains("▾ tech") }) < news)
            // Enter on the news tag: its timeline.
            try tmux.press(contentsOf: Array(repeating: "j", count: news) + ["Enter"])
            let timeline = try tmux.waitFor("the tag's timeline") {
                $0.contains("news · 5 posts · 5 unread · Esc back")
            }
            #expect(!timeline.contains("Small feed") && !timeline.contains("Slow drip"))
            // Esc: the sources view, on the tag; Esc again: the whole timeline.
            try tmux.press("Escape")
            try tmux.waitFor("the sources view, on the tag") {
                ViewerEndToEndTests.selectedLine($0)?.contains("▾ news") == true
            }
            try tmux.press("Escape")
            try tmux.waitFor("the whole timeline") { $0.contains("from 4 sources") }
            try tmux.quit()
        }

        @Test func unreadOnlyHidesWhatWasReadAndSaysSo() throws {
            let server = try FeedServer()
            let folder = try scratch()
            defer { try? FileManager.default.removeItem(at: folder) }
            let tmux = try TmuxSession(width: 100, height: 30)
            try tmux.run(
                "XDG_STATE_HOME='\(folder.path)' \(try Binary.required()) '\(server.url("/feed.json"))'; echo EXIT=$?")
            let first = try tmux.waitFor("the posts") { $0.contains("3 posts · 3 unread") }
            let reading = "Ben Okafor"
            #expect(ViewerEndToEndTests.selectedLine(first)?.contains(reading) == true, "\(first)")
            // N: the first post read; U: it goes, the status says so.
            try tmux.press("N")
            try tmux.waitFor("the post read") { $0.contains("2 unread") }
            try tmux.press("U")
            let only = try tmux.waitFor("unread only") { $0.contains("2 unread · unread only") }
            #expect(!only.contains(reading), "\(reading) was read: \(only)")
            // U again: every post.
            try tmux.press("U")
            try tmux.waitFor("every post") { $0.contains(reading) && !$0.contains("unread only") }
            try tmux.quit()
        }
    }
}
