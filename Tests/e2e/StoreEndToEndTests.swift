import FeedCore
import Foundation
import TestSupport
import Testing

@testable import FeedStore

extension EndToEndTests {
    /// The store between runs, in the binary in tmux: a second run's first screen, its
    /// conditional request, `kill -9` at any moment, a damaged file, two viewers at once, a
    /// store that cannot be written, and `--offline` with no server.
    @Suite(.serialized)
    struct StoreEndToEndTests {

        private func scratch() throws -> URL { try ScratchFolder.make("shimmerfeed-e2e-store") }

        @Test func aSecondRunShowsTheStoredPostsAtOnceAndAsksConditionally() throws {
            let server = try FeedServer()
            let folder = try scratch()
            defer { try? FileManager.default.removeItem(at: folder) }
            let store = folder.appendingPathComponent("store.sqlite3").path
            let url = server.url("/etag?key=again")
            let first = try TmuxSession(width: 80, height: 24)
            try first.run("\(try Binary.required()) --store \(store) '\(url)'; echo EXIT=$?")
            try first.waitFor("the posts") { $0.contains("Ada Park") && $0.contains("3 unread") }
            try first.press("Enter")  // read: expanded
            try first.waitFor("one read") { $0.contains("2 unread") }
            try first.quit()
            // Again, with the server slowed by --delay: the first screen is the stored one.
            let second = try TmuxSession(width: 80, height: 24)
            try second.run("\(try Binary.required()) --delay 2 --store \(store) '\(url)'; echo EXIT=$?")
            let shown = try second.waitFor("the stored posts") { $0.contains("Ada Park") }
            #expect(shown.contains("from "), "the status line says how old they are")
            #expect(shown.contains("2 unread"), "the read mark was kept")
            #expect(!shown.contains("Loading"))
            try second.waitFor("the refresh") { $0.contains("loaded in") }
            #expect(try server.get("/count?key=again").contains(#""304": 1"#), "a conditional request, answered 304")
            try second.quit()
        }

        /// Read marks only where posts are kept: not for the sample feed (never kept), not
        /// with --no-store; for a URL with the store, yes.
        @Test func postsAreMarkedUnreadOnlyWhereTheyAreKept() throws {
            let server = try FeedServer()
            let folder = try scratch()
            defer { try? FileManager.default.removeItem(at: folder) }
            let store = folder.appendingPathComponent("store.sqlite3").path
            let url = server.url("/feed.json")
            let runs: [(options: String, shows: String, marked: Bool)] = [
                ("--store \(store)", "40 posts", false),
                ("--no-store '\(url)'", "3 posts", false),
                ("--store \(store) '\(url)'", "3 posts", true),
            ]
            for run in runs {
                let tmux = try TmuxSession(width: 80, height: 24)
                try tmux.run("\(try Binary.required()) \(run.options); echo EXIT=$?")
                let screen = try tmux.waitFor("the posts, \(run.options)") {
                    $0.contains(run.shows) && $0.contains("loaded in")
                }
                #expect(screen.contains("unread") == run.marked, "\(run.options): \(screen)")
                #expect(screen.contains("●") == run.marked)
                try tmux.quit()
            }
        }

        @Test func offlineWithNoServerShowsTheStore() throws {
            let folder = try scratch()
            defer { try? FileManager.default.removeItem(at: folder) }
            let store = folder.appendingPathComponent("store.sqlite3").path
            var url = ""
            do {
                let server = try FeedServer()
                url = server.url("/feed.json").absoluteString
                let tmux = try TmuxSession(width: 80, height: 24)
                try tmux.run("\(try Binary.required()) --store \(store) '\(url)'; echo EXIT=$?")
                try tmux.waitFor("the posts") { $0.contains("Ada Park") }
                try tmux.quit()
            }
            // The server is gone: --offline shows what was kept, and asks nothing.
            let tmux = try TmuxSession(width: 80, height: 24)
            try tmux.run("\(try Binary.required()) --offline --store \(store) '\(url)'; echo EXIT=$?")
            let screen = try tmux.waitFor("the kept posts") { $0.contains("Ada Park") && $0.contains("3 posts") }
            #expect(!screen.contains("refused"))
            try tmux.press("r")
            try tmux.waitFor("the notice") { $0.contains("offline: no reload") }
            try tmux.quit()
        }

        /// Killed at any moment, while sources refresh and marks are written: SQLite's own
        /// check finds the file sound every time, and marks older than a second are there.
        @Test func killNineNeverDamagesTheStore() throws {
            let server = try FeedServer()
            let folder = try scratch()
            defer { try? FileManager.default.removeItem(at: folder) }
            let store = folder.appendingPathComponent("store.sqlite3").path
            let sources = (0..<6).map { "'\(server.url("/refreshing?key=storm\($0)").absoluteString)'" }.joined(
                separator: " ")
            var random = SystemRandomNumberGenerator()
            for round in 0..<20 {
                let tmux = try TmuxSession(width: 80, height: 24)
                try tmux.run("exec \(try Binary.required()) --store \(store) \(sources)")
                try tmux.waitFor("the posts") { $0.contains("from 6 sources") }
                try tmux.press("A", "j", "j", "j", "Enter", "N")
                if round == 0 {
                    // Marks older than a second are in the file when it is killed.
                    try tmux.press("A")
                    usleep(1_500_000)
                } else {
                    usleep(UInt32.random(in: 0...400_000, using: &random))
                }
                try tmux.killProgram()
                let check = try FeedStore.open(at: store).store
                #expect(try SQLiteDatabase(path: store).scalar("PRAGMA integrity_check").text == "ok", "round \(round)")
                if round == 0 {
                    let kept = try check.sources(
                        (0..<6).map { server.url("/refreshing?key=storm\($0)").absoluteString })
                    let posts = kept.values.reduce(0) { $0 + $1.posts.count }
                    let read = kept.values.reduce(0) { $0 + $1.read.count }
                    #expect(posts > 0 && read == posts, "every mark older than a second was kept")
                }
            }
        }

