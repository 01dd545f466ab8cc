import FoundationEssentials
import Glibc

/// Starts a program with posix_spawn, its standard streams on /dev/null so it cannot draw
/// over the screen, and no shell in between: arguments stay arguments.
public enum DetachedProcess {
    /// The new process's id, or nil when it could not start. The caller reaps it.
    public static func spawn(_ path: String, arguments: [String]) -> pid_t? {
        try? CleanSpawn.start(path, arguments: arguments, streamsOn: "/dev/null").get()
    }
}
