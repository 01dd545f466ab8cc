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
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Without a terminal of its own (a test, a pipe), the viewer's streams as they are.
        let terminal = open("/dev/tty", O_RDWR)
        if terminal >= 0 {
            close(terminal)
            for descriptor in Int32(0)...2 {
                posix_spawn_file_actions_addopen(
                    &actions, descriptor, "/dev/tty", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A clean start: no signal blocked, each at its default action.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let started = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
        guard started == 0 else { return .failure(Failed(reason: String(cString: strerror(started)))) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return .failure(Failed(reason: String(cString: strerror(errno)))) }
        }
        // WIFEXITED / WEXITSTATUS, spelled out: the macros are not imported.
        guard status & 0x7F == 0 else { return .failure(Failed(reason: "it ended on signal \(status & 0x7F)")) }
        return .success((status >> 8) & 0xFF)
    }
}
