import FoundationEssentials

/// A post's poll: its options with their votes, and whether voting has ended.
public struct Poll: Hashable, Sendable {
    public struct Option: Hashable, Sendable {
        public var title: String
        /// Nil while the server hides the counts (until the poll ends, for some polls).
        public var votes: Int?

        public init(title: String, votes: Int?) {
            self.title = title
            self.votes = votes
        }
    }

    public var options: [Option]
    /// All votes cast; more than the options' sum when several choices are allowed.
    public var votes: Int?
    /// People who voted: the base of the percentages for multiple-choice polls, as servers
    /// count them.
    public var voters: Int?
    public var closed: Bool
    public var closesAt: Date?
    /// The poll's id on its server, to vote in it.
    public var id: String?
    /// Whether several options may be chosen.
    public var multiple: Bool
    /// The options the reader chose, by index; empty until they voted.
    public var ownVotes: [Int]

    public init(
        options: [Option], votes: Int?, voters: Int? = nil, closed: Bool, closesAt: Date? = nil, id: String? = nil,
        multiple: Bool = false, ownVotes: [Int] = []
    ) {
        self.options = options
        self.votes = votes
        self.voters = voters
        self.closed = closed
        self.closesAt = closesAt
        self.id = id
        self.multiple = multiple
        self.ownVotes = ownVotes
    }

    /// Whether the reader may still vote (on a source an account reads): open, with an id,
    /// and not voted yet.
    public func isOpen(at now: Date) -> Bool {
        id != nil && !closed && closesAt.map { $0 > now } != false && ownVotes.isEmpty
    }
}
