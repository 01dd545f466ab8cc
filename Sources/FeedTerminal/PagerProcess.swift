import FeedCore
import FoundationEssentials
import Glibc

/// The reader's pager on a text, in the terminal, waited for: `$PAGER` (else `less`)
/// through the shell, as `man` runs it, reading the text on its standard input; its
/// output is the terminal (`/dev/tty`). The text is a file already unlinked, not a pipe:
/// a pager quit before the end cannot leave the viewer writing to nobody.
public enum PagerProcess {
    /// `$PAGER`, else `less`.
    public static func command(environment: [String: String]) -> String {
        if let value = environment["PAGER"]?.trimmingWhitespace(), !value.isEmpty { return value }
        return "less"
    }

    /// Shows `text` in `pager` and waits for it; nil, or why it could not.
    public static func show(_ text: String, in pager: String) -> String? {
        var template = Array(
            ((ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp") + "/shimmerfeed-post-XXXXXX").utf8CString)
        let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard file >= 0 else { return "no file for the pager: \(String(cString: strerror(errno)))" }
        defer { close(file) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
            guard count > 0 else { return "the text could not be written: \(String(cString: strerror(errno)))" }
            written += count
        }
        lseek(file, 0, SEEK_SET)
        switch TerminalProgram.run(["-c", pager], input: file) {
        case .failure(let failed): return failed.reason
        // The shell's 127: no such command.
        case .success(127): return "\(pager): command not found"
        case .success: return nil
        }
    }
}
