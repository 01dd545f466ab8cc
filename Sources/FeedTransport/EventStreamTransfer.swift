import FeedCore

/// How a stream of server-sent events ended (`HTTPClient.stream`): closed by the server,
/// or failed (an HTTP error, silence, a lost connection). Cancelled, the stream throws
/// `CancellationError`.
public enum EventStreamTransfer {
    public enum End: Sendable, Equatable {
        case closed
        case failed(Failure)
    }
}
