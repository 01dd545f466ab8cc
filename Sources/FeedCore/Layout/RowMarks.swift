/// What the reader has done to a post, as its row shows it: a like kept here only, and the
/// marks on its server, with those whose action is still on its way.
public struct RowMarks: Hashable, Sendable {
    /// Liked here only: a post whose source no server acts for.
    public var liked = false
    /// The server's marks as the reader's last presses want them.
    public var own: StatusMarks = []
    /// The marks whose action the server has not answered yet: they pulse.
    public var pending: StatusMarks = []
    /// A post the reader wrote, on its way to the server.
    public var sending = false
    /// The options chosen so far in the post's poll, while the reader may vote in it.
    public var choosing: Set<Int>?
    /// A muted post the reader chose to see: drawn dimmed.
    public var muted = false

    public init(liked: Bool = false, own: StatusMarks = [], pending: StatusMarks = [], sending: Bool = false) {
        self.liked = liked
        self.own = own
        self.pending = pending
        self.sending = sending
    }
}

/// One count of a row's header ("♥ 128"), and whether it is the reader's own mark.
public struct RowCount: Hashable, Sendable {
    public var text: String
    /// The reader's own: a like, a boost or a bookmark of theirs (drawn in the accent colour).
    public var own: Bool
    /// Its action is on its way to the server.
    public var pending: Bool
    /// A count of boosts, which has a colour of its own.
    public var isBoosts: Bool

    public init(_ text: String, own: Bool = false, pending: Bool = false, isBoosts: Bool = false) {
        self.text = text
        self.own = own
        self.pending = pending
        self.isBoosts = isBoosts
    }
}
