/// Where signing in talks with the reader: the terminal in the viewer, a script in tests.
public protocol SignInConsole: Sendable {
    /// Says `text`, a line of its own unless `newline` is false (a prompt).
    func say(_ text: String, newline: Bool)
    /// A line the reader types; unseen (a password) where `secret`. Nil at the input's end.
    func ask(_ prompt: String, secret: Bool) -> String?
    /// Opens `url` in the reader's browser; whether one opened it.
    func openInBrowser(_ url: String) -> Bool
    /// Waits until `deadline` for a line typed, or for `descriptor` to be readable (a
    /// browser coming back), whichever is first.
    func waitForLine(or descriptor: Int32, until deadline: ContinuousClock.Instant) -> ConsoleWait
    /// Ends the line a prompt left open, so that what follows starts a line of its own.
    func endLine()
}

extension SignInConsole {
    public func say(_ text: String) { say(text, newline: true) }
}

/// What a wait for the reader gave.
public enum ConsoleWait: Equatable, Sendable {
    case line(String)
    case readable
    case timedOut
}
