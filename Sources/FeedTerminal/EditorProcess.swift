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
        TerminalProgram.run(["-c", editor + " \"$1\"", editor, file]).mapError { Failed(reason: $0.reason) }
    }
}
