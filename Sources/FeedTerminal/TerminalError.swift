/// Why the terminal could not be used, in words for standard error.
public struct TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
