/// A format by name, as `--format` gives it: `auto` (from the document's shape and its
/// Content-Type), or one of the names the networks' formats answer to.
public struct FeedFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Detect from the document's shape.
    public static let auto = FeedFormat(rawValue: "auto")

    public var description: String { rawValue }
}
