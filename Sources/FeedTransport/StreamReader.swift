import FeedCore
import FoundationEssentials
import Glibc

/// Reads a pipe, a FIFO or a terminal to its end, in chunks, up to a limit, on a thread
/// of its own. It waits in `poll` on the descriptor and the control's wake pipe together,
/// so a cancel ends it at once even when the writer sends nothing.
public enum StreamReader {
    static let chunkSize = 64 << 10

    /// The bytes of `descriptor` until end of file; `what` names the source in errors.
    public static func read(_ descriptor: Int32, what: String, maxSize: Int) async throws -> Data {
        let control = try TransferControl()
        let outcome = await withTaskCancellationHandler {
            await DedicatedThread.run { readAll(descriptor, what: what, maxSize: maxSize, control: control) }
        } onCancel: {
            control.cancel()
        }
        switch outcome {
        case .success(let data): return data
        case .failure(let error): throw error
        case nil: throw CancellationError()
        }
    }

    /// nil when cancelled.
    private static func readAll(_ descriptor: Int32, what: String, maxSize: Int, control: TransferControl)
        -> Result<Data, Failure>?
    {
        var body = BodyBuffer(limit: maxSize)
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var watched = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: control.wakeReadEnd, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            if control.isCancelled { return nil }
            let ready = poll(&watched, nfds_t(watched.count), -1)
            if ready < 0 && errno == EINTR { continue }
            if control.isCancelled { return nil }
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return .success(body.data) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return .failure(.unreadable(what: what, reason: String(cString: strerror(errno))))
            }
            let fits = chunk.withUnsafeBytes { body.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            if !fits { return .failure(Failure.tooLarge(limit: maxSize, what: what)) }
        }
    }
}
