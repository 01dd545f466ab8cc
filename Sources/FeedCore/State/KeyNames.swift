/// Keys by name: as a configuration writes them (`ctrl-d`, `pgdn`, `f5`, `j`), and as the
/// help shows them (`Ctrl-D`, `PgDn`, `F5`, `j`).
extension Key {
    /// The words a configuration may use for the keys that are not one character.
    public static let namedKeys: [(name: String, key: Key)] =
        [
            ("space", .character(" ")), ("enter", .enter), ("esc", .escape), ("tab", .tab), ("backspace", .backspace),
            ("up", .up), ("down", .down), ("pgup", .pageUp), ("pgdn", .pageDown), ("home", .home), ("end", .end),
        ] + (1...12).map { ("f\($0)", .function($0)) }

    /// The key a configuration names: one character (`j`, `G`, `/`), `ctrl-` and a letter,
    /// or a word of `namedKeys`, in any case. Nil for anything else.
    public init?(configName text: String) {
        if text.count == 1, let character = text.first, !character.isWhitespace, !character.isNewline {
            self = .character(character)
            return
        }
        let lowered = text.lowercased()
        if lowered.hasPrefix("ctrl-"), lowered.count == 6, let letter = lowered.last, letter.isASCII,
            letter.isLetter
        {
            self = .control(letter)
            return
        }
        guard let named = Self.namedKeys.first(where: { $0.name == lowered }) else { return nil }
        self = named.key
    }

    /// How a configuration writes the key; nil for the mouse's, which have no name.
    public var configName: String? {
        switch self {
        case .character(" "): "space"
        case .character(let character): String(character)
        case .control(let letter): "ctrl-\(letter)"
        case .wheelUp, .wheelDown, .click: nil
        default: Self.namedKeys.first { $0.key == self }?.name
        }
    }

    /// How the help overlay and `--help` show the key.
    public var displayName: String {
        switch self {
        case .character(" "): "Space"
        case .character(let character): String(character)
        case .control(let letter): "Ctrl-\(letter.uppercased())"
        case .up: "↑"
        case .down: "↓"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .enter: "Enter"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .tab: "Tab"
        case .function(let number): "F\(number)"
        case .wheelUp: "wheel up"
        case .wheelDown: "wheel down"
        case .click: "click"
        }
    }
}
