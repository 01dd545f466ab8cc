/// What the state knows of a network: its name in the registry, its words, and what it can
/// do for a signed-in reader. Given by the network's own module; held by each source's
/// status and by the viewer's options, never decided here.
public struct NetworkTraits: Hashable, Sendable {
    /// Nil for the posts of no network (a web feed's).
    public var id: NetworkID?
    public var words: NetworkWords
    /// What a signed-in reader can do with its posts.
    public var capabilities: Capabilities
    /// How its notifications are marked seen.
    public var notificationsPosition: NotificationsPosition

    public init(
        id: NetworkID?, words: NetworkWords, capabilities: Capabilities,
        notificationsPosition: NotificationsPosition = .newestID
    ) {
        self.id = id
        self.words = words
        self.capabilities = capabilities
        self.notificationsPosition = notificationsPosition
    }

    /// A web feed's: a row names it "feed", and nothing is done on a server.
    public static let webFeed = NetworkTraits(id: nil, words: .feed, capabilities: [])
}
