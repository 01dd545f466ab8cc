import FeedServices
import Glibc

/// Says what went wrong on standard error ("shimmerfeed: …"), and exits: a usage error is 2.
func fail(_ message: String, code: Int32 = 2) -> Never {
    CommandOutput.standard.complain(message)
    exit(code)
}

/// Prints `text` (`--help`, `--version`) and exits with success.
func succeed(printing text: String, newline: Bool = true) -> Never {
    CommandOutput.standard.say(text, newline: newline)
    exit(0)
}
