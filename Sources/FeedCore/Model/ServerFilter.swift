/// A filter of the reader's on their server that matched a post: the server says so with
/// the post, and the viewer does as the filter asks.
public struct ServerFilter: Hashable, Sendable {
    /// The filter's name, which a collapsed post shows.
    public var title: String
    /// `hide`: the post is not shown at all; else (`warn`, `blur`) it is collapsed.
    public var hides: Bool

    public init(title: String, hides: Bool) {
        self.title = title
        self.hides = hides
    }
}
