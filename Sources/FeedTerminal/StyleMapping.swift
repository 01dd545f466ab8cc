import FeedCore

/// How a style looks on a terminal of a given depth: colours (-1 the terminal's default;
/// palette indices, or 0xRRGGBB values on a direct-colour terminal), attributes, and for
/// skeletons drawn without colour a shade glyph.
public struct TerminalStyle: Hashable, Sendable {
    public var foreground: Int32 = -1
    public var background: Int32 = -1
    public var bold = false
    public var dim = false
    public var reverse = false
    public var underline = false
    /// Drawn instead of the cell's text: shade glyphs, or a half block for a band edge.
    public var glyph: Character?
}

public enum StyleMapping {
    /// Avatar backgrounds on the 256-colour palette: blue, teal, green, gold, purple,
    /// rose, orange, slate. Mid-dark tones, so white initials read on each.
    static let avatarColors256 = [25, 30, 65, 136, 97, 132, 130, 61]
    /// The same on eight colours: blue, cyan, green, yellow, magenta, red.
    static let avatarColors8: [Int32] = [4, 6, 2, 3, 5, 1, 4, 6]
    /// The entries `--palette` redefines, one per `PaletteShimmer` slot: reds of the
    /// colour cube that no style here uses.
    public static let paletteEntries: [Int32] = (0..<PaletteShimmer.slotCount).map { 88 + Int32($0) }
    /// A cell under a sixel picture is a bold space: it looks blank, but ncurses does not
    /// take it for blank, so it never clears a line's end through it (`EL` would erase the
    /// picture). Where it is unchanged, ncurses writes nothing there at all.
    static let underPixelsBold = true
    /// The glyph of a cell with a band edge inside: its left half in the foreground.
    static let edgeGlyph: Character = "▌"

    /// `defaultBackground` is the terminal's own background colour when it said
    /// (0xRRGGBB): the cross-fade ends there. Without it, black or white is assumed. The
    /// text's colours are the `theme`'s.
    public static func style(
        for style: Style, depth: ColorDepth, background: TerminalBackground = .unknown,
        defaultBackground: UInt32? = nil, theme: ColourTheme = ColourTheme()
    ) -> TerminalStyle {
        switch depth {
        case .truecolor, .ansi256:
            let direct = depth == .truecolor
            return richStyle(
                for: style, background: background, defaultBackground: defaultBackground, direct: direct, theme: theme
            ).lowered(direct: direct)
        case .ansi16, .ansi8, .none:
            var result = basicStyle(for: style.ink, depth: depth, theme: theme)
            // No grey to fade through: a count whose action is on its way (or fading in) is
            // dim, and without colour reversed, so that it never looks confirmed.
            if style.fade > 0, [.likes, .liked, .boosts].contains(style.ink) {
                result.bold = false
                result.dim = true
                result.reverse = depth == .none
            }
            return result
        }
    }

    /// A colour before it is lowered to the terminal's depth.
    private enum Paint: Hashable {
        case terminalDefault
        case palette(Int)
        case rgb(UInt32)
        /// The number itself at either depth: a kitty placeholder's id byte, which the
        /// terminal reads as `38;5;N` or as the direct colour 0x0000NN alike.
        case number(Int32)

        init(_ colour: ThemeColour) {
            switch colour {
            case .index(let index): self = .palette(index)
            case .rgb(let value): self = .rgb(value)
            }
        }

        func rgb(or fallback: UInt32) -> UInt32 {
            switch self {
            case .terminalDefault: fallback
            case .palette(let index): XtermPalette.rgb(index)
            case .rgb(let value): value
            case .number(let value): UInt32(value)
            }
        }

        func lowered(direct: Bool) -> Int32 {
            switch self {
            case .terminalDefault: -1
            case .palette(let index): direct ? Int32(max(8, XtermPalette.rgb(index))) : Int32(index)
            // Direct colours below 8 would be read as the eight ANSI colours.
            case .rgb(let value): direct ? Int32(max(8, value)) : Int32(XtermPalette.nearest(value))
            case .number(let value): value
            }
        }
    }

    private struct RichStyle {
        var foreground = Paint.terminalDefault
        var background = Paint.terminalDefault
        var bold = false
        var dim = false
        var underline = false
        var reverse = false
        var glyph: Character?

        /// An element's look in the theme.
        init(_ look: ElementLook) {
            foreground = look.foreground.map(Paint.init) ?? .terminalDefault
            background = look.background.map(Paint.init) ?? .terminalDefault
            (bold, dim, underline, reverse) = (look.bold, look.dim, look.underline, look.reverse)
        }

