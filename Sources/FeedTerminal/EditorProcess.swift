import FeedCore
import FoundationEssentials
import Glibc

/// The reader's editor on a file, in the terminal, waited for: as `git commit` runs it,
/// through the shell, so that `$EDITOR` may carry arguments ("code --wait"). Its standard
/// streams are the terminal itself (`/dev/tty`), whatever the viewer's own are (standard
/// input may be a feed).
public enum EditorProcess {
    /// `$VISUAL`, else `$EDITOR`, else `vi`.
    public static func command(environment: [String: String]) -> String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name]?.trimmingWhitespace(), !value.isEmpty { return value }
        }
        return "vi"
    }

    /// Why the editor could not run, or ended without an exit status.
    public struct Failed: Error {
        public var reason: String
    }

    /// Runs `editor` on `file` and waits for it; its exit status, or why it could not start.
    public static func run(_ editor: String, file: String) -> Result<Int32, Failed> {
        let arguments = ["/bin/sh", "-c", editor + " \"$1\"", editor, file]
        // Without a terminal of its own (a test, a pipe), the viewer's streams as they are.
        let terminal = open("/dev/tty", O_RDWR)
        if terminal >= 0 { close(terminal) }
        let pid: pid_t
        switch CleanSpawn.start("/bin/sh", arguments: arguments, streamsOn: terminal >= 0 ? "/dev/tty" : nil) {
        case .success(let started): pid = started
        case .failure(let error): return .failure(Failed(reason: error.reason))
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return .failure(Failed(reason: String(cString: strerror(errno)))) }
        }
        // WIFEXITED / WEXITSTATUS, spelled out: the macros are not imported.
        guard status & 0x7F == 0 else { return .failure(Failed(reason: "it ended on signal \(status & 0x7F)")) }
        return .success((status >> 8) & 0xFF)
    }
}
