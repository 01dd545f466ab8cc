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
    /// The likes of a post the reader liked.
    case liked
    /// The bar beside the selected post.
    case selection
    case avatar(color: Int)
    /// A skeleton cell at a grey level in `0...Shimmer.maxLevel` (0 darkest).
    case skeleton(level: Int)
    /// A skeleton cell with a band edge inside it: its left and right halves' levels.
    case skeletonEdge(left: Int, right: Int)
    /// A skeleton cell drawn in a reserved palette entry (`--palette`): its grey is set by
    /// redefining the entry, not by rewriting the cell. See `ScreenBuffer.paletteLevels`.
    case skeletonSlot(Int)
    case statusBar
    case error
    /// The help overlay's box and text; `helpKey` for the keys in it.
    case help
    case helpKey

    /// Whether the cell is part of a skeleton, however it is shaded.
    public var isSkeleton: Bool {
        switch self {
        case .skeleton, .skeletonEdge, .skeletonSlot: true
        default: false
        }
    }
}

public struct Style: Hashable, Sendable {
    public var ink: Ink
    /// How much skeleton grey still shows through during the cross-fade, from
    /// `CrossFade.steps` (all skeleton) down to 0 (the ink alone).
    public var fade: Int

    public init(_ ink: Ink, fade: Int = 0) {
        self.ink = ink
        self.fade = fade
    }

    public static let plain = Style(.plain)

    /// One character per style for snapshot masks.
    public var maskCharacter: Character {
        if fade > 0 { return "~" }
        return switch ink {
        case .plain: "."
        case .muted: "m"
        case .name: "N"
        case .title: "T"
        case .likes: "L"
        case .liked: "H"
        case .selection: "|"
        case .avatar(let color): Character(String(color % 10))
        case .skeleton(let level): Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(min(max(level, 0), 25))))
        // The profile of the edge: rising to the right, or falling.
        case .skeletonEdge(let left, let right): left < right ? "/" : "\\"
        case .skeletonSlot: "#"
        case .statusBar: "S"
        case .error: "E"
        case .help: "?"
        case .helpKey: "K"
        }
    }
}
