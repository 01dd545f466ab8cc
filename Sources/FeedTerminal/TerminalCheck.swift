import FeedCore

/// Checks made before ncurses starts: with TERM unset or unknown `initscr` prints its own
/// error and exits, and with TERM=dumb or output to a file it writes escape sequences
/// anyway. Pure, so the rules are tested without a terminal.
public enum TerminalCheck {
    public static func problem(outputIsTerminal: Bool, term: String?) -> Failure? {
        guard outputIsTerminal else {
            return .outputNotTerminal
        }
        guard let term, !term.isEmpty else {
            return .termUnset
        }
        if term == "dumb" {
            return .termDumb
        }
        return nil
    }
}
