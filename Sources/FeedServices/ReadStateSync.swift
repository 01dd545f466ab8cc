import FeedCore
import FeedNetwork
import FeedStore
import FoundationEssentials
import Synchronization

/// Read marks on their way to the servers that keep them for all the reader's devices (a
/// reader server's). Each mark is kept in the store's outbox as it is made, before it is
/// sent, and taken out once the server has answered; marks of one account go together,
/// several posts a request, in the order they were made. A mark the server could not take
/// (offline, the server down, the viewer killed) waits, and is sent before the next load
/// of its sources, whose answer it then wins over: the server's older state never
/// overwrites a change still waiting to be sent.
public final class ReadStateSync: Sendable {
    /// Each source's server, by index.
    let servers: [(any ReadStateServer)?]
    let store: FeedStore?
    /// How long after a mark its account's marks are sent: the marks of one scroll go as one.
    let gather: Duration
    let clock: any LoopClock
    /// The accounts whose marks are being sent, or are due to be.
    private let sending = Mutex<Set<String>>([])

    public init(
        servers: [(any ReadStateServer)?], store: FeedStore?, gather: Duration = .milliseconds(500),
        clock: any LoopClock = SystemLoopClock()
    ) {
        self.servers = servers
        self.store = store
        self.gather = gather
        self.clock = clock
    }

    /// Whether any source's read marks go to a server.
    public var syncs: Bool { servers.contains { $0 != nil } }

    /// Keeps the read marks among `marks` whose source's server keeps them, in the outbox
    /// now, and sends them shortly.
    public func keep(_ marks: [PostMark], now: Date = Date()) {
        guard let store else { return }
        var due: [String: any ReadStateServer] = [:]
        var queued: [FeedStore.Queued] = []
        for (offset, mark) in marks.enumerated() {
            guard case .read(let id, let source, let isRead) = mark, servers.indices.contains(source),
                let server = servers[source]
            else { continue }
            // Made in this order: each a moment after the last, so that the outbox says it.
            queued.append(
                FeedStore.Queued(
                    actor: server.name, kind: .read, target: id.untagged(by: source), on: isRead, targetURL: nil,
                    queuedAt: now.addingTimeInterval(Double(offset) / 1_000_000)))
            due[server.name] = server
        }
        guard !queued.isEmpty else { return }
        store.keep { store throws(FeedStore.Unavailable) in
            for mark in queued { try store.queue(mark) }
        }
        for server in due.values { sendSoon(server) }
    }

    /// Sends `server`'s marks after `gather`, unless a send is already due.
    private func sendSoon(_ server: any ReadStateServer) {
        guard sending.withLock({ $0.insert(server.name).inserted }) else { return }
        Task.detached { [self] in
            try? await clock.sleep(for: gather)
            sending.withLock { _ = $0.remove(server.name) }
            _ = await send(server)
        }
    }

    /// What `server`'s account has waiting, oldest first, sent: a request for each run of
    /// marks of one kind (read, unread). Stops at the first that could not be sent, so
    /// that the order holds. What waits still, by post id, and whether read.
    @discardableResult
    public func send(_ server: any ReadStateServer) async -> [String: Bool] {
        guard let store else { return [:] }
        let kept = ((try? store.queued(by: server.name)) ?? []).filter { $0.kind == .read }
        var runs: [[FeedStore.Queued]] = []
        for mark in kept {
            if let last = runs.last?.last, last.on == mark.on {
                runs[runs.count - 1].append(mark)
            } else {
                runs.append([mark])
            }
        }
        for (index, run) in runs.enumerated() {
            let answer = await server.mark(run.map(\.target), read: run[0].on)
            if case .unsent = answer {
                var waiting: [String: Bool] = [:]
                for mark in runs[index...].joined() { waiting[mark.target] = mark.on }
                return waiting
            }
            store.keep { store throws(FeedStore.Unavailable) in
                for mark in run { try store.unqueue(mark) }
            }
        }
        return [:]
    }

    /// The server of source `source`, where its marks go to one.
    func server(of source: Int) -> (any ReadStateServer)? {
        servers.indices.contains(source) ? servers[source] : nil
    }
}

/// A reader server's source's loader: its account's waiting marks sent first, so that the
/// answer has them; any still waiting then (the server took the load but not the marks)
/// stand over the answer's state.
struct ReadMarksFirst: FeedLoading {
    let base: any FeedLoading
    let server: any ReadStateServer
    let sync: ReadStateSync

    func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
        let waiting = await sync.send(server)
        var feed = try await base.load(progress: progress)
        guard !waiting.isEmpty else { return feed }
        for index in feed.posts.indices {
            if let id = feed.posts[index].statusID, let read = waiting[id] { feed.posts[index].readOnServer = read }
        }
        return feed
    }

    func loadPage(_ url: String) async throws -> Feed {
        try await base.loadPage(url)
    }
}
