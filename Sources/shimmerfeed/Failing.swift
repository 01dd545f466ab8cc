import Glibc

/// Says what went wrong on standard error, and exits: a usage error is 2.
func fail(_ message: String, code: Int32 = 2) -> Never {
    complain(message)
    exit(code)
}

/// Says what went wrong on standard error: "shimmerfeed: …".
func complain(_ message: String) {
    let line = "shimmerfeed: \(message)\n"
    _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
}

/// Prints `text` (`--help`, `--version`) and exits with success.
func succeed(printing text: String, newline: Bool = true) -> Never {
    print(text, terminator: newline ? "\n" : "")
    exit(0)
}
