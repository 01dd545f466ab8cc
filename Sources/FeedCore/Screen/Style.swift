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
    /// The mark of a post not read yet.
    case unread
    /// A search's word where it appears in a row.
    case match
    /// A cell of a picture: its glyph (a half block, a quadrant) in `foreground`, the rest
    /// in `background`, both 0xRRGGBB.
    case picture(foreground: UInt32, background: UInt32)
    /// A cell of a picture with transparent parts: its glyph in `foreground`, the rest the
    /// terminal's own background.
    case pictureOnDefault(foreground: UInt32)
    /// A cell of a picture the terminal draws itself with the kitty graphics protocol: a
    /// placeholder character whose foreground colour names the picture (`KittyPictureIds`).
    case kittyPlaceholder(id: UInt32)
    /// A cell under a picture the terminal draws in sixels after the frame: blank text.
    case underPixels
    /// The author's handle, the post's age, a count of boosts, a link in the text, a
    /// notice on the status line: each a colour of its own where the theme gives one.
    case handle, time, boosts, link, notice

    /// One grey level for a skeleton cell where its halves cannot be drawn apart: a band
    /// edge takes the mean of its halves, a palette cell the static level. Nil for text.
    public var skeletonLevel: Int? {
        switch self {
        case .skeleton(let level): level
        case .skeletonEdge(let left, let right): (left + right + 1) / 2
        case .skeletonSlot: Shimmer.staticLevel
        default: nil
        }
    }

    /// Whether the cell is part of a skeleton, however it is shaded.
    public var isSkeleton: Bool {
        switch self {
        case .skeleton, .skeletonEdge, .skeletonSlot: true
        default: false
        }
    }
}

public struct Style: Hashable, Sendable, CustomStringConvertible {
    /// The ink and the fade in 64 bits (kind, fade, then two small values or two colours),
    /// so that a cell stays small: a frame is ten thousand of them, made and compared
    /// thirty times a second. A cell's text takes 16 bytes, so 8 here cost no more than 4.
    private var bits: UInt64

    public init(_ ink: Ink, fade: Int = 0) {
        bits = 0
        self.ink = ink
        self.fade = fade
    }

    public var ink: Ink {
        get {
            let first = Int((bits >> 16) & 0xFF)
            let second = Int((bits >> 24) & 0xFF)
            return switch bits & 0xFF {
            case 1: .muted
            case 2: .name
            case 3: .title
            case 4: .likes
            case 5: .liked
            case 6: .selection
            case 7: .avatar(color: first)
            case 8: .skeleton(level: first)
            case 9: .skeletonEdge(left: first, right: second)
            case 10: .skeletonSlot(first)
            case 11: .statusBar
            case 12: .error
            case 13: .help
            case 14: .helpKey
            case 15: .unread
            case 16: .match
            case 17: .picture(foreground: UInt32((bits >> 16) & 0xFF_FFFF), background: UInt32(bits >> 40))
            case 18: .pictureOnDefault(foreground: UInt32((bits >> 16) & 0xFF_FFFF))
            case 19: .kittyPlaceholder(id: UInt32((bits >> 16) & 0xFFFF_FFFF))
            case 20: .underPixels
            case 21: .handle
            case 22: .time
            case 23: .boosts
            case 24: .link
            case 25: .notice
            default: .plain
            }
        }
        set {
            let kind: UInt64
            let payload: UInt64
            switch newValue {
            case .picture(let foreground, let background):
                (kind, payload) = (17, UInt64(foreground & 0xFF_FFFF) | UInt64(background & 0xFF_FFFF) << 24)
            case .pictureOnDefault(let foreground):
                (kind, payload) = (18, UInt64(foreground & 0xFF_FFFF))
            case .kittyPlaceholder(let id):
                (kind, payload) = (19, UInt64(id))
            default:
                let (small, first, second) = Self.smallKind(newValue)
                // Levels, slots and colour indices are small; anything else is clamped.
                (kind, payload) = (small, UInt64(UInt8(clamping: first)) | UInt64(UInt8(clamping: second)) << 8)
            }
            bits = (bits & 0xFF00) | kind | payload << 16
        }
    }

