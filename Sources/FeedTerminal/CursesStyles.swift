import CNcurses
import FeedCore

/// How each `Style` is drawn on this terminal: attributes, a colour pair made on first use,
/// a glyph where the style is drawn with one (shades without colour), and the reserved
/// palette entries' greys with `--palette`. Mapping a style means finding palette colours,
/// too slow to do for every run of every frame, so each is worked out once.
@MainActor
final class CursesStyles {
    struct Drawn {
        var attributes: attr_t
        var pair: Int32
        /// The cell drawn for every character, where the style draws a glyph (a band's
        /// edge, a shade without colour): made once.
        var cell: cchar_t?
        /// A space in this style (most cells of a skeleton): made once.
        var space = cchar_t()

        /// A cell of this style holding one character.
        func character(_ character: wchar_t) -> cchar_t {
            var result = cchar_t()
            var pair = pair
            var text: (wchar_t, wchar_t) = (character, 0)
            withUnsafePointer(to: &text) { pointer in
                pointer.withMemoryRebound(to: wchar_t.self, capacity: 2) { characters in
                    _ = setcchar(&result, characters, attributes, Int16(truncatingIfNeeded: pair), &pair)
                }
            }
            return result
        }
    }

    private struct PairKey: Hashable {
        var foreground: Int32
        var background: Int32
    }

    let depth: ColorDepth
    let background: TerminalBackground
    let reportedBackground: UInt32?
    let theme: ColourTheme
    private var pairs: [PairKey: Int32] = [:]
    private var drawn: [Style: Drawn] = [:]
    /// The level each reserved palette entry was last set to.
    private var paletteLevels: [Int] = []

    init(depth: ColorDepth, background: TerminalBackground, reportedBackground: UInt32?, theme: ColourTheme) {
        self.depth = depth
        self.background = background
        self.reportedBackground = reportedBackground
        self.theme = theme
    }

    /// The styles met lately, by their bits, ahead of the dictionary: a frame of the band
    /// looks up a few hundred runs among a few dozen styles.
    /// Unchecked for overlapping access (the class is the main actor's, and no call
    /// here leads back into it): the check would cost more than the lookup.
    @exclusivity(unchecked) private var recent = [(key: UInt64, drawn: Drawn)?](repeating: nil, count: 256)
    /// Whether a style found every colour pair taken: pictures bring thousands of colours,
    /// and a long session more pairs than a terminal has. The backend then starts over
    /// (`startOver`) and draws the whole screen again with fresh pairs.
    private(set) var ranOutOfPairs = false
    /// Past this many styles the map starts over too, so that it stays a bound.
    static let styleCapacity = 16_384

    func drawn(_ style: Style) -> Drawn {
        let key = style.packed
        let slot = Int((key &* 0x9E37_79B9_7F4A_7C15) >> 56)
        if let entry = recent[slot], entry.key == key { return entry.drawn }
        let result = lookUp(style)
        recent[slot] = (key, result)
        return result
    }

    private func lookUp(_ style: Style) -> Drawn {
        if let known = drawn[style] { return known }
        let terminalStyle = StyleMapping.style(
            for: style, depth: depth, background: background, defaultBackground: reportedBackground, theme: theme)
        // Plain values only: a style is copied for every run of every frame.
        var result = Drawn(attributes: attributes(for: terminalStyle), pair: pair(for: terminalStyle))
        // Every glyph a style draws (a half block, a shade) is one narrow character (a test
        // holds the mapping to it), drawn in a stretch like a letter.
        if let scalars = terminalStyle.glyph?.unicodeScalars, scalars.count == 1,
            let glyph = scalars.first, CellWidth.isNarrowStandalone(glyph)
        {
            result.cell = result.character(wchar_t(bitPattern: glyph.value))
        }
        result.space = result.character(wchar_t(0x20))
        if drawn.count >= Self.styleCapacity { ranOutOfPairs = true }
        drawn[style] = result
        return result
    }

    /// Forgets every pair and style: after it, no cell on the screen may be trusted to
    /// show its colours, so the caller redraws them all.
    func startOver() {
        pairs.removeAll(keepingCapacity: true)
        drawn.removeAll(keepingCapacity: true)
        recent = [(key: UInt64, drawn: Drawn)?](repeating: nil, count: 256)
        ranOutOfPairs = false
    }

    /// Forgets the palette entries' levels, so that the next frame sets them again.
    func forgetPalette() {
        paletteLevels = []
    }

    /// Redefines the reserved entries whose level changed, before any cell uses them;
    /// says whether any did.
    func setPalette(_ levels: [Int]) -> Bool {
        var changed = false
        for (slot, level) in levels.enumerated() where slot < StyleMapping.paletteEntries.count {
            if slot < paletteLevels.count, paletteLevels[slot] == level { continue }
            let grey = background.skeletonGrey(level: level) & 0xFF
            let scaled = Int16((Int(grey) * 1000 + 127) / 255)  // ncurses takes 0...1000
            init_color(Int16(StyleMapping.paletteEntries[slot]), scaled, scaled, scaled)
            changed = true
        }
        if !levels.isEmpty { paletteLevels = levels }
        return changed
    }

    private func attributes(for style: TerminalStyle) -> attr_t {
        var attributes = CNcurses_A_NORMAL()
        if style.bold { attributes |= CNcurses_A_BOLD() }
        if style.dim { attributes |= CNcurses_A_DIM() }
        if style.reverse { attributes |= CNcurses_A_REVERSE() }
        if style.underline { attributes |= CNcurses_A_UNDERLINE() }
        return attributes
    }

    /// The colour pair for a style's colours, made on first use.
    private func pair(for style: TerminalStyle) -> Int32 {
        guard depth != .none, style.foreground >= 0 || style.background >= 0 else { return 0 }
        let key = PairKey(foreground: style.foreground, background: style.background)
        if let existing = pairs[key] { return existing }
        let number = Int32(pairs.count + 1)
        guard number < CNcurses_COLOR_PAIRS() else {
            ranOutOfPairs = true
            return 0
        }
        // Extended pairs: direct colours do not fit init_pair's shorts.
        init_extended_pair(number, style.foreground, style.background)
        pairs[key] = number
        return number
    }
}
