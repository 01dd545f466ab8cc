import Foundation
import TestSupport
import Testing

/// What a source costs once it has answered, through the binary (`--dump`, its peak memory
/// from `wait4`): its posts, its status and its validators, and nothing of its transfer.
extension EndToEndTests {
    @Suite(.serialized)
    struct ManySourcesEndToEndTests {
        /// The peak of a `--dump` of `sources` loopback feeds of `items` items each (with
        /// `padding` bytes a feed that no post shows), once every post is in.
        private func peak(
            server: FeedServer, sources: Int, items: Int, padding: Int = 0, size: String = "100x10",
            delay: Double = 0
        ) throws -> Int {
            let folder = try ScratchFolder.make("shimmerfeed-e2e-many")
            defer { try? FileManager.default.removeItem(at: folder) }
            let urls = (0..<sources).map {
                server.url("/many-feed?source=\($0)&items=\(items)&words=60&padding=\(padding)&delay=\(delay)")
                    .absoluteString
            }
            let run = try DumpRun(["--dump", "--no-store", "--size", size] + urls, in: folder)
            #expect(run.status == 0, "\(run.error.prefix(300))")
            let total = sources * items
            let grouped = total >= 1000 ? "\(total / 1000),\(String(total % 1000 + 1000).dropFirst())" : "\(total)"
            #expect(run.output.contains("\(grouped) posts from \(sources) sources"), "\(run.output.suffix(300))")
            return run.peak
        }

        /// The same 6,000 posts from 30 sources and from 300: the ten times as many sources
        /// cost at most 30 % more (the bound for 500 feeds against 100).
        @Test func memoryFollowsThePostsNotTheSources() throws {
            let server = try FeedServer()
            let few = try peak(server: server, sources: 30, items: 200)
            let many = try peak(server: server, sources: 300, items: 20)
            #expect(
                Double(many) <= 1.3 * Double(few),
                "300 sources: \(many / 1024) KiB; 30 sources: \(few / 1024) KiB")
        }

        /// A dump keeps the last frame it drew, not every frame of the load: at 200x50 (half a
        /// megabyte a frame, dozens of frames while 300 sources answer) it costs little more
        /// than at 100x10. Keeping them all cost 3 to 10 MB more.
        @Test func aDumpsMemoryDoesNotGrowWithItsFramesSize() throws {
            let server = try FeedServer()
            // Answers 50 ms late, 8 at a time: two seconds of answers, a frame for each few.
            let small = try peak(server: server, sources: 300, items: 20, delay: 0.05)
            let large = try peak(server: server, sources: 300, items: 20, size: "200x50", delay: 0.05)
            #expect(
                large - small < 2 * 1_048_576, "200x50: \(large / 1024) KiB; 100x10: \(small / 1024) KiB")
        }

        /// 300 feeds each carrying 40 KB that no post shows (12 MB in all): once they have
        /// answered, their bodies are gone. Kept, they would add the 12 MB; in flight there
        /// are never more than 8 at a time (320 KB).
        @Test func aSourceKeepsNothingOfItsTransfer() throws {
            let server = try FeedServer()
            let plain = try peak(server: server, sources: 300, items: 20)
            let padded = try peak(server: server, sources: 300, items: 20, padding: 40_000)
            #expect(
                padded - plain < 4 * 1_048_576,
                "padded: \(padded / 1024) KiB; plain: \(plain / 1024) KiB")
        }
    }
}
