import FeedCore
import FeedNetwork
import FeedStore
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import FeedServices

/// Read marks on their way to a reader server (tt-rss's `updateArticle`, tested against the
/// real server in TinyTinyRSSNetworkTests): kept in the store's outbox first, sent together
/// and in order, kept while the server cannot take them, sent by the next run, and standing
/// over a load's answer while they wait.
@Suite struct ReadStateSyncTests {
    /// A server that takes marks (or, while `down`, cannot be reached), and keeps what came.
    final class Server: ReadStateServer, @unchecked Sendable {
        let name = "ada@rss.example"
        private let lock = NSLock()
        private var requests: [(ids: [String], read: Bool)] = []
        var down = false

        var received: [(ids: [String], read: Bool)] { lock.withLock { requests } }

        func mark(_ ids: [String], read: Bool) async -> ReadStateAnswer {
            lock.withLock {
                if down { return .unsent(.refused(host: "rss.example", port: nil)) }
                requests.append((ids, read))
                return .taken
            }
        }
    }

    private func store() throws -> (FeedStore, URL) {
        let folder = try ScratchFolder.make("store-read-state")
        return (try FeedStore.open(at: folder.appendingPathComponent("store.sqlite3").path).store, folder)
    }

    private func marks(_ pairs: [(String, Bool)], source: Int = 0) -> [PostMark] {
        pairs.map { .read(PostID.string($0.0).tagged(by: source), source: source, $0.1) }
    }

    @Test func marksAreKeptThenSentTogetherInTheOrderTheyWereMade() async throws {
        let (store, folder) = try store()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = Server()
        let sync = ReadStateSync(servers: [server, nil], store: store, gather: .seconds(3600))
        sync.keep(marks([("1", true), ("2", true), ("3", false), ("4", true)]))
        // Another source's (no reader server's) are not kept here.
        sync.keep(marks([("9", true)], source: 1))
        #expect(try store.queued(by: server.name).map(\.target) == ["1", "2", "3", "4"])
        #expect(await sync.send(server).isEmpty)
        #expect(server.received.map(\.ids) == [["1", "2"], ["3"], ["4"]])
        #expect(server.received.map(\.read) == [true, false, true])
        #expect(try store.queued(by: server.name).isEmpty, "taken out once the server has them")
    }

    @Test func aMarkTheServerCannotTakeWaitsForTheNextRunAndItsLoad() async throws {
        let (store, folder) = try store()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = Server()
        server.down = true
        let sync = ReadStateSync(servers: [server], store: store, gather: .seconds(3600))
        sync.keep(marks([("5", true), ("6", true)]))
        #expect(await sync.send(server) == ["5": true, "6": true])
        #expect(try store.queued(by: server.name).count == 2, "kept to send")
        // The next run (a new sync on the same store), the server back: its load sends them
        // first, and its answer has them.
        server.down = false
        let next = ReadStateSync(servers: [server], store: store)
        struct Load: FeedLoading {
            let server: Server
            func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
                // The server's state as it answers: what it took is read.
                let taken = Set(server.received.flatMap(\.ids))
                return Feed(
                    posts: ["5", "6", "7"].map { id in
                        var post = Post(
                            id: .string(id), author: Author(name: "x"), content: "", likes: nil, createdAt: nil)
                        post.statusID = id
                        post.readOnServer = taken.contains(id)
                        return post
                    })
            }
        }
        let feed = try await ReadMarksFirst(base: Load(server: server), server: server, sync: next).load { _, _, _ in }
        #expect(server.received.map(\.ids) == [["5", "6"]])
        #expect(feed.posts.map(\.readOnServer) == [true, true, false])
        #expect(try store.queued(by: server.name).isEmpty)
    }

    @Test func marksStillWaitingStandOverTheAnswer() async throws {
        let (store, folder) = try store()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = Server()
        server.down = true
        let sync = ReadStateSync(servers: [server], store: store, gather: .seconds(3600))
        sync.keep(marks([("1", false), ("2", true)]))
        struct Stale: FeedLoading {
            func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
                Feed(
                    posts: [("1", true), ("2", false), ("3", true)].map { id, read in
                        var post = Post(
                            id: .string(id), author: Author(name: "x"), content: "", likes: nil, createdAt: nil)
                        post.statusID = id
                        post.readOnServer = read
                        return post
                    })
            }
        }
        // The server took the load (another route) but not the marks: they still win.
        let feed = try await ReadMarksFirst(base: Stale(), server: server, sync: sync).load { _, _, _ in }
        #expect(feed.posts.map(\.readOnServer) == [false, true, true])
    }

    @Test func marksMadeTogetherAreSentOnceAfterTheGather() async throws {
        let (store, folder) = try store()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = Server()
        let clock = ManualClock()
        let sync = ReadStateSync(servers: [server], store: store, gather: .milliseconds(500), clock: clock)
        sync.keep(marks([("1", true)]))
        sync.keep(marks([("2", true)]))
        #expect(server.received.isEmpty, "not before the gather")
        let deadline = ContinuousClock.now + .seconds(10)
        while server.received.isEmpty, ContinuousClock.now < deadline {
            _ = clock.advance(toward: clock.now + .seconds(1))
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(server.received.map(\.ids) == [["1", "2"]])
    }
}
