/// A post as its server tells it after an action on it: its counts and the reader's marks,
/// which replace what the row showed while the action was in flight.
public struct StatusState: Hashable, Sendable {
    /// The post acted on.
    public var statusID: String
    public var likes: Int
    public var boosts: Int?
    public var marks: StatusMarks
    /// The network's payload after the action (a record of the reader's made, or gone);
    /// nil leaves the post's as it was.
    public var payload: String?

    public init(statusID: String, likes: Int, boosts: Int?, marks: StatusMarks, payload: String? = nil) {
        self.statusID = statusID
        self.likes = likes
        self.boosts = boosts
        self.marks = marks
        self.payload = payload
    }
}

extension Post {
    /// The server's word on the post after an action: its counts, the reader's marks, and
    /// its network's payload where the answer changed it.
    public mutating func update(to state: StatusState) {
        likes = state.likes
        boosts = state.boosts ?? boosts
        marks = state.marks
        if let payload = state.payload { self.payload = payload }
    }
}
