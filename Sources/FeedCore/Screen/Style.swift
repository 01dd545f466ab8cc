/// What a cell means, not how it looks: the terminal layer maps each ink to colours and
/// attributes for the colour depth it has. Tests compare inks, so a lost highlight or a
/// frozen shimmer shows up in a style mask whatever the terminal.
public enum Ink: Hashable, Sendable {
    case plain
    /// Secondary text: handles, times, counts, hints.
    case muted
    case name
    case title
    case likes
    case avatar(color: Int)
    /// A skeleton cell at a grey level in `0...Shimmer.maxLevel` (0 darkest).
    case skeleton(level: Int)
    case statusBar
    case error
}

public struct Style: Hashable, Sendable {
    public var ink: Ink
    /// Reverse video for the selected row, layered over any ink.
    public var selected: Bool

    public init(_ ink: Ink, selected: Bool = false) {
        self.ink = ink
        self.selected = selected
    }

    public static let plain = Style(.plain)

    /// One character per style for snapshot masks.
    public var maskCharacter: Character {
        let base: Character =
            switch ink {
            case .plain: "."
            case .muted: "m"
            case .name: "N"
            case .title: "T"
            case .likes: "L"
            case .avatar(let color): Character(String(color % 10))
            case .skeleton(let level): Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(min(max(level, 0), 25))))
            case .statusBar: "S"
            case .error: "E"
            }
        return selected ? Character(base.uppercased()) : base
    }
}
