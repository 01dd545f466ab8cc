import Glibc
import Synchronization

/// Where a command's words go: what it prints on standard output, what goes wrong on
/// standard error ("shimmerfeed: …"). The viewer's are the process's own; a test's keeps
/// them to read.
public struct CommandOutput: Sendable {
    let write: @Sendable (_ text: String, _ toError: Bool) -> Void

    public init(write: @escaping @Sendable (_ text: String, _ toError: Bool) -> Void) {
        self.write = write
    }

    /// The process's standard output and error, written at once, unbuffered, whole.
    public static let standard = CommandOutput { text, toError in
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(toError ? 2 : 1, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }

    /// `text` on standard output, a line of its own unless `newline` is false.
    public func say(_ text: String, newline: Bool = true) {
        write(newline ? text + "\n" : text, false)
    }

    /// What went wrong, on standard error: "shimmerfeed: …".
    public func complain(_ message: String) {
        write("shimmerfeed: \(message)\n", true)
    }

    /// An output kept in memory, and what it holds so far: standard output's and error's.
    public static func kept() -> (output: CommandOutput, printed: @Sendable () -> (out: String, error: String)) {
        let kept = Mutex<(out: String, error: String)>(("", ""))
        let output = CommandOutput { text, toError in
            kept.withLock { if toError { $0.error += text } else { $0.out += text } }
        }
        return (output, { kept.withLock { $0 } })
    }
}
