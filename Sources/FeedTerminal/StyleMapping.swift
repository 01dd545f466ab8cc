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
            switch depth {
            case .ansi256: result.foreground = 174
            case .ansi8: result.foreground = 1
            case .none: result.dim = true
            }
        case .liked:
            result.bold = true
            switch depth {
            case .ansi256: result.foreground = 204
            case .ansi8: result.foreground = 1
            case .none: break
            }
        case .selection:
            result.bold = true
            switch depth {
            case .ansi256: result.foreground = 75
            case .ansi8: result.foreground = 6
            case .none: break
            }
        case .help:
            if depth == .ansi256 {
                result.foreground = 252
                result.background = 236
            } else {
                result.reverse = true
            }
        case .helpKey:
            result.bold = true
            if depth == .ansi256 {
                result.foreground = 75
                result.background = 236
            } else {
                result.reverse = true
            }
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
        case .statusBar:
            if depth == .ansi256 {
                result.foreground = 252
                result.background = 236
            } else {
                result.reverse = true
            }
        case .error:
            result.bold = true
            switch depth {
            case .ansi256: result.foreground = 203
            case .ansi8: result.foreground = 1
            case .none: break
            }
        }
        return result
    }
}
