import FeedCore
import FoundationEssentials
import Glibc

/// Opens a link in the reader's browser: `$BROWSER` when set, else `xdg-open`. The URL
/// is passed as one argument to a spawned program, never through a shell, so no link can
/// run a command.
public enum LinkOpener {
    /// A program to run: the file found on PATH, and its arguments from argv[0] on.
    public struct Command: Hashable, Sendable {
        public var path: String
        public var arguments: [String]
    }

    /// The command that would open `url`, or nil when there is no opener. `$BROWSER` may
    /// list several commands separated by colons; the first is used, with `%s` replaced by
    /// the URL or, without `%s`, the URL appended.
    public static func command(for url: String, environment: [String: String], isExecutable: (String) -> Bool)
        -> Command?
    {
        if let browser = environment["BROWSER"]?.split(separator: ":").first {
            let words = browser.split(separator: " ").map(String.init)
            if let program = words.first,
                let path = resolve(program, environment: environment, isExecutable: isExecutable)
            {
                let hasPlaceholder = words.contains { $0.contains("%s") }
                let arguments = words.map { $0.replacing("%s", with: url) }
                return Command(path: path, arguments: hasPlaceholder ? arguments : arguments + [url])
            }
        }
        if let path = resolve("xdg-open", environment: environment, isExecutable: isExecutable) {
            return Command(path: path, arguments: ["xdg-open", url])
        }
        return nil
    }

    /// The full path of `program`, searched on PATH unless it names a path.
    static func resolve(_ program: String, environment: [String: String], isExecutable: (String) -> Bool) -> String? {
        if program.contains("/") { return isExecutable(program) ? program : nil }
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(program)" }.first(where: isExecutable)
    }

    /// Opens `url` and says what happened, for the status line.
    @Sendable public static func open(_ url: String) -> String {
        let environment = ProcessInfo.processInfo.environment
        guard
            let command = command(
                for: url, environment: environment, isExecutable: { FileManager.default.isExecutableFile(atPath: $0) })
        else {
            return "Link: \(url) (no browser: set BROWSER to open links)"
        }
        guard let pid = DetachedProcess.spawn(command.path, arguments: command.arguments) else {
            return "Link: \(url) (the browser did not start)"
        }
        // Reap the opener when it exits, off the main thread.
        DedicatedThread.start {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        }
        return "Opened \(url)"
    }
}
