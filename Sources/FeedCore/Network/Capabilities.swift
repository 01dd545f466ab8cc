/// What a reader can do with a network's posts on its server. A network reports what it can
/// do at all (`NetworkTraits.capabilities`), and each source what its reader can do there
/// now, with its account or without one (`SourceStatus.capabilities`): what is missing is
/// never a branch on the network's name.
public struct Capabilities: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16

    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// Mark a post liked (a favourite) on the server.
    public static let like = Capabilities(rawValue: 1 << 0)
    /// Share it with one's own followers (a boost, a repost).
    public static let boost = Capabilities(rawValue: 1 << 1)
    /// Keep it in bookmarks the server holds.
    public static let bookmark = Capabilities(rawValue: 1 << 2)
    /// Vote in its poll.
    public static let vote = Capabilities(rawValue: 1 << 3)
    /// Reply to it.
    public static let reply = Capabilities(rawValue: 1 << 4)
    /// Write a new post.
    public static let post = Capabilities(rawValue: 1 << 5)
    /// Quote it in a post of one's own.
    public static let quote = Capabilities(rawValue: 1 << 6)
    /// Read its thread: what it answers and the replies to it.
    public static let thread = Capabilities(rawValue: 1 << 7)
    /// Read the account's notifications.
    public static let notifications = Capabilities(rawValue: 1 << 8)
    /// Keep the timeline live: new posts as they are posted.
    public static let live = Capabilities(rawValue: 1 << 9)
    /// Keep the read position on the server, for the reader's other devices.
    public static let readPosition = Capabilities(rawValue: 1 << 10)

    /// Each capability alone.
    public static let each: [Capabilities] = [
        .like, .boost, .bookmark, .vote, .reply, .post, .quote, .thread, .notifications, .live, .readPosition,
    ]
}
