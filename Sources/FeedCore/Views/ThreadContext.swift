/// A post's thread as its server tells it: the posts it answers, oldest first, and the
/// replies to it and to them, in the server's order (each after the one it answers).
public struct ThreadContext: Sendable, Equatable {
    public var ancestors: [Post]
    public var descendants: [Post]

    public init(ancestors: [Post], descendants: [Post]) {
        self.ancestors = ancestors
        self.descendants = descendants
    }

    /// How deep each reply sits under the post `root`: 1 for a reply to it, one more for
    /// each reply in between; a reply to a post not in the thread counts as 1.
    public func depths(under root: String) -> [Int] {
        var depth: [String: Int] = [root: 0]
        return descendants.map { reply in
            let level = (reply.inReplyToID.flatMap { depth[$0] } ?? 0) + 1
            if let id = reply.statusID { depth[id] = level }
            return level
        }
    }
}
