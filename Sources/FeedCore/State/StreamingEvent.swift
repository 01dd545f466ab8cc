/// What a live timeline brings, as the timeline takes it: the network's stream read into
/// these by its module.
public enum StreamingEvent: Sendable, Equatable {
    /// A new post, for the top of the timeline.
    case update(Post)
    /// A post taken away, by its id.
    case delete(String)
    /// A post edited: it replaces the one with its id.
    case edited(Post)
    /// A notification arrived: its row, where its data could be read as one.
    case notification(Post?)
    /// An event of another name (filters changed, an announcement): not the timeline's.
    case other(String)
}
