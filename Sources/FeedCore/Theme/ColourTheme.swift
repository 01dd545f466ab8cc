/// The colours of the screen: one of the two shipped themes (for dark and for light
/// backgrounds; `auto` picks by the background the terminal reports), with the
/// configuration's `color` lines over it.
public struct ColourTheme: Hashable, Sendable {
    public enum Base: String, Hashable, Sendable, CaseIterable {
        case auto, dark, light
    }

    public var base = Base.auto
    /// The `color` lines, at every depth.
    public var overrides: [ThemeElement: ElementLook] = [:]

    public init(base: Base = .auto, overrides: [ThemeElement: ElementLook] = [:]) {
        self.base = base
        self.overrides = overrides
    }

    /// How `element` looks on a background that is light or not, at 256 colours and more
    /// (`rich`) or at 16 and fewer.
    public func look(_ element: ThemeElement, lightBackground: Bool, rich: Bool) -> ElementLook {
        if let override = overrides[element] { return override }
        guard rich else { return Self.basic[element] ?? ElementLook() }
        let light = base == .light || (base == .auto && lightBackground)
        return (light ? Self.light : Self.dark)[element] ?? ElementLook()
    }

    /// For dark backgrounds, on the 256-colour palette.
    static let dark: [ThemeElement: ElementLook] = [
        .author: ElementLook(bold: true), .title: ElementLook(bold: true), .text: ElementLook(),
        .hint: .palette(245), .handle: .palette(245), .time: .palette(245),
        .likes: .palette(174), .boosts: .palette(174), .liked: .palette(204, bold: true),
        .selection: .palette(75, bold: true), .unread: .palette(39, bold: true),
        .status: .palette(252, on: 236), .notice: .palette(252, on: 236),
        .match: .palette(232, on: 222, bold: true), .error: .palette(203, bold: true),
        .link: .palette(75, underline: true),
    ]

    /// For light backgrounds: darker inks of the same hues, and a light status line.
    static let light: [ThemeElement: ElementLook] = [
        .author: ElementLook(bold: true), .title: ElementLook(bold: true), .text: ElementLook(),
        .hint: .palette(242), .handle: .palette(242), .time: .palette(242),
        .likes: .palette(131), .boosts: .palette(131), .liked: .palette(161, bold: true),
        .selection: .palette(25, bold: true), .unread: .palette(27, bold: true),
        .status: .palette(236, on: 253), .notice: .palette(236, on: 253),
        .match: .palette(232, on: 222, bold: true), .error: .palette(160, bold: true),
        .link: .palette(25, underline: true),
    ]

    /// On 16 colours and fewer: the ANSI colours, which each terminal sets for its own
    /// background, and attributes.
    static let basic: [ThemeElement: ElementLook] = [
        .author: ElementLook(bold: true), .title: ElementLook(bold: true), .text: ElementLook(),
        .hint: ElementLook(dim: true), .handle: ElementLook(dim: true), .time: ElementLook(dim: true),
        .likes: .palette(1), .boosts: .palette(1), .liked: .palette(1, bold: true),
        .selection: .palette(6, bold: true), .unread: .palette(4, bold: true),
        .status: ElementLook(reverse: true), .notice: ElementLook(reverse: true),
        .match: ElementLook(bold: true, reverse: true), .error: .palette(1, bold: true),
        .link: ElementLook(underline: true),
    ]

    /// Reads the words after `color ELEMENT`: a foreground, maybe a background, then
    /// attributes.
    public static func look(_ words: [String]) throws(ConfigWords.ParseError) -> ElementLook {
        var look = ElementLook()
        var colours: [ThemeColour?] = []
        for word in words {
            switch word.lowercased() {
            case "bold": look.bold = true
            case "dim": look.dim = true
            case "underline": look.underline = true
            case "reverse": look.reverse = true
            default:
                guard let colour = ThemeColour.parse(word), colours.count < 2 else {
                    throw ConfigWords.ParseError(
                        description: colours.count < 2
                            ? "'\(word)' is no colour: a name (red, bright-blue, default…), 0 to 255, or #rrggbb"
                            : "'\(word)' is a third colour: a foreground and a background at most")
                }
                guard look == ElementLook() else {
                    throw ConfigWords.ParseError(description: "colours come before the attributes")
                }
                colours.append(colour)
            }
        }
        guard !colours.isEmpty else {
            throw ConfigWords.ParseError(description: "a colour comes first: color ELEMENT FOREGROUND [BACKGROUND]")
        }
        look.foreground = colours[0]
        look.background = colours.count > 1 ? colours[1] : nil
        return look
    }
}
