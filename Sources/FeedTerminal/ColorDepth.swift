import FeedCore

/// How many colours the terminal can show, which decides how a style is drawn: the
/// rungs of a ladder, each with its own skeleton.
public enum ColorDepth: Int, Hashable, Sendable, Comparable {
    /// No colour: attributes and shade glyphs only.
    case none
    /// The eight ANSI colours, brightened with bold.
    case ansi8
    /// The sixteen ANSI colours, with the bright ones.
    case ansi16
    /// The 256-colour palette with its grey ramp.
    case ansi256
    /// Direct colour: any RGB value, through a terminfo with direct colours.
    case truecolor

    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The depth a terminfo entry offers for `colors` colours (2^24 means direct colour).
    public static func available(colors: Int, hasColors: Bool) -> ColorDepth {
        guard hasColors else { return .none }
        if colors >= 1 << 24 { return .truecolor }
        if colors >= 256 { return .ansi256 }
        if colors >= 16 { return .ansi16 }
        return colors >= 8 ? .ansi8 : .none
    }

    /// The depth to draw with. With `auto`, NO_COLOR (set and not empty, as no-color.org
    /// says) means none; an explicit choice wins over NO_COLOR but never asks for more
    /// colours than the terminal has.
    public static func detect(
        colors: Int, hasColors: Bool, environment: [String: String], requested: ColorChoice = .auto
    ) -> ColorDepth {
        let available = available(colors: colors, hasColors: hasColors)
        let wanted: ColorDepth
        switch requested {
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
            return available
        case .truecolor: wanted = .truecolor
        case .ansi256: wanted = .ansi256
        case .ansi16: wanted = .ansi16
        case .none: return .none
        }
        // A direct-colour terminal has no palette: its 256 and 16 looks are drawn in RGB.
        if available == .truecolor { return wanted }
        return min(wanted, available)
    }

    /// The terminfo entry to start ncurses with. When COLORTERM says the terminal draws
    /// 24-bit colour but TERM names a palette entry (xterm-256color), the same family's
    /// direct-colour entry (xterm-direct) lets ncurses draw it; nil keeps TERM.
    public static func directColorTerm(environment: [String: String], requested: ColorChoice = .auto) -> String? {
        // Only when direct colour would be drawn, were it available.
        guard detect(colors: 1 << 24, hasColors: true, environment: environment, requested: requested) == .truecolor,
            let colorterm = environment["COLORTERM"]?.lowercased(), colorterm == "truecolor" || colorterm == "24bit",
            let term = environment["TERM"], !term.hasSuffix("-direct"),
            let family = term.split(separator: "-").first
        else { return nil }
        return family + "-direct"
    }
}
