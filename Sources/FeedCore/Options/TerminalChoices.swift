/// `--color`: how much colour to use; `auto` follows the terminal and NO_COLOR.
public enum ColorChoice: String, Hashable, Sendable, CaseIterable {
    case auto
    case truecolor
    case ansi256 = "256"
    case ansi16 = "16"
    case none
}

/// `--images`: how rows draw their pictures.
public enum ImageChoice: String, Hashable, Sendable, CaseIterable {
    /// What the terminal can do, asked at start: kitty's pictures, else sixel, else cells.
    case auto
    /// The kitty graphics protocol, placed by Unicode placeholders (kitty, Ghostty).
    case kitty
    /// Sixel pictures (xterm as a VT340, foot, WezTerm, mlterm, Windows Terminal).
    case sixel
    /// Colours in cells: half blocks and quadrants, written like any other text.
    case cells
    /// No pictures: their lines of alt text, and the avatars' initials.
    case none

    /// Whether rows draw pictures.
    public var drawsPictures: Bool { self != .none }
}

/// `--background`: the terminal's background, for the skeleton's greys; `auto` reads
/// COLORFGBG where the terminal sets it.
public enum BackgroundChoice: String, Hashable, Sendable, CaseIterable {
    case auto
    case dark
    case light
}

/// `--pane` (`pane` in the configuration file): the reading pane beside the timeline.
public enum PaneChoice: String, Hashable, Sendable, CaseIterable {
    /// On a terminal `ReadingPane.autoWidth` columns wide or more.
    case auto
    /// Wherever it fits (`ReadingPane.minimumWidth` columns).
    case on
    case off
}
