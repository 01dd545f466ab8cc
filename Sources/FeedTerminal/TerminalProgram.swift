import FeedCore
import FoundationEssentials
import Glibc

/// A program of the reader's (their editor, their pager) run through the shell in the
/// terminal and waited for: its standard streams the terminal itself (`/dev/tty`),
/// whatever the viewer's own are (standard input may be a feed), or the viewer's as they
/// are without a terminal (a test, a pipe).
enum TerminalProgram {
    /// Why it could not run, or ended without an exit status.
    struct Failed: Error {
        var reason: String
    }

    /// Runs `/bin/sh` with `arguments` and waits for it; its exit status. `input`: a
    /// descriptor to read as its standard input instead of the terminal.
    static func run(_ arguments: [String], input: Int32? = nil) -> Result<Int32, Failed> {
        let terminal = open("/dev/tty", O_RDWR)
        if terminal >= 0 { close(terminal) }
        let pid: pid_t
        switch CleanSpawn.start(
            "/bin/sh", arguments: ["/bin/sh"] + arguments, streamsOn: terminal >= 0 ? "/dev/tty" : nil, input: input)
        {
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
