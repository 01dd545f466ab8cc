import Foundation
import Glibc

/// Starts a program with posix_spawn, its standard streams on /dev/null so it cannot draw
/// over the screen, and no shell in between: arguments stay arguments.
public enum DetachedProcess {
    /// The new process's id, or nil when it could not start. The caller reaps it.
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
        var pid: pid_t = 0
        guard posix_spawn(&pid, path, &actions, nil, argv, envp) == 0 else { return nil }
        return pid
    }
}
