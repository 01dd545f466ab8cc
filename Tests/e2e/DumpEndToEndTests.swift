import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// `--dump` of real sources: the time their loads took is the time "loaded in" says,
    /// and `--keys` dumps the frame after keys (the sources view, the next post).
    @Suite(.serialized)
    struct DumpEndToEndTests {
        @Test func aSlowSourcesLoadTimeIsWhatTheDumpSays() throws {
            let server = try FeedServer()
            let folder = try ScratchFolder.make("shimmerfeed-e2e-dump")
            defer { try? FileManager.default.removeItem(at: folder) }
            // Four posts, 0.3 s apart: the body takes 0.9 s at least.
            let run = try DumpRun(
                [
                    "--dump", "--no-store", "--size", "100x20",
                    server.url("/drip-posts?count=4&interval=0.3").absoluteString,
                ],
                in: folder)
            let status = try #require(run.output.split(separator: "\n").last.map(String.init))
            let seconds = try #require(status.firstMatch(of: /loaded in (\d+\.\d+) s/), "\(status)")
            #expect(Double(seconds.1) ?? 0 >= 0.9, "\(status)")
        }

        /// `t` in a dump reads the post's thread from its server (the loopback AppView's
        /// recorded thread_mid.json), as the viewer does: the frame shows it loading, the
        /// post with its replies' skeleton rows; offline, nothing is read.
        @Test func aThreadIsReadInADump() throws {
            let server = try FeedServer()
            let folder = try ScratchFolder.make("shimmerfeed-e2e-dump")
            defer { try? FileManager.default.removeItem(at: folder) }
            let environment = ["TERM=xterm-256color", "SHIMMERFEED_BLUESKY_APPVIEW=http://127.0.0.1:\(server.port)"]
            let profile = "https://bsky.app/profile/chadmichael.bsky.social"
            let thread = try DumpRun(
                ["--dump", "--no-store", "--size", "80x24", "--keys", "t", profile], in: folder,
                environment: environment)
            #expect(thread.output.contains("Thread · loading · Esc back"), "\(thread.output)")
            #expect(thread.output.contains("If Bluesky is invite only"))
            let asked = try BlueskyLog.entries(server).filter { $0.path.hasSuffix("getPostThread") }
            #expect(asked.count == 1)
            let offline = try DumpRun(
                ["--dump", "--no-store", "--offline", "--size", "80x24", "--keys", "t", profile], in: folder,
                environment: environment)
            #expect(!offline.output.contains("Thread · loading"))
            #expect(try BlueskyLog.entries(server).filter { $0.path.hasSuffix("getPostThread") }.count == 1)
        }

        @Test func keysArePressedBeforeTheFrame() throws {
            let server = try FeedServer()
            let folder = try ScratchFolder.make("shimmerfeed-e2e-dump")
            defer { try? FileManager.default.removeItem(at: folder) }
            let feed = server.url("/feed.json").absoluteString
            let sources = try DumpRun(["--dump", "--no-store", "--size", "80x10", "--keys", "s", feed], in: folder)
            #expect(sources.output.contains("▾ no tag") && sources.output.contains("Sources · 1 source · Enter opens"))
            let next = try DumpRun(["--dump", "--no-store", "--size", "80x10", "--keys", "j", feed], in: folder)
            #expect(next.output.split(separator: "\n").first { $0.hasPrefix("▌") }?.contains("Ada Park") == true)
            let wrong = try DumpRun(["--keys", "s", feed], in: folder)
            #expect(wrong.status == 2 && wrong.error.contains("--size, --at, --pictures-at and --keys go with --dump"))
        }
    }
}
