import FeedCore
import FoundationEssentials

/// A GET whose body is a stream that does not end (server-sent events): its chunks are
/// handed over as they come and kept nowhere. It runs until the server closes it, it fails,
/// it stays silent for longer than allowed, or its task is cancelled.
public enum EventStreamTransfer {
    public struct Request: Sendable {
        public var url: String
        /// Sent in the `Authorization` header (never in the URL), to the request's own host.
        public var bearerToken: String?
        public var certificateAuthorities: String?
        /// The longest wait for the answer, and then between two chunks: a server that is
        /// there says so more often (Mastodon sends a comment every few seconds).
        public var silence: Duration

        public init(url: String, bearerToken: String?, certificateAuthorities: String?, silence: Duration) {
            self.url = url
            self.bearerToken = bearerToken
            self.certificateAuthorities = certificateAuthorities
            self.silence = silence
        }
    }

    /// How a stream ended: closed by the server, or failed (an HTTP error, silence, a lost
    /// connection). Cancelled, `run` throws `CancellationError`.
    public enum End: Sendable, Equatable {
        case closed
        case failed(Failure)
    }

    public static func run(
        _ request: Request, onChunk: @escaping @Sendable (UnsafeRawBufferPointer) -> Void
    ) async throws -> End {
        // The token goes over https only, as every request's does.
        if request.bearerToken != nil, !request.url.lowercased().hasPrefix("https://") {
            return .failed(.tokenOverPlainHTTP(host: CurlTransfer.host(of: request.url)))
        }
        let transfer = CurlTransfer.Request(
            url: request.url, timeout: request.silence, maxSize: 0, accept: "text/event-stream",
            certificateAuthorities: request.certificateAuthorities, bearerToken: request.bearerToken,
            onChunk: onChunk)
        do {
            _ = try await HTTPFetcher.fetch(transfer)
            return .closed
        } catch let failure as Failure {
            return .failed(failure)
        }
    }
}
