import FeedCore
import FoundationEssentials

/// One source of a run as the command line or the subscriptions file gives it, before a
/// network claims it: where it is, the title it is given, how it is read (a token's
/// variable, an account), and its own settings.
public struct SourceEntry: Hashable, Sendable {
    public var source: FeedSource
    /// The name rows show, when the subscription or the OPML file gives one.
    public var title: String?
    /// The environment variable holding its bearer token.
    public var tokenVariable: String?
    /// The signed-in account it is read with (`@me@host`).
    public var account: String?
    /// `stream=off` in the subscriptions file: never kept live.
    public var streams = true
    /// The subscriptions file's `refresh=`, `keep=`, `images=` and `mute=` for it.
    public var refresh: Duration?
    public var keep: Int?
    public var images: ImageChoice?
    public var mutes: [MuteRules.Rule] = []
    /// The tags it is filed under: `tag=` in the subscriptions file, its OPML folders.
    public var tags: [String] = []
    /// The network a subscriptions line names (`ttrss URL`): the entry is an account there,
    /// standing for its feeds.
    public var network: NetworkID?

    public init(
        source: FeedSource, title: String? = nil, tokenVariable: String? = nil, account: String? = nil,
        streams: Bool = true
    ) {
        self.source = source
        self.title = title
        self.tokenVariable = tokenVariable
        self.account = account
        self.streams = streams
    }

    /// Its web address, for a source that has one.
    public var url: URL? {
        if case .url(let url) = source { return url }
        return nil
    }
}
