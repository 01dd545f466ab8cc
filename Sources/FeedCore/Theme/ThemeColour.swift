/// A colour as a configuration names it: by name, a palette index (0–255) or `#rrggbb`.
/// Each terminal draws the nearest it has: truecolor the colour itself, 256 colours the
/// nearest palette entry, 16 and 8 the nearest ANSI colour.
public enum ThemeColour: Hashable, Sendable {
    case index(Int)
    case rgb(UInt32)

    /// The names of the sixteen ANSI colours, by index; `grey` and `gray` are bright black.
    static let names = [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white", "bright-black", "bright-red",
        "bright-green", "bright-yellow", "bright-blue", "bright-magenta", "bright-cyan", "bright-white",
    ]

    /// The colour `text` names; `.some(nil)` for `default`, the terminal's own colour; nil
    /// for a word that is no colour.
    public static func parse(_ text: String) -> ThemeColour?? {
        let word = text.lowercased()
        if word == "default" { return .some(nil) }
        if word == "grey" || word == "gray" { return .index(8) }
        if let index = names.firstIndex(of: word) { return .index(index) }
        if let index = Int(word), (0...255).contains(index), word.allSatisfy(\.isNumber) { return .index(index) }
        if word.hasPrefix("#"), word.count == 7, let value = UInt32(word.dropFirst(), radix: 16) { return .rgb(value) }
        return nil
    }
}

/// How one element of the screen looks: its colours (nil for the terminal's own) and
/// attributes.
public struct ElementLook: Hashable, Sendable {
    public var foreground: ThemeColour?
    public var background: ThemeColour?
    public var bold = false
    public var dim = false
    public var underline = false
    public var reverse = false

    public init(
        foreground: ThemeColour? = nil, background: ThemeColour? = nil, bold: Bool = false, dim: Bool = false,
        underline: Bool = false, reverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
    }

    /// Whether colour is all that sets it apart: without colour it is drawn dim, so that
    /// it still stands apart from the text.
    public var isColourOnly: Bool {
        (foreground != nil || background != nil) && !bold && !dim && !underline && !reverse
    }

    static func palette(_ foreground: Int, on background: Int? = nil, bold: Bool = false, underline: Bool = false)
        -> ElementLook
    {
        ElementLook(
            foreground: .index(foreground), background: background.map(ThemeColour.index), bold: bold,
            underline: underline)
    }
}
