import FeedCore
import Glibc
import Testing

@testable import FeedTerminal

/// The skeleton's look on each rung of the colour ladder, level by level.
@Suite struct ColorLadderTests {
    private let levels = Array(0...Shimmer.maxLevel)

    private func skeleton(_ level: Int, _ depth: ColorDepth, _ background: TerminalBackground = .dark)
        -> TerminalStyle
    {
        StyleMapping.style(for: Style(.skeleton(level: level)), depth: depth, background: background)
    }

    private func grey(_ value: Int32) -> Int { Int(value & 0xFF) }

    /// The backend draws a style's glyph in a stretch of cells like a letter: so each is one
    /// character that stands alone, one cell wide.
    @Test func everyGlyphTheMappingDrawsIsOneNarrowCharacter() {
        var inks: [Ink] = levels.map { .skeleton(level: $0) } + [.skeletonSlot(0), .skeletonSlot(5)]
        for left in levels { inks += levels.filter { $0 != left }.map { .skeletonEdge(left: left, right: $0) } }
        var glyphs = 0
        for depth in [ColorDepth.truecolor, .ansi256, .ansi16, .ansi8, .none] {
            for background in TerminalBackground.allCases {
                for ink in inks {
                    guard let glyph = StyleMapping.style(for: Style(ink), depth: depth, background: background).glyph
                    else { continue }
                    glyphs += 1
                    #expect(
                        glyph.unicodeScalars.count == 1 && CellWidth.isNarrowStandalone(glyph.unicodeScalars.first!))
                }
            }
        }
        #expect(glyphs > 100)
    }

    /// The one blend of two colours, channel by channel, rounded.
    /// The unread mark stands out at every depth: in colour where there is colour, bold
    /// always, and without colour (NO_COLOR) the glyph alone marks the post.
    @Test func theUnreadMarkShowsOnEveryRung() {
        for depth in [ColorDepth.truecolor, .ansi256, .ansi16, .ansi8, .none] {
            let mark = StyleMapping.style(for: Style(.unread), depth: depth)
            let plain = StyleMapping.style(for: Style(.plain), depth: depth)
            #expect(mark.bold, "bold on \(depth)")
            #expect(mark.glyph == nil, "its own glyph is drawn: \(RowContent.unreadMark)")
            if depth == .none {
                #expect(mark.foreground == -1 && mark.background == -1, "no colour at all")
            } else {
                #expect(mark.foreground != plain.foreground, "a colour of its own on \(depth)")
            }
        }
    }

    @Test func theBlendGoesTheWayAskedChannelByChannel() {
        #expect(RGB.mix(0x000000, 0xFFFFFF, 0.5) == 0x808080)
        #expect(RGB.mix(0x102030, 0x506070, 0) == 0x102030 && RGB.mix(0x102030, 0x506070, 1) == 0x506070)
        #expect(RGB.mix(0xFF0000, 0x0000FF, 0.25) == 0xBF0040)
    }

    @Test func truecolorIsASmoothGradientOfExactGreys() {
        let backgrounds = levels.map { skeleton($0, .truecolor).background }
        #expect(backgrounds.allSatisfy { $0 >> 16 == $0 & 0xFF && ($0 >> 8) & 0xFF == $0 & 0xFF })
        let values = backgrounds.map(grey)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
        // Even steps: no two neighbours further apart than one more than the smallest step.
        let steps = zip(values, values.dropFirst()).map { $1 - $0 }
        #expect(steps.max()! - steps.min()! <= 1)
    }

    @Test func the256RungUsesEveryPaletteGreyInTheBandsRange() {
        let indices = levels.map { Int(skeleton($0, .ansi256).background) }
        let greyIndices = Set(XtermPalette.greys.map(\.index))
        #expect(indices.allSatisfy(greyIndices.contains))
        let values = indices.map { Int(XtermPalette.rgb($0) & 0xFF) }
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
        // Every palette grey between the bars' grey and the peak's is one of the levels.
        for background in TerminalBackground.allCases {
            let used = Set(levels.map { Int(skeleton($0, .ansi256, background).background) })
            let low = Int(background.skeletonGrey(level: 0) & 0xFF)
            let high = Int(background.skeletonGrey(level: Shimmer.maxLevel) & 0xFF)
            let inRange = XtermPalette.greys.filter { (low...high).contains($0.value) }.map(\.index)
            #expect(Set(inRange).isSubset(of: used), "\(background)")
            #expect(used.count >= 6)
        }
    }

    @Test func greysSuitTheBackground() {
        let dark = TerminalBackground.dark.skeletonGrey(level: 0) & 0xFF
        let light = TerminalBackground.light.skeletonGrey(level: 0) & 0xFF
        let middle = TerminalBackground.unknown.skeletonGrey(level: 0) & 0xFF
        #expect(dark < 0x50)
        #expect(light > 0xB0)
        #expect(dark < middle && middle < light)
        // On every background the band is lighter than the bars.
        for background in TerminalBackground.allCases {
            #expect(background.skeletonGrey(level: Shimmer.maxLevel) > background.skeletonGrey(level: 0))
        }
    }

    @Test func sixteenColoursUseBrightBlackWhiteAndBrightWhite() {
        let styles = levels.map { skeleton($0, .ansi16) }
        let colours = Set(styles.flatMap { [$0.foreground, $0.background] }).subtracting([-1])
        #expect(colours == [7, 8, 15])
        #expect(styles.first?.background == 8)
        #expect(styles.last?.background == 15)
        #expect(Set(styles).count >= 4)
    }

    @Test func eightColoursUseWhiteWithDimAndBold() {
        let styles = levels.map { skeleton($0, .ansi8) }
        let colours = Set(styles.flatMap { [$0.foreground, $0.background] }).subtracting([-1])
        #expect(colours == [7])
        #expect(styles.first?.dim == true)
        #expect(styles.last?.bold == true)
        #expect(Set(styles).count >= 4)
    }

    @Test func withoutColourTheSkeletonIsShadeGlyphsAlone() {
        let styles = levels.map { skeleton($0, .none) }
        #expect(styles.allSatisfy { $0.foreground == -1 && $0.background == -1 })
        #expect(styles.first?.glyph == "░")
        #expect(styles.last?.glyph == "▓")
        #expect(Set(styles.map(\.glyph)).count == 3)
    }

    @Test func aBandEdgeSplitsTheCellWithAHalfBlock() {
        for depth in [ColorDepth.truecolor, .ansi256] {
            let edge = StyleMapping.style(for: Style(.skeletonEdge(left: 2, right: 6)), depth: depth)
            #expect(edge.glyph == "▌")
            #expect(edge.foreground == skeleton(2, depth, .unknown).background)
            #expect(edge.background == skeleton(6, depth, .unknown).background)
        }
        // Without split colours an edge cell takes the mean of its halves.
        let basic = StyleMapping.style(for: Style(.skeletonEdge(left: 2, right: 6)), depth: .ansi16)
        #expect(basic == skeleton(4, .ansi16))
    }

    @Test func theCrossFadeMovesFromSkeletonGreyToTheRealColours() {
        let base = Int32(TerminalBackground.dark.skeletonGrey(level: 0))
        let steps = (0...CrossFade.steps).map {
            StyleMapping.style(for: Style(.avatar(color: 0), fade: $0), depth: .truecolor, background: .dark)
        }
        // Fully faded in: the avatar's own colours. Just in: near the bars' grey, not on it.
        #expect(steps[0] == StyleMapping.style(for: Style(.avatar(color: 0)), depth: .truecolor))
        #expect(steps[CrossFade.steps].background != base && steps[CrossFade.steps].foreground != base)
        // Each step moves the background further from the grey.
        let target = steps[0].background
        let distances = steps.map { abs(Int($0.background & 0xFF) - Int(target & 0xFF)) }
        #expect(zip(distances, distances.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(Set(steps).count == steps.count)
        // 256 colours fade too, through palette entries; 16 and below swap at once.
        let faded256 = StyleMapping.style(for: Style(.plain, fade: 3), depth: .ansi256, background: .dark)
        #expect(faded256.background >= 16 && faded256.background <= 255)
        #expect(
            StyleMapping.style(for: Style(.title, fade: 3), depth: .ansi16)
                == StyleMapping.style(
                    for: Style(.title), depth: .ansi16))
    }

    /// The first frame after the posts came reads: text and its ground at least 4:1 apart on
    /// either background (WCAG asks 3 of large text, 4.5 of body text), the hints 2.5:1.
    @Test func theCrossFadesFirstFrameIsReadable() {
        func luminance(_ rgb: Int32) -> Double {
            let channels = [(rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF].map { (value: Int32) -> Double in
                let c = Double(Int(value)) / 255
                return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
        }
        for background in [TerminalBackground.dark, .light] {
            for ink in [Ink.plain, .title, .name, .muted] {
                let first = StyleMapping.style(
                    for: Style(ink, fade: CrossFade.steps), depth: .truecolor, background: background)
                let (a, b) = (luminance(first.foreground), luminance(first.background))
                let contrast = (max(a, b) + 0.05) / (min(a, b) + 0.05)
                // The hint's grey is soft by design: half its own contrast, about.
                #expect(contrast >= (ink == .muted ? 2.5 : 4), "\(ink) on \(background): \(contrast)")
            }
        }
    }

    @Test func theCrossFadeEndsAtTheBackgroundTheTerminalReported() {
        let reported: UInt32 = 0x282C34
        let grey = TerminalBackground.dark.skeletonGrey(level: 0)
        let amount = CrossFade.mix(at: 1)
        let lastStep = StyleMapping.style(
            for: Style(.plain, fade: 1), depth: .truecolor, background: .dark, defaultBackground: reported)
        #expect(lastStep.background == Int32(RGB.mix(reported, grey, amount)))
        // Without a report, black is assumed on a dark background.
        let assumed = StyleMapping.style(for: Style(.plain, fade: 1), depth: .truecolor, background: .dark)
        #expect(assumed.background == Int32(RGB.mix(0x000000, grey, amount)))
    }

    /// A count in flight (a fading count) never looks confirmed, at any depth: with grey to
    /// fade through, its colours move; without, it is dim (and reversed without colour).
    @Test func aCountInFlightNeverLooksConfirmed() {
        for depth in [ColorDepth.truecolor, .ansi256, .ansi16, .ansi8, .none] {
            for ink in [Ink.liked, .likes] {
                let confirmed = StyleMapping.style(for: Style(ink), depth: depth, background: .dark)
                for fade in 1..<CrossFade.steps {
                    let pending = StyleMapping.style(for: Style(ink, fade: fade), depth: depth, background: .dark)
                    #expect(pending != confirmed, "\(ink) at \(depth), step \(fade)")
                }
            }
        }
        #expect(StyleMapping.style(for: Style(.liked, fade: 2), depth: .none).reverse)
    }

    @Test func paletteEntriesAreOnlyUsedByTheSkeleton() {
        let inks: [Ink] =
            [.plain, .muted, .name, .title, .likes, .liked, .selection, .statusBar, .error, .help, .helpKey]
            + (0..<Avatar.colorCount).map { .avatar(color: $0) }
            + levels.map { .skeleton(level: $0) }
        for ink in inks {
            for fade in 0...CrossFade.steps {
                for background in TerminalBackground.allCases {
                    let style = StyleMapping.style(for: Style(ink, fade: fade), depth: .ansi256, background: background)
                    #expect(!StyleMapping.paletteEntries.contains(style.foreground))
                    #expect(!StyleMapping.paletteEntries.contains(style.background))
                }
            }
        }
        let slots = (0..<PaletteShimmer.slotCount).map {
            StyleMapping.style(for: Style(.skeletonSlot($0)), depth: .ansi256).background
        }
        #expect(slots == StyleMapping.paletteEntries)
    }

    @Test func avatarsGetDistinctBackgrounds() {
        for depth in [ColorDepth.truecolor, .ansi256] {
            let colours = (0..<Avatar.colorCount).map {
                StyleMapping.style(for: Style(.avatar(color: $0)), depth: depth).background
            }
            #expect(Set(colours).count == Avatar.colorCount)
        }
        // Eight colours hold six that white initials read on (not black, not white): the
        // first six avatars get each of them, and only then do colours repeat.
        for depth in [ColorDepth.ansi16, .ansi8] {
            let colours = (0..<Avatar.colorCount).map {
                StyleMapping.style(for: Style(.avatar(color: $0)), depth: depth).background
            }
            #expect(Set(colours.prefix(6)) == Set(1...6), "\(depth): \(colours)")
        }
    }

    @Test func plainTextUsesTheTerminalsOwnColours() {
        for depth in [ColorDepth.truecolor, .ansi256, .ansi16, .ansi8, .none] {
            let plain = StyleMapping.style(for: .plain, depth: depth)
            #expect(plain.foreground == -1 && plain.background == -1 && !plain.bold)
        }
    }
}

/// Which rung a terminal gets, from its terminfo entry, COLORTERM, NO_COLOR and --color.
@Suite struct ColorDetectionTests {
    @Test func theTerminfoEntryDecidesWhatIsAvailable() {
        #expect(ColorDepth.detect(colors: 1 << 24, hasColors: true, environment: [:]) == .truecolor)
        #expect(ColorDepth.detect(colors: 256, hasColors: true, environment: [:]) == .ansi256)
        #expect(ColorDepth.detect(colors: 16, hasColors: true, environment: [:]) == .ansi16)
        #expect(ColorDepth.detect(colors: 8, hasColors: true, environment: [:]) == .ansi8)
        #expect(ColorDepth.detect(colors: 0, hasColors: false, environment: [:]) == .none)
    }

    @Test func noColorMeansNoneUnlessEmpty() {
        #expect(ColorDepth.detect(colors: 1 << 24, hasColors: true, environment: ["NO_COLOR": "1"]) == .none)
        #expect(ColorDepth.detect(colors: 256, hasColors: true, environment: ["NO_COLOR": ""]) == .ansi256)
    }

    @Test func anExplicitChoiceWinsOverNoColorButNeverAsksForMoreThanTheTerminalHas() {
        let noColor = ["NO_COLOR": "1"]
        #expect(ColorDepth.detect(colors: 256, hasColors: true, environment: noColor, requested: .ansi256) == .ansi256)
        #expect(ColorDepth.detect(colors: 256, hasColors: true, environment: [:], requested: .ansi16) == .ansi16)
        #expect(ColorDepth.detect(colors: 256, hasColors: true, environment: [:], requested: .truecolor) == .ansi256)
        #expect(ColorDepth.detect(colors: 256, hasColors: true, environment: [:], requested: .none) == .none)
        #expect(ColorDepth.detect(colors: 8, hasColors: true, environment: [:], requested: .ansi256) == .ansi8)
        #expect(ColorDepth.detect(colors: 0, hasColors: false, environment: [:], requested: .ansi16) == .none)
        // A direct-colour terminal draws any look, in RGB.
        #expect(ColorDepth.detect(colors: 1 << 24, hasColors: true, environment: [:], requested: .ansi256) == .ansi256)
    }

    @Test func colortermPicksTheDirectColourEntryOfTheSameFamily() {
        func direct(_ environment: [String: String], _ requested: ColorChoice = .auto) -> String? {
            ColorDepth.directColorTerm(environment: environment, requested: requested)
        }
        #expect(direct(["TERM": "xterm-256color", "COLORTERM": "truecolor"]) == "xterm-direct")
        #expect(direct(["TERM": "tmux-256color", "COLORTERM": "24bit"]) == "tmux-direct")
        #expect(direct(["TERM": "xterm-direct", "COLORTERM": "truecolor"]) == nil)
        #expect(direct(["TERM": "xterm-256color"]) == nil)
        #expect(direct(["TERM": "xterm-256color", "COLORTERM": "yes"]) == nil)
        #expect(direct(["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"]) == nil)
        #expect(direct(["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"], .truecolor) != nil)
        #expect(direct(["TERM": "xterm-256color", "COLORTERM": "truecolor"], .ansi256) == nil)
    }

    @Test func theBackgroundComesFromColorfgbgOrTheOption() {
        #expect(TerminalBackground.detect(environment: ["COLORFGBG": "15;0"]) == .dark)
        #expect(TerminalBackground.detect(environment: ["COLORFGBG": "0;15"]) == .light)
        #expect(TerminalBackground.detect(environment: ["COLORFGBG": "12;default;8"]) == .dark)
        #expect(TerminalBackground.detect(environment: ["COLORFGBG": "0;7"]) == .light)
        #expect(TerminalBackground.detect(environment: ["COLORFGBG": "nonsense"]) == .unknown)
        #expect(TerminalBackground.detect(environment: [:]) == .unknown)
        #expect(TerminalBackground.detect(environment: ["COLORFGBG": "15;0"], requested: .light) == .light)
    }
}