        init(
            foreground: Paint = .terminalDefault, background: Paint = .terminalDefault, bold: Bool = false,
            glyph: Character? = nil
        ) {
            self.foreground = foreground
            self.background = background
            self.bold = bold
            self.glyph = glyph
        }

        func lowered(direct: Bool) -> TerminalStyle {
            TerminalStyle(
                foreground: foreground.lowered(direct: direct), background: background.lowered(direct: direct),
                bold: bold, dim: dim, reverse: reverse, underline: underline, glyph: glyph)
        }
    }

    /// The themed element an ink draws; nil for the inks that are not the theme's (the
    /// skeleton, avatars, pictures).
    static func element(of ink: Ink) -> ThemeElement? {
        switch ink {
        case .plain: .text
        case .muted: .hint
        case .name: .author
        case .title: .title
        case .handle: .handle
        case .time: .time
        case .likes: .likes
        case .boosts: .boosts
        case .liked: .liked
        case .selection: .selection
        case .statusBar, .help: .status
        case .notice: .notice
        case .unread: .unread
        case .match: .match
        case .error: .error
        case .link: .link
        default: nil
        }
    }

    /// The 256-colour look, also drawn in RGB on a direct-colour terminal.
    private static func richStyle(
        for style: Style, background: TerminalBackground, defaultBackground: UInt32?, direct: Bool,
        theme: ColourTheme
    ) -> RichStyle {
        var result: RichStyle
        switch style.ink {
        case .helpKey:
            // The status line's background, the selection's colour.
            let status = theme.look(.status, lightBackground: background == .light, rich: true)
            let selection = theme.look(.selection, lightBackground: background == .light, rich: true)
            result = RichStyle(ElementLook(foreground: selection.foreground, background: status.background, bold: true))
        case let ink where element(of: ink) != nil:
            result = RichStyle(theme.look(element(of: ink)!, lightBackground: background == .light, rich: true))
        case .avatar(let color):
            result = RichStyle(
                foreground: .palette(255), background: .palette(avatarColors256[color % avatarColors256.count]),
                bold: true)
        case .skeleton(let level):
            // A skeleton cell is a space: only its background shows.
            result = RichStyle(background: skeletonPaint(level: level, background: background, direct: direct))
        case .skeletonEdge(let left, let right):
            result = RichStyle(
                foreground: skeletonPaint(level: left, background: background, direct: direct),
                background: skeletonPaint(level: right, background: background, direct: direct), glyph: edgeGlyph)
        case .skeletonSlot(let slot):
            result = RichStyle(
                background: .palette(Int(paletteEntries[min(max(slot, 0), paletteEntries.count - 1)])))
        case .picture(let foreground, let background):
            result = RichStyle(foreground: .rgb(foreground), background: .rgb(background))
        case .pictureOnDefault(let foreground): result = RichStyle(foreground: .rgb(foreground))
        case .kittyPlaceholder(let id): result = RichStyle(foreground: .number(Int32(id & 0xFF)))
        case .underPixels: result = RichStyle(bold: underPixelsBold)
        default: result = RichStyle()
        }
        if style.fade > 0 {
            // The cross-fade: both colours start near the skeleton's grey, the text already
            // readable on it, and move to their own.
            let skeleton = background.skeletonGrey(level: 0)
            let amount = CrossFade.mix(at: style.fade)
            result.foreground = .rgb(
                RGB.mix(result.foreground.rgb(or: background.assumedForeground), skeleton, amount))
            result.background = .rgb(
                RGB.mix(
                    result.background.rgb(or: defaultBackground ?? background.assumedBackground), skeleton, amount))
        }
        return result
    }

    /// A skeleton level's grey: exact in direct colour; on the palette, the levels spread
    /// over every palette grey between the bars' grey and the peak's, in order.
    private static func skeletonPaint(level: Int, background: TerminalBackground, direct: Bool) -> Paint {
        if direct { return .rgb(background.skeletonGrey(level: level)) }
        let greys = paletteGreys[background] ?? []
        let clamped = min(max(level, 0), Shimmer.maxLevel)
        return .palette(greys[(clamped * (greys.count - 1) + Shimmer.maxLevel / 2) / Shimmer.maxLevel])
    }

    /// The palette greys from each background's bars to its peak.
    private static let paletteGreys: [TerminalBackground: [Int]] = Dictionary(
        uniqueKeysWithValues: TerminalBackground.allCases.map { background in
            let low = Int(background.skeletonGrey(level: 0) & 0xFF)
            let high = Int(background.skeletonGrey(level: Shimmer.maxLevel) & 0xFF)
            let inRange = XtermPalette.greys.filter { (low...high).contains($0.value) }.map(\.index)
            // The ends are the greys nearest the bars' and the peak's, which may lie outside.
            let first = XtermPalette.nearest(background.skeletonGrey(level: 0))
            let last = XtermPalette.nearest(background.skeletonGrey(level: Shimmer.maxLevel))
            var greys = inRange
            if greys.first != first { greys.insert(first, at: 0) }
            if greys.last != last { greys.append(last) }
            return (background, greys)
        })