    /// The kind and two small values of an ink that is not a picture's.
    private static func smallKind(_ ink: Ink) -> (UInt64, Int, Int) {
        switch ink {
        case .plain: (0, 0, 0)
        case .muted: (1, 0, 0)
        case .name: (2, 0, 0)
        case .title: (3, 0, 0)
        case .likes: (4, 0, 0)
        case .liked: (5, 0, 0)
        case .selection: (6, 0, 0)
        case .avatar(let color): (7, color, 0)
        case .skeleton(let level): (8, level, 0)
        case .skeletonEdge(let left, let right): (9, left, right)
        case .skeletonSlot(let slot): (10, slot, 0)
        case .statusBar: (11, 0, 0)
        case .error: (12, 0, 0)
        case .help: (13, 0, 0)
        case .helpKey: (14, 0, 0)
        case .unread: (15, 0, 0)
        case .match: (16, 0, 0)
        case .underPixels: (20, 0, 0)
        case .handle: (21, 0, 0)
        case .time: (22, 0, 0)
        case .boosts: (23, 0, 0)
        case .link: (24, 0, 0)
        case .notice: (25, 0, 0)
        case .picture, .pictureOnDefault, .kittyPlaceholder: (0, 0, 0)
        }
    }

    /// How much skeleton grey still shows through during the cross-fade, from
    /// `CrossFade.steps` (all skeleton) down to 0 (the ink alone).
    public var fade: Int {
        get { Int((bits >> 8) & 0xFF) }
        set { bits = (bits & ~0xFF00) | UInt64(UInt8(clamping: newValue)) << 8 }
    }

    public static let plain = Style(.plain)

    /// The style's 64 bits: a key as cheap to look up as a number (a backend maps styles to
    /// colours once and finds them again for every run of every frame).
    public var packed: UInt64 { bits }

    /// The style in words, for snapshot legends: the ink, its grey level or levels, and a
    /// fade's step.
    public var description: String {
        let ink: String =
            switch self.ink {
            case .plain: "plain"
            case .muted: "muted"
            case .name: "name"
            case .title: "title"
            case .likes: "likes"
            case .liked: "liked"
            case .selection: "selection"
            case .avatar(let color): "avatar colour \(color)"
            case .skeleton(let level): "skeleton level \(level)"
            case .skeletonEdge(let left, let right): "skeleton edge, left level \(left), right level \(right)"
            case .skeletonSlot(let slot): "skeleton palette slot \(slot)"
            case .statusBar: "status bar"
            case .error: "error"
            case .help: "help"
            case .helpKey: "help key"
            case .unread: "unread mark"
            case .match: "search match"
            case .picture(let foreground, let background):
                "picture \(RGBHex.text(foreground)) on \(RGBHex.text(background))"
            case .pictureOnDefault(let foreground): "picture \(RGBHex.text(foreground)) on the terminal's background"
            case .kittyPlaceholder(let id): "kitty picture \(id)"
            case .underPixels: "under a sixel picture"
            case .handle: "handle"
            case .time: "time"
            case .boosts: "boosts"
            case .link: "link"
            case .notice: "notice"
            }
        return fade > 0 ? "\(ink), fading, step \(fade) of \(CrossFade.steps)" : ink
    }

    /// One character per style for snapshot masks.
    public var maskCharacter: Character {
        if fade > 0 { return "~" }
        return switch ink {
        case .plain: "."
        case .muted: "-"
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
        case .unread: "U"
        case .match: "M"
        case .picture, .pictureOnDefault: "P"
        case .kittyPlaceholder: "G"
        case .underPixels: "X"
        case .handle: "@"
        case .time: ":"
        case .boosts: "B"
        case .link: "_"
        case .notice: "!"
        }
    }
}
