/// How many colours the terminal can show, which decides how a style is drawn.
public enum ColorDepth: Hashable, Sendable {
    /// No colour: attributes and shade glyphs only.
    case none
    /// The eight (or sixteen) ANSI colours.
    case ansi8
    /// The 256-colour palette with its grey ramp.
    case ansi256

    /// The depth for a terminal reporting `colors` colours, honouring NO_COLOR
    /// (no-color.org: set and not empty means no colour).
    public static func detect(colors: Int, hasColors: Bool, environment: [String: String]) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        guard hasColors else { return .none }
        if colors >= 256 { return .ansi256 }
        if colors >= 8 { return .ansi8 }
        return .none
    }
}
