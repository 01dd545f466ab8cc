import FeedCore
import Testing

@testable import FeedTerminal

/// A configuration's colours on each rung of the ladder: the colour itself in truecolor,
/// the nearest palette entry at 256, the nearest ANSI colour at 16 and 8, and without
/// colour an attribute, so that the element still stands apart.
@Suite struct ThemeLadderTests {
    private func mapped(_ ink: Ink, _ look: ElementLook, element: ThemeElement, depth: ColorDepth) -> TerminalStyle {
        StyleMapping.style(
            for: Style(ink), depth: depth, background: .dark, theme: ColourTheme(overrides: [element: look]))
    }

    @Test func anRGBColourAtEachDepth() {
        let orange = ElementLook(foreground: .rgb(0xFF8700), bold: true)
        #expect(mapped(.name, orange, element: .author, depth: .truecolor).foreground == 0xFF8700)
        #expect(mapped(.name, orange, element: .author, depth: .ansi256).foreground == 208, "the cube's orange")
        #expect(mapped(.name, orange, element: .author, depth: .ansi16).foreground == 3, "xterm's yellow is nearest")
        #expect(mapped(.name, orange, element: .author, depth: .ansi8).foreground == 3)
        let none = mapped(.name, orange, element: .author, depth: .none)
        #expect(none.foreground == -1 && none.bold && !none.dim, "bold sets it apart already")
    }

    @Test func aPaletteColourAtEachDepth() {
        let teal = ElementLook(foreground: .index(30), background: .index(14))
        let direct = mapped(.handle, teal, element: .handle, depth: .truecolor)
        #expect(direct.foreground == 0x008787 && direct.background == 0x00FFFF)
        let palette = mapped(.handle, teal, element: .handle, depth: .ansi256)
        #expect(palette.foreground == 30 && palette.background == 14)
        let sixteen = mapped(.handle, teal, element: .handle, depth: .ansi16)
        #expect(sixteen.foreground == 6 && sixteen.background == 14)
        let eight = mapped(.handle, teal, element: .handle, depth: .ansi8)
        #expect(eight.foreground == 6 && eight.background == 6, "bright cyan is cyan on eight")
        let none = mapped(.handle, teal, element: .handle, depth: .none)
        #expect(none.foreground == -1 && none.background == -1 && none.dim, "colour only: dim without colour")
    }

    /// The brightest ANSI colours are in reach at 16, and become the plain ones at 8.
    @Test func brightColoursAtSixteenAndEight() {
        let white = ElementLook(foreground: .rgb(0xFFFFFF), background: .index(15))
        let sixteen = mapped(.name, white, element: .author, depth: .ansi16)
        #expect(sixteen.foreground == 15 && sixteen.background == 15)
        let eight = mapped(.name, white, element: .author, depth: .ansi8)
        #expect(eight.foreground == 7 && eight.background == 7)
    }

    /// A foreground alone, without colour: dim, to stand apart from the text.
    @Test func aForegroundAloneIsDimWithoutColour() {
        let green = mapped(.boosts, ElementLook(foreground: .index(2)), element: .boosts, depth: .none)
        #expect(green.dim && green.foreground == -1)
        let onBlue = mapped(.boosts, ElementLook(background: .index(4)), element: .boosts, depth: .none)
        #expect(onBlue.dim, "a background alone too")
    }

    @Test func attributesAndTheTerminalsOwnColours() {
        let look = ElementLook(underline: true, reverse: true)
        for depth in [ColorDepth.truecolor, .ansi256, .ansi16, .ansi8, .none] {
            let style = mapped(.link, look, element: .link, depth: depth)
            #expect(style.underline && style.reverse && style.foreground == -1 && style.background == -1, "\(depth)")
        }
    }

    /// Without a configuration, every element looks as it always did: the shipped dark theme
    /// is the old look, and the help's keys take the selection's colour on the status bar.
    @Test func theShippedThemesAtEachDepth() {
        let dark = StyleMapping.style(for: Style(.selection), depth: .ansi256, background: .dark)
        #expect(dark.foreground == 75 && dark.bold)
        let light = StyleMapping.style(for: Style(.selection), depth: .ansi256, background: .light)
        #expect(light.foreground == 25, "darker on a light background")
        let key = StyleMapping.style(
            for: Style(.helpKey), depth: .ansi256, background: .dark,
            theme: ColourTheme(overrides: [.selection: ElementLook(foreground: .index(200))]))
        #expect(key.foreground == 200 && key.background == 236 && key.bold)
        let basic = StyleMapping.style(for: Style(.boosts), depth: .ansi16, background: .light)
        #expect(basic.foreground == 1, "16 colours are the terminal's own, whatever its background")
        #expect(StyleMapping.style(for: Style(.time), depth: .none).dim)
    }
}
