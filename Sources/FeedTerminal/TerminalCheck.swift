/// Checks made before ncurses starts: with TERM unset or unknown `initscr` prints its own
/// error and exits, and with TERM=dumb or output to a file it writes escape sequences
/// anyway. Pure, so the rules are tested without a terminal.
public enum TerminalCheck {
    public static func problem(outputIsTerminal: Bool, term: String?) -> TerminalError? {
        guard outputIsTerminal else {
            return TerminalError(
                "standard output is not a terminal; shimmerfeed draws a full-screen view and needs one")
        }
        guard let term, !term.isEmpty else {
            return TerminalError("TERM is not set; set it to your terminal's type, such as xterm-256color")
        }
        if term == "dumb" {
            return TerminalError(
                "TERM=dumb cannot draw a full-screen view; set TERM to your terminal's type, such as xterm-256color")
        }
        return nil
    }
}
