import FeedCore

/// A source as its network reads and acts on it: its loader, what its status says of it,
/// and the parts that talk to its server, each there only where its reader can do that
/// (an account, a token, or a server that serves it to anyone).
public struct NetworkSource: Sendable {
    /// Its pages: the first, and those its documents link.
    public var loader: any FeedLoading
    /// The validators its URL's requests carry, shared with the store (nil for a source
    /// read from no URL).
    public var validators: (any ValidatorMemory)?
    /// How rows and the status line name it where the entry gives no title.
    public var name: String?
    public var traits: NetworkTraits
    /// What its reader can do on its server now.
    public var capabilities: Capabilities = []
    /// Where to sign in for the rest of what its network can do.
    public var signInHost: String?
    /// The query field a page that starts after a post sets (`SourceStatus.pageAfterField`).
    public var pageAfterField: String?
    /// Who acts on its posts: likes, boosts, bookmarks, votes.
    public var actor: (any ServerActor)?
    /// Who posts, replies, from it.
    public var poster: (any Poster)?
    public var threads: (any ThreadReader)?
    public var notifications: (any NotificationsReader)?
    /// Its live updates, once its first load has come.
    public var live: (any LiveSource)?
    /// The read position its account keeps on the server, and whether this source is the
    /// timeline it is the position of.
    public var readPosition: (any ReadPositionServer)?
    public var isHomeOfReadPosition = false
    /// Where its posts' read marks are kept for all the reader's devices (a reader
    /// server's): each mark made here is sent there, and its answers say what is read.
    public var readState: (any ReadStateServer)?

    public init(loader: any FeedLoading, traits: NetworkTraits) {
        self.loader = loader
        self.traits = traits
    }
}

extension SourceStatus {
    /// Its status as `opened`'s network says of it: the network, what its reader can do,
    /// where to sign in, how its pages follow one another.
    public mutating func describe(as opened: NetworkSource) {
        network = opened.traits
        capabilities = opened.capabilities
        signInHost = opened.signInHost
        pageAfterField = opened.pageAfterField
    }
}

/// The validators of the requests of a source's URL: the store's from the last run given
/// to its first request, and the last response's kept with what it brought.
public protocol ValidatorMemory: Sendable {
    func validators(for url: String) -> HTTPValidators
    func remember(_ validators: HTTPValidators, for url: String)
}

/// Who acts on a source's posts on their server.
public protocol ServerActor: Sendable {
    /// The name the outbox keeps its actions by: the account's handle, or a token's
    /// variable and its server. Never the token.
    var name: String { get }
    /// Sends `action` on `target`, and says how the server answered: its word on the post,
    /// a refusal, or that it could not be reached (the action then waits in the outbox).
    func send(_ action: ServerAction, on target: ActionTarget) async -> ActionAnswer.Outcome
    /// A vote in the poll `pollID`, the options by index: the poll as the server tells it
    /// after.
    func vote(in pollID: String, choices: [Int]) async -> Result<Poll, Failure>
}

extension ServerActor {
    public func vote(in pollID: String, choices: [Int]) async -> Result<Poll, Failure> {
        .failure(.unexpected("this network has no polls to vote in"))
    }
}

/// Who writes new posts and replies from a source's account.
public protocol Poster: Sendable {
    /// The account's handle, for the draft's row until the server answers.
    var name: String { get }
    /// Its server, whose limit holds for all its accounts.
    var server: String { get }
    /// The most a post may be on the server, as it says; nil where it does not.
    func maxLength() async -> Int?
    /// A draft's length as the server counts it against that limit.
    func length(of draft: Draft) -> Int
    /// How the limit is counted, for the draft's comment: "At most 500 characters; …".
    func limitNote(_ limit: Int) -> String
    /// A key for a post, chosen before its first try and sent with each, so that a retry
    /// after a lost answer cannot post twice.
    func newKey() -> String
    /// The post the server made of `draft` (a reply to the post at `replyURL` where it
    /// answers one), or the failure of the last try.
    func post(_ draft: Draft, replyURL: String?, key: String) async -> Result<Posted, Failure>
}

/// A post the server made, and what the reader should know of it: a mention that named
/// no account and stayed text.
public struct Posted: Sendable {
    public var post: Post
    public var note: String?

    public init(_ post: Post, note: String? = nil) {
        self.post = post
        self.note = note
    }
}

/// Reads a post's thread from a source's server.
public protocol ThreadReader: Sendable {
    func thread(of statusID: String) async -> Result<ThreadContext, Failure>
}

/// Reads the notifications of a source's account.
public protocol NotificationsReader: Sendable {
    func notifications() async -> Result<[Post], Failure>
}

/// What keeps a timeline live: a stream, or a poll where the server has none.
public protocol LiveSource: Sendable {
    /// Runs until cancelled, from the posts `feed` brought (its newest, where the gap
    /// before the stream starts).
    func run(after feed: Feed, report: @escaping @Sendable (LiveReport) -> Void) async
}

/// What a live timeline tells the viewer.
public enum LiveReport: Sendable {
    case event(StreamingEvent)
    /// Posts of the gap before a connection, oldest first.
    case missed([Post])
    /// It is not live; the words say so, and how the timeline is kept instead.
    case polling(String)
}

/// The read position an account keeps on its server.
public protocol ReadPositionServer: Sendable {
    /// The account it is of: one read position however many sources read it.
    var key: String { get }
    func read() async throws -> ReadPositions
    /// How many notifications are newer than the position.
    func unreadNotifications() async throws -> Int
    /// Writes what of `wanted` is newer than the server holds; the positions as they then
    /// stand there.
    func write(_ wanted: ReadPositions) async throws -> ReadPositions
}

/// A server that keeps the reader's read marks for all their devices (a reader server).
public protocol ReadStateServer: Sendable {
    /// The name the outbox keeps its marks by: the account's handle. Never a password.
    var name: String { get }
    /// Marks the posts `ids` (their ids on the server) read, or unread, in one request.
    func mark(_ ids: [String], read: Bool) async -> ReadStateAnswer
}

/// How a server took read marks.
public enum ReadStateAnswer: Sendable, Equatable {
    case taken
    /// Refused for good (a request the server will not take): the marks stay here only.
    case refused(Failure)
    /// Not sent (the server or the network down): they wait in the outbox.
    case unsent(Failure)
}

/// A signed-in session whose access token goes with each request to its server, and is
/// refreshed when the server says it has expired.
public protocol SessionTokens: Sendable {
    /// The server the session's requests go to: `https://host[:port]`.
    var server: String { get }
    func accessToken() -> String
    /// A fresh access token in place of `token`, which the server said has expired; one
    /// refresh however many requests met the expiry at once.
    func refreshed(replacing token: String) async throws -> String
}
