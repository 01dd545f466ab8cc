/// What the reader has done to a status on its server: favourited, boosted, bookmarked.
/// Each is one action the server takes and undoes (`ServerAction`).
public struct StatusMarks: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let favourited = StatusMarks(rawValue: 1)
    public static let boosted = StatusMarks(rawValue: 2)
    public static let bookmarked = StatusMarks(rawValue: 4)

    /// Each mark alone, in the order the row shows them.
    public static let each: [StatusMarks] = [.boosted, .favourited, .bookmarked]
}
