/// Which network a post or an account is of, by the name the registry gives it; a web
/// feed's posts have none. The state, the rows and the store hold this
/// name only: what the network says and can do comes with its `NetworkTraits`.
public struct NetworkID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }
}
