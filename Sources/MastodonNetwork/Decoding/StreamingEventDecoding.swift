import FeedCore
import FeedTransport
import FoundationEssentials

extension StreamingEvent {
    /// The event a Mastodon stream's `event` says, or why its data cannot be read.
    static func decode(_ event: ServerSentEvents.Event) throws(Failure) -> StreamingEvent {
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
