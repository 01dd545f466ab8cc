import CNcurses
import Glibc

/// What the crash handler needs, prepared before any crash: a handler may only call
/// async-signal-safe functions, so no allocation, no ncurses, no Swift strings there.
nonisolated(unsafe) private var restoreBytes: UnsafeMutableBufferPointer<UInt8>?
nonisolated(unsafe) private var terminalOutput: Int32 = -1
nonisolated(unsafe) private var terminalInput: Int32 = -1
nonisolated(unsafe) private var originalModes = termios()
nonisolated(unsafe) private var messages = [UnsafeMutableBufferPointer<UInt8>?](repeating: nil, count: 65)

private func restoreAndDie(_ number: Int32) {
    if let bytes = restoreBytes { _ = write(terminalOutput, bytes.baseAddress, bytes.count) }
    _ = tcsetattr(terminalInput, TCSAFLUSH, &originalModes)
    if number >= 0, number < 65, let message = messages[Int(number)] {
        _ = write(STDERR_FILENO, message.baseAddress, message.count)
    }
    signal(number, SIG_DFL)
    raise(number)
}

/// Restores the terminal before a fatal signal ends the process: a Swift trap (SIGILL or
/// SIGTRAP), a bad access (SIGSEGV, SIGBUS), an abort or an arithmetic fault. Installed
/// after ncurses starts, it also takes the place of the Swift runtime's crash reporter,
/// which can wait for a key with the screen still in curses mode.
enum CrashGuard {
    static let fatalSignals: [(number: Int32, name: String)] = [
        (SIGSEGV, "a segmentation fault"), (SIGBUS, "a bus error"), (SIGILL, "an illegal instruction (a Swift trap)"),
        (SIGTRAP, "a trap (a Swift runtime failure)"), (SIGABRT, "an abort"), (SIGFPE, "an arithmetic error"),
    ]

    /// Prepares the restoring bytes from the terminal's own capabilities and installs the
    /// handlers. `input` is the terminal's input descriptor, `modes` its modes before
    /// ncurses changed them.
    /// `resetPalette` also puts back palette entries the program redefined (`oc`).
    static func install(output: Int32, input: Int32, modes: termios, resetPalette: Bool) {
        var bytes: [UInt8] = []
        for capability in ["sgr0", "cnorm", "rmcup"] + (resetPalette ? ["oc"] : []) {
            if let value = tigetstr(capability), Int(bitPattern: value) != -1 {
                bytes += Array(String(cString: value).utf8)
            }
        }
        bytes += Array("\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l\r\n".utf8)  // mouse reporting off
        restoreBytes = allocate(bytes)
        terminalOutput = output
        terminalInput = input
        originalModes = modes
        for (number, name) in fatalSignals {
            messages[Int(number)] = allocate(
                Array("shimmerfeed: crashed with \(name); the terminal was restored\n".utf8))
            var action = sigaction()
            action.__sigaction_handler.sa_handler = restoreAndDie
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(number, &action, nil)
        }
    }

    static func uninstall() {
        for (number, _) in fatalSignals { signal(number, SIG_DFL) }
    }

    private static func allocate(_ bytes: [UInt8]) -> UnsafeMutableBufferPointer<UInt8> {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        return buffer
    }
}
