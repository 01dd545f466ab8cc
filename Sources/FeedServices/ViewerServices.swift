import FeedCore
import FeedNetwork
import FeedStore
import FeedTerminal

/// The store as the viewer's loop uses it: what it kept of each source, the read and liked
/// marks written on its own thread (and the newest read told to the servers' read
/// positions), and searches of what it holds.
public struct StoreService: StoreServices {
    let store: OpenedStore
    let writer: MarkWriter?
    let keys: [String?]
    let readPositions: ReadPositionSync?
    let readState: ReadStateSync?

    /// The marks' writer, to flush at quit, is made here: nil without a store.
    public init(
        store: OpenedStore, keys: [String?], readPositions: ReadPositionSync?, readState: ReadStateSync? = nil
    ) {
        self.store = store
        writer = store.store.map { MarkWriter(store: $0, keys: keys) }
        self.keys = keys
        self.readPositions = readPositions
        self.readState = readState
    }

    public var firstScreen: [Int: StoredPosts] { store.firstScreen }
    public func takeStored() -> [Int: StoredPosts] { store.takeStored() }

    public func keepMarks(_ marks: [PostMark]) {
        guard let writer else { return }
        writer.add(marks)
        readPositions?.observe(marks)
        readState?.keep(marks)
    }

    public func search(_ query: String) -> [Post]? {
        store.store == nil ? nil : store.search(query, keys: keys)
    }

    /// The marks of the last second, written.
    public func flush() {
        writer?.flush()
    }
}

/// The servers as the viewer's loop uses them: the outbox, the composer, and each source's
/// threads and notifications, through its network.
public struct ServerService: ServerServices {
    let sources: [NetworkSource?]
    let outbox: OutboxSender
    let composer: Composer
    let readPositions: ReadPositionSync

    public init(sources: [NetworkSource?], outbox: OutboxSender, composer: Composer, readPositions: ReadPositionSync) {
        self.sources = sources
        self.outbox = outbox
        self.composer = composer
        self.readPositions = readPositions
    }

    public func keep(_ request: ActionRequest) -> (@Sendable () async -> ActionAnswer.Outcome)? {
        outbox.acts ? outbox.keep(request) : nil
    }

    public func vote(source: Int, pollID: String, choices: [Int]) async -> Result<Poll, Failure> {
        await outbox.vote(source: source, pollID: pollID, choices: choices)
    }

    public func compose(_ request: ComposeRequest, handOver: (() -> Void) -> Void) -> Composed {
        guard composer.posts else { return NoServers().compose(request, handOver: handOver) }
        return composer.compose(request, handOver: handOver)
    }

    private func source(_ index: Int) -> NetworkSource? {
        sources.indices.contains(index) ? sources[index] : nil
    }

    public func thread(source index: Int, statusID: String) async -> Result<ThreadContext, Failure> {
        guard let threads = source(index)?.threads else {
            return .failure(.unexpected("its source's network has no threads to read"))
        }
        return await threads.thread(of: statusID)
    }

    public func notifications(source index: Int) async -> Result<[Post], Failure> {
        guard let notifications = source(index)?.notifications else {
            return .failure(.unexpected("no account reads this source"))
        }
        return await notifications.notifications()
    }

    public func notificationsSeen(source: Int, newest: String) {
        readPositions.notificationsSeen(source: source, newest: newest)
    }
}

/// The desktop as the viewer's loop uses it: the browser `LinkOpener` finds, and the
/// reader's pager.
public struct DesktopService: DesktopServices {
    let pager: String

    public init(environment: [String: String]) {
        pager = PagerProcess.command(environment: environment)
    }

    public func openLink(_ url: String) -> String? {
        LinkOpener.open(url)
    }

    public func showInPager(_ text: String, handOver: (() -> Void) -> Void) -> String? {
        var failure: String?
        handOver { failure = PagerProcess.show(text, in: pager) }
        return failure.map { "The pager could not show the post: \($0)" }
    }
}
