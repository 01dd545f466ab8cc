import FeedCore
import Glibc

/// The write end of the self-pipe, read by the signal handler. A handler may touch only
/// async-signal-safe state: a plain file descriptor, set once before any handler runs.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

private func forwardSignal(_ number: Int32) {
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriteEnd, &byte, 1)
    errno = savedErrno
}

/// A self-pipe that turns signals and wake-ups into bytes the input wait can poll.
///
/// The handlers are installed before ncurses starts: ncurses installs its own for
/// SIGINT, SIGTERM and SIGWINCH only where they are still at their defaults, so these
/// replace them and the loop handles resizes and quits itself (and restores the
/// terminal on the way out). A zero byte is a wake-up; any other is a signal number.
final class SignalPipe: Sendable {
    static let handledSignals: [Int32] = [SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    let readEnd: Int32
    let writeEnd: Int32

    init() throws(Failure) {
        (readEnd, writeEnd) = try WakePipe.open()
    }

    func installHandlers() {
        signalPipeWriteEnd = writeEnd
        for number in Self.handledSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = forwardSignal
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
    }

    func restoreDefaultHandlers() {
        for number in Self.handledSignals { signal(number, SIG_DFL) }
    }

    /// Wakes a poll on `readEnd`; safe from any thread.
    func wake() {
        var byte: UInt8 = 0
        _ = write(writeEnd, &byte, 1)
    }

    /// The signals that arrived since the last call (wake-ups are dropped).
    func drain() -> [Int32] {
        var signals: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            guard count > 0 else { break }
            signals += buffer[0..<count].filter { $0 != 0 }.map(Int32.init)
        }
        return signals
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }
}
