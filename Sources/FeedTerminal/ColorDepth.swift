import FeedCore

/// How many colours the terminal can show, which decides how a style is drawn.
public enum ColorDepth: Hashable, Sendable {
    /// No colour: attributes and shade glyphs only.
    case none
    /// The eight (or sixteen) ANSI colours.
    case ansi8
    /// The 256-colour palette with its grey ramp.
    case ansi256

    /// The depth for a terminal reporting `colors` colours. With `auto`, NO_COLOR (set
    /// and not empty, as no-color.org says) means none; an explicit choice wins over
    /// NO_COLOR but never asks for more colours than the terminal has.
    public static func detect(
        colors: Int, hasColors: Bool, environment: [String: String], requested: ColorChoice = .auto
    ) -> ColorDepth {
        let available: ColorDepth = !hasColors ? .none : colors >= 256 ? .ansi256 : colors >= 8 ? .ansi8 : .none
        switch requested {
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
            return available
        case .ansi256: return available
        case .ansi16: return available == .none ? .none : .ansi8
        case .none: return .none
        }
    }
}
