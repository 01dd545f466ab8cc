import FeedCore
import Glibc
import Synchronization

/// How a task's cancellation reaches a blocking transfer on a thread of its own: a flag,
/// and a pipe the transfer waits on beside its socket. `cancel` takes no lock and calls
/// nothing of the transport, so it is safe inside a task's cancellation handler, which
/// runs while the task's own status lock is held (the deadlock of URLSession's cancel,
/// swift-corelibs-foundation #5412, came from taking another lock there).
final class TransferControl: Sendable {
    private let cancelled = Atomic<Bool>(false)
    /// Readable once `cancel` has been called: poll it beside the transfer's sockets.
    let wakeReadEnd: Int32
    private let wakeWriteEnd: Int32

    init() throws(Failure) {
        (wakeReadEnd, wakeWriteEnd) = try WakePipe.open()
    }

    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// Safe from any thread, any number of times; never blocks (the pipe is non-blocking
    /// and one byte in it is enough).
    func cancel() {
        cancelled.store(true, ordering: .releasing)
        var byte: UInt8 = 1
        _ = write(wakeWriteEnd, &byte, 1)
    }

    deinit {
        close(wakeReadEnd)
        close(wakeWriteEnd)
    }
}
