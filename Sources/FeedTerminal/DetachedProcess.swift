import FoundationEssentials
import Glibc

/// Starts a program with posix_spawn, its standard streams on /dev/null so it cannot draw
/// over the screen, and no shell in between: arguments stay arguments.
public enum DetachedProcess {
    /// The new process's id, or nil when it could not start. The caller reaps it.
    ///
    /// The child starts clean: no signal blocked and every signal at its default action.
    /// Without that it would inherit the calling thread's mask (a task's thread blocks
    /// most signals), and a browser or a tmux server that blocks SIGTERM cannot be ended.
    public static func spawn(_ path: String, arguments: [String]) -> pid_t? {
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in Int32(0)...2 {
            posix_spawn_file_actions_addopen(
                &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        guard posix_spawn(&pid, path, &actions, &attributes, argv, envp) == 0 else { return nil }
        return pid
    }
}
