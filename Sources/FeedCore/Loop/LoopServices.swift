/// What the loop asks of the world beyond the terminal, one family of effects each: the
/// sources' loads and the pictures', the store, the servers, and the desktop (the browser,
/// the pager). The loop is given the value whole; the viewer, `--dump` and the tests each
/// give their own. Where a family is not there, its "none" says why to the reader.
public struct LoopServices: Sendable {
    /// Each source's loader, in the sources' order.
    public var loaders: [any FeedLoading]
    /// Where the pictures rows show come from; nil: none load, and rows keep their alt text
    /// and initials.
    public var pictures: (any PictureLoading)?
    public var store: any StoreServices
    public var servers: any ServerServices
    public var desktop: any DesktopServices

    public init(
        loaders: [any FeedLoading], pictures: (any PictureLoading)? = nil, store: any StoreServices = NoStore(),
        servers: any ServerServices = NoServers(), desktop: any DesktopServices = NoDesktop()
    ) {
        self.loaders = loaders
        self.pictures = pictures
        self.store = store
        self.servers = servers
        self.desktop = desktop
    }
}

/// The store, as the loop uses it: what it kept of each source (the newest first, drawn at
/// once, then the rest), the read and liked marks written, and searches of what it holds.
public protocol StoreServices: Sendable {
    /// The newest posts kept of all the sources, by index: a screen's worth.
    var firstScreen: [Int: StoredPosts] { get }
    /// All it kept of the sources, by index: each source's first answer, read once.
    func takeStored() -> [Int: StoredPosts]
    /// Keeps read and liked marks; returns at once (the writing is on a thread of its own).
    func keepMarks(_ marks: [PostMark])
    /// The stored posts that match `query`; called on a thread of its own. Nil: the store
    /// is not searched.
    func search(_ query: String) -> [Post]?
}

/// The servers the sources are of: the reader's actions, votes, posts, threads and
/// notifications.
public protocol ServerServices: Sendable {
    /// Keeps an action in the outbox, at once, and returns its sending, which the loop runs
    /// in a task of its own: it says how the server answered. Nil: it is not sent, and
    /// stays in flight.
    func keep(_ request: ActionRequest) -> (@Sendable () async -> ActionAnswer.Outcome)?
    /// A vote in a poll of source `source`'s server; run in a task of its own.
    func vote(source: Int, pollID: String, choices: [Int]) async -> Result<Poll, Failure>
    /// Writes a post: hands the terminal to the reader's editor (through `handOver`) and
    /// reads the draft back, on the loop's thread; the draft and its sending, which the
    /// loop runs in a task of its own.
    func compose(_ request: ComposeRequest, handOver: (() -> Void) -> Void) -> Composed
    /// The thread of source `source`'s post `statusID`.
    func thread(source: Int, statusID: String) async -> Result<ThreadContext, Failure>
    /// The notifications of source `source`'s account.
    func notifications(source: Int) async -> Result<[Post], Failure>
    /// The reader has seen source `source`'s account's notifications up to `newest`.
    func notificationsSeen(source: Int, newest: String)
}

/// The desktop beyond the terminal: the reader's browser and pager.
public protocol DesktopServices: Sendable {
    /// Opens a web link; what happened, for the status line (nil: nothing to say).
    func openLink(_ url: String) -> String?
    /// Shows `text` in the reader's pager, the terminal handed over through `handOver`;
    /// what to tell the reader after (nil: nothing).
    func showInPager(_ text: String, handOver: (() -> Void) -> Void) -> String?
}

/// No store: nothing kept, nothing searched.
public struct NoStore: StoreServices {
    public init() {}
    public var firstScreen: [Int: StoredPosts] { [:] }
    public func takeStored() -> [Int: StoredPosts] { [:] }
    public func keepMarks(_ marks: [PostMark]) {}
    public func search(_ query: String) -> [Post]? { nil }
}

/// No servers (`--dump`, the tests of the screen alone): actions stay in flight, and the
/// rest says it is not done here.
public struct NoServers: ServerServices {
    public init() {}
    public func keep(_ request: ActionRequest) -> (@Sendable () async -> ActionAnswer.Outcome)? { nil }
    public func vote(source: Int, pollID: String, choices: [Int]) async -> Result<Poll, Failure> {
        .failure(.unexpected("votes are not sent here"))
    }
    public func compose(_ request: ComposeRequest, handOver: (() -> Void) -> Void) -> Composed {
        .cancelled("Posts are not written here.")
    }
    public func thread(source: Int, statusID: String) async -> Result<ThreadContext, Failure> {
        .failure(.unexpected("threads are not read here"))
    }
    public func notifications(source: Int) async -> Result<[Post], Failure> {
        .failure(.unexpected("notifications are not read here"))
    }
    public func notificationsSeen(source: Int, newest: String) {}
}

/// No desktop: no browser opens a link, no pager shows a post.
public struct NoDesktop: DesktopServices {
    public init() {}
    public func openLink(_ url: String) -> String? { nil }
    public func showInPager(_ text: String, handOver: (() -> Void) -> Void) -> String? { "No pager here." }
}
