import FeedCore

/// How a style looks on a terminal of a given depth: colours as palette indices (-1 the
/// terminal's default), attributes, and for colourless skeletons a shade glyph.
public struct TerminalStyle: Hashable, Sendable {
    public var foreground: Int16 = -1
    public var background: Int16 = -1
    public var bold = false
    public var dim = false
    public var reverse = false
    /// Drawn instead of the cell's text: a skeleton without colour uses shade glyphs.
    public var glyph: Character?
}

public enum StyleMapping {
    /// Avatar backgrounds on the 256-colour palette: blue, teal, green, gold, purple,
    /// rose, orange, slate. Mid-dark tones, so white initials read on each.
    static let avatarColors256: [Int16] = [25, 30, 65, 136, 97, 132, 130, 61]
    /// The same on eight colours: blue, cyan, green, yellow, magenta, red.
    static let avatarColors8: [Int16] = [4, 6, 2, 3, 5, 1, 4, 6]
    /// The skeleton's greys on the 256-colour ramp (232 black … 255 white): level 0 is
    /// the base grey, `Shimmer.maxLevel` the band's brightest.
    static let skeletonBase256: Int16 = 238

    public static func style(for style: Style, depth: ColorDepth) -> TerminalStyle {
        var result = TerminalStyle()
        switch style.ink {
        case .plain:
            break
        case .muted:
            if depth == .ansi256 { result.foreground = 245 } else { result.dim = true }
        case .name, .title:
            result.bold = true
        case .likes:
            result.foreground = foreground(174, or: 1, depth: depth)
            result.dim = depth == .none
        case .liked:
            result.bold = true
            result.foreground = foreground(204, or: 1, depth: depth)
        case .selection:
            result.bold = true
            result.foreground = foreground(75, or: 6, depth: depth)
        case .help, .statusBar:
            paintBar(&result, foreground: 252, depth: depth)
        case .helpKey:
            result.bold = true
            paintBar(&result, foreground: 75, depth: depth)
        case .avatar(let color):
            result.bold = true
            switch depth {
            case .ansi256:
                result.foreground = 255
                result.background = avatarColors256[color % avatarColors256.count]
            case .ansi8:
                result.foreground = 7
                result.background = avatarColors8[color % avatarColors8.count]
            case .none:
                result.reverse = true
            }
        case .skeleton(let level):
            let clamped = min(max(level, 0), Shimmer.maxLevel)
            switch depth {
            case .ansi256:
                // A skeleton cell is a space: only its background shows. Leaving the
                // foreground alone keeps each change of grey to one colour escape.
                result.background = skeletonBase256 + Int16(clamped)
            case .ansi8:
                // Two greys only: the band is the bright one.
                if clamped * 2 > Shimmer.maxLevel {
                    result.background = 7
                } else {
                    result.foreground = 7
                    result.glyph = "▒"
                }
            case .none:
                result.glyph = Shimmer.shade(for: clamped)
            }
        case .error:
            result.bold = true
            result.foreground = foreground(203, or: 1, depth: depth)
        }
        return result
    }

    /// A foreground from the 256-colour palette, or one of the eight; none without colour.
    private static func foreground(_ color256: Int16, or color8: Int16, depth: ColorDepth) -> Int16 {
        switch depth {
        case .ansi256: color256
        case .ansi8: color8
        case .none: -1
        }
    }

    /// A bar (the status line, the help box): a dark grey band in 256 colours, reverse
    /// video otherwise.
    private static func paintBar(_ style: inout TerminalStyle, foreground: Int16, depth: ColorDepth) {
        if depth == .ansi256 {
            style.foreground = foreground
            style.background = 236
        } else {
            style.reverse = true
        }
    }
}
