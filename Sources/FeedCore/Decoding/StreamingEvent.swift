import FoundationEssentials

/// One of Mastodon's streaming events, as the timeline takes it.
public enum StreamingEvent: Sendable, Equatable {
    /// A new status, for the top of the timeline.
    case update(Post)
    /// A status taken away, by its id.
    case delete(String)
    /// A status edited: it replaces the one with its id.
    case edited(Post)
    /// A notification arrived: its row, where its data could be read as one.
    case notification(Post?)
    /// An event of another name (filters changed, an announcement, a conversation): not
    /// the timeline's.
    case other(String)

    /// The event `event` says, or why its data cannot be read.
    public static func decode(_ event: ServerSentEvents.Event) throws(Failure) -> StreamingEvent {
        switch event.name {
        case "update", "status.update":
            let post = try MastodonAnswer.post(from: Data(event.data.utf8))
            return event.name == "update" ? .update(post) : .edited(post)
        case "delete":
            return .delete(TextSanitizer.singleLine(event.data))
        case "notification":
            return .notification(try? NotificationsDecoder.decodeOne(Data(event.data.utf8)))
        default:
            return .other(TextSanitizer.singleLine(event.name))
        }
    }
}
