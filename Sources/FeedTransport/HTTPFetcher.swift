import FeedCore
import FoundationEssentials

/// GET over HTTP or HTTPS through libcurl, bounded in size and time, and cancellable at
/// any moment without blocking: cancelling the task only raises a flag and wakes the
/// transfer's thread, which ends the transfer itself.
public enum HTTPFetcher {
    /// What feeds are asked for.
    static let accept = MediaType.accept

    static func fetch(_ request: CurlTransfer.Request) async throws -> HTTPResponse {
        let control = try TransferControl()
        let outcome = await withTaskCancellationHandler {
            await DedicatedThread.run { CurlTransfer(request: request).run(control: control) }
        } onCancel: {
            control.cancel()
        }
        switch outcome {
        case .completed(let response): return response
        case .failed(let failure): throw failure
        case .cancelled: throw CancellationError()
        }
    }

    /// How a body starts, for "not a feed: the body starts with …".
    public static func preview(of body: Data) -> String {
        let text = String(decoding: body.prefix(40), as: UTF8.self)
        let line = TextSanitizer.singleLine(text)
        return line.isEmpty ? "nothing" : TextWrapper.truncate(line, width: 24)
    }
}