    /// Sixteen colours, eight, or none: attributes, the ANSI colours and shade glyphs.
    private static func basicStyle(for ink: Ink, depth: ColorDepth, theme: ColourTheme) -> TerminalStyle {
        var result = TerminalStyle()
        let colored = depth != .none
        switch ink {
        case .helpKey:
            result.bold = true
            result.reverse = true
        case let ink where element(of: ink) != nil:
            let look = theme.look(element(of: ink)!, lightBackground: false, rich: false)
            (result.bold, result.dim, result.underline, result.reverse) = (
                look.bold, look.dim, look.underline, look.reverse
            )
            if colored {
                result.foreground = look.foreground.map { ansi($0, depth: depth) } ?? -1
                result.background = look.background.map { ansi($0, depth: depth) } ?? -1
            } else if look.isColourOnly {
                // Without colour it would be the text: dim sets it apart.
                result.dim = true
            }
        case .avatar(let color):
            result.bold = true
            if colored {
                result.foreground = 7
                result.background = avatarColors8[color % avatarColors8.count]
            } else {
                result.reverse = true
            }
        case .skeleton, .skeletonEdge, .skeletonSlot:
            // No split colours here: an edge cell takes the mean of its halves.
            paintSkeleton(&result, level: ink.skeletonLevel ?? Shimmer.staticLevel, depth: depth)
        case .picture(let foreground, let background):
            paintPicture(&result, foreground: foreground, background: background, depth: depth)
        case .pictureOnDefault(let foreground):
            paintPicture(&result, foreground: foreground, background: nil, depth: depth)
        case .kittyPlaceholder:
            // kitty pictures are drawn only at 256 colours and more (the placeholders' id
            // is a colour); here the cell stays blank.
            break
        case .underPixels:
            result.bold = underPixelsBold
        default:
            break
        }
        return result
    }

    /// A theme's colour among the 16 or 8 ANSI colours: itself, the bright ones as the
    /// plain ones on eight, else the nearest.
    private static func ansi(_ colour: ThemeColour, depth: ColorDepth) -> Int32 {
        let count = depth == .ansi16 ? 16 : 8
        switch colour {
        case .index(let index) where index < 16: return Int32(index % count)
        case .index(let index): return Int32(XtermPalette.nearestSystem(XtermPalette.rgb(index), count: count))
        case .rgb(let value): return Int32(XtermPalette.nearestSystem(value, count: count))
        }
    }

    /// A picture's cell in the ANSI colours nearest its own. Without colour, its glyph
    /// alone: the lighter part in the terminal's foreground, a picture in one bit.
    private static func paintPicture(
        _ style: inout TerminalStyle, foreground: UInt32, background: UInt32?, depth: ColorDepth
    ) {
        let count = depth == .ansi16 ? 16 : 8
        switch depth {
        case .ansi16, .ansi8:
            style.foreground = Int32(XtermPalette.nearestSystem(foreground, count: count))
            if let background { style.background = Int32(XtermPalette.nearestSystem(background, count: count)) }
        default:
            if let background {
                style.reverse = XtermPalette.luminance(foreground) < XtermPalette.luminance(background)
            }
        }
    }

    /// The band on the small palettes: bright black, white and bright white on sixteen;
    /// dim and plain white shades, solid white and bold white on eight; shade glyphs alone
    /// without colour.
    private static func paintSkeleton(_ style: inout TerminalStyle, level: Int, depth: ColorDepth) {
        let clamped = min(max(level, 0), Shimmer.maxLevel)
        let step = clamped * 5 / (Shimmer.maxLevel + 1)  // 0...4
        switch depth {
        case .ansi16:
            switch step {
            case 0: style.background = 8
            case 1: (style.glyph, style.foreground, style.background) = ("░", 7, 8)
            case 2: (style.glyph, style.foreground, style.background) = ("▒", 7, 8)
            case 3: style.background = 7
            default: style.background = 15
            }
        case .ansi8:
            switch step {
            case 0: (style.glyph, style.foreground, style.dim) = ("░", 7, true)
            case 1: (style.glyph, style.foreground) = ("░", 7)
            case 2: (style.glyph, style.foreground) = ("▒", 7)
            case 3: style.background = 7
            default: (style.glyph, style.foreground, style.bold) = ("█", 7, true)
            }
        default:
            style.glyph = Shimmer.shade(for: clamped)
        }
    }
}