        @Test func aDamagedStoreIsMovedAsideAndSaid() throws {
            let folder = try scratch()
            defer { try? FileManager.default.removeItem(at: folder) }
            let store = folder.appendingPathComponent("store.sqlite3").path
            try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: store))
            let fixture = FeedServer.fixtures.appendingPathComponent("small-feed.json").path
            let tmux = try TmuxSession(width: 100, height: 24)
            try tmux.run("\(try Binary.required()) --store \(store) \(fixture); echo EXIT=$?")
            // The notice is there from the first frame, beside the status; the feed shows all
            // the same; the help has it whole.
            try tmux.waitFor("the notice and the feed") {
                $0.contains("the store was not a store") && $0.contains("Ada Park") && $0.contains("3 posts")
            }
            try tmux.press("?")
            try tmux.waitFor("the notice whole in the help") {
                // Wrapped where the box's width says: its words, not its line breaks.
                let words = $0.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "│" }).joined(separator: " ")
                return words.contains("Notices") && words.contains("moved aside as")
                    && words.contains("store.sqlite3.broken-")
            }
            try tmux.press("j")
            try tmux.waitFor("the help closed") { !$0.contains("Notices") }
            try tmux.quit()
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(names.contains { $0.hasPrefix("store.sqlite3.broken-") }, "kept, not deleted: \(names)")
        }

        /// A store of this version with a damaged page, which the first screen does not read:
        /// the whole-file check after it finds the damage, moves the file aside and says so,
        /// and the viewer goes on without the store.
        @Test func aStoreDamagedWithinIsFoundAfterTheFirstScreenAndMovedAside() throws {
            let folder = try scratch()
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("store.sqlite3").path
            let store = try FeedStore.open(at: path).store
            let posts = (0..<200).map { index in
                Post(
                    id: .string("p\(index)"), author: Author(name: "Kept Writer"), content: "Kept post \(index)",
                    likes: nil, createdAt: Date(timeIntervalSinceNow: -Double(index) * 3600))
            }
            try store.saveAnswer(source: "kept", title: nil, posts: posts, etag: nil, lastModified: nil, at: Date())
            // Checkpointed into the file, then its last page overwritten.
            try SQLiteDatabase(path: path).execute("PRAGMA wal_checkpoint(TRUNCATE)")
            var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            bytes.replaceSubrange((bytes.count - 4096)..<bytes.count, with: Data(repeating: 0xFF, count: 4096))
            try bytes.write(to: URL(fileURLWithPath: path))
            let fixture = FeedServer.fixtures.appendingPathComponent("small-feed.json").path
            let tmux = try TmuxSession(width: 100, height: 24)
            try tmux.run("\(try Binary.required()) --store \(path) \(fixture); echo EXIT=$?")
            // The feed shows; the status line says the store rests, and why.
            try tmux.waitFor("the damage said") {
                $0.contains("going on without the store: the store was damaged") && $0.contains("Ada Park")
            }
            try tmux.quit()
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(names.contains { $0.hasPrefix("store.sqlite3.broken-") }, "kept, not deleted: \(names)")
        }

        @Test func twoViewersShareTheStore() throws {
            let server = try FeedServer()
            let folder = try scratch()
            defer { try? FileManager.default.removeItem(at: folder) }
            let store = folder.appendingPathComponent("store.sqlite3").path
            let one = server.url("/feed.json").absoluteString
            let two = server.url("/rss").absoluteString
            let first = try TmuxSession(width: 100, height: 24)
            let second = try TmuxSession(width: 100, height: 24)
            try first.run("\(try Binary.required()) --store \(store) '\(one)' '\(two)'; echo EXIT=$?")
            try second.run("\(try Binary.required()) --store \(store) '\(one)' '\(two)'; echo EXIT=$?")
            try first.waitFor("the posts") { $0.contains("from 2 sources") }
            try second.waitFor("the posts") { $0.contains("from 2 sources") }
            try first.press("A")
            try second.press("Enter")
            try first.quit()
            try second.quit()
            let kept = try FeedStore.open(at: store).store.sources([one, two])
            let read = kept.values.reduce(0) { $0 + $1.read.count }
            let posts = kept.values.reduce(0) { $0 + $1.posts.count }
            #expect(posts == 8 && read == posts, "the first viewer's marks all there, the second's too")
        }

        @Test func aStoreThatCannotBeWrittenIsSaidOnceAndTheViewerGoesOn() throws {
            let folder = try scratch()
            defer { try? FileManager.default.removeItem(at: folder) }
            // A file where the store's folder should be: nothing can be made there, root or not.
            let blocker = folder.appendingPathComponent("not-a-folder")
            try Data("x".utf8).write(to: blocker)
            let fixture = FeedServer.fixtures.appendingPathComponent("small-feed.json").path
            let tmux = try TmuxSession(width: 120, height: 24)
            try tmux.run("\(try Binary.required()) --store \(blocker.path)/store.sqlite3 \(fixture); echo EXIT=$?")
            try tmux.waitFor("the notice and the posts") {
                $0.contains("going on without the store: cannot open") && $0.contains("Ada Park")
            }
            try tmux.press("j")
            try tmux.waitFor("the status line back") { $0.contains("3 posts") }
            try tmux.quit()
        }
    }
}
