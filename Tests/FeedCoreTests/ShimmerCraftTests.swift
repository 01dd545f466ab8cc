import Testing

@testable import FeedCore

/// Sub-cell edges, tilt, the cross-fade and the palette pulse, as functions of time.
@Suite struct ShimmerCraftTests {
    private let slide = Shimmer(style: .slide, screenWidth: 80)

    /// The band's profile on a row in half cells: left and right half of every cell.
    private func halves(_ shimmer: Shimmer, row: Int = 0, at elapsed: Duration) -> [Int] {
        (0..<80).flatMap {
            let shade = shimmer.shade(column: $0, row: row, element: 0, elapsed: elapsed)
            return [shade.left, shade.right]
        }
    }

    @Test func theBandsEdgesMoveInHalfCellSteps() {
        // Half a cell of travel at 60 cells per second.
        let halfCell = Duration.seconds(0.5 / Shimmer.defaultSpeed)
        var start = Duration.milliseconds(400)
        for _ in 0..<6 {
            let before = halves(slide, at: start)
            let after = halves(slide, at: start + halfCell)
            // Where the band meets the bars, on either side, is one half cell further right.
            let first = { (profile: [Int]) in profile.firstIndex { $0 > 0 }! }
            let last = { (profile: [Int]) in profile.lastIndex { $0 > 0 }! }
            #expect(first(after) == first(before) + 1)
            #expect(last(after) == last(before) + 1)
            start += halfCell
        }
    }

    @Test func edgesAreCellsWhoseHalvesDiffer() {
        var edgesSeen = 0
        for milliseconds in stride(from: 400, through: 600, by: 7) {
            let elapsed = Duration.milliseconds(milliseconds)
            let shades = (0..<80).map { slide.shade(column: $0, element: 0, elapsed: elapsed) }
            let edges = shades.indices.filter { shades[$0].isEdge }
            edgesSeen += edges.count
            // An edge is where the band meets the bars: one half at the base, rising on the
            // band's left side and falling on its right.
            let centre = slide.bandCenter(at: elapsed.seconds)
            #expect(edges.allSatisfy { shades[$0].left == 0 || shades[$0].right == 0 })
            #expect(edges.allSatisfy { (Double($0) < centre) == (shades[$0].left < shades[$0].right) })
            #expect(edges.count <= 2)
            // Outside the band a cell is one level, the base.
            #expect(shades[0] == Shimmer.CellShade(left: 0, right: 0))
        }
        #expect(edgesSeen > 0)
        // The other styles never split a cell.
        let pulse = Shimmer(style: .pulse, screenWidth: 80)
        #expect((0..<80).allSatisfy { !pulse.shade(column: $0, element: 1, elapsed: .milliseconds(500)).isEdge })
    }

    @Test func outsideTheBandsColumnsEveryCellIsAtTheBase() {
        let tilted = Shimmer(style: .slide, screenWidth: 80, screenHeight: 20, tilt: 1.5)
        for milliseconds in stride(from: 0, through: 3000, by: 37) {
            let elapsed = Duration.milliseconds(milliseconds)
            for row in [0, 7, 19] {
                let band = tilted.band(row: row, elapsed: elapsed).columns
                for column in 0..<80 where !band.contains(column) {
                    #expect(tilted.shade(column: column, row: row, element: 0, elapsed: elapsed).left == 0)
                    #expect(tilted.shade(column: column, row: row, element: 0, elapsed: elapsed).right == 0)
                }
                #expect(band.count <= Int(2 * Shimmer.bandHalfWidth) + 3)
            }
        }
    }

    @Test func aTiltMakesEachRowTrailTheOneAbove() {
        let tilted = Shimmer(style: .slide, screenWidth: 80, screenHeight: 20, tilt: 2)
        #expect(tilted.bandCenter(at: 0.8, row: 5) == tilted.bandCenter(at: 0.8, row: 0) - 10)
        // The bottom row's band still crosses the whole width before the pause.
        let sweep = (80 + 2 * Shimmer.bandHalfWidth + 2 * 19) / Shimmer.defaultSpeed
        #expect(tilted.bandCenter(at: sweep - 0.001, row: 19) > 80 + Shimmer.bandHalfWidth - 1)
        // Without a tilt every row is the same.
        #expect(slide.bandCenter(at: 0.8, row: 5) == slide.bandCenter(at: 0.8, row: 0))
    }

    @Test func aTiltedBandIsDrawnWhereEachRowsBandIs() {
        var options = ViewerOptions(source: "t")
        options.shimmerTilt = 2
        var state = AppState(options: options, size: TerminalSize(width: 80, height: 24))
        _ = state.apply(.start)
        let instant = Duration.milliseconds(800)
        let frame = FeedRenderer.render(state.advanced(to: instant))
        _ = state.apply(.tick, at: instant)
        var shimmer = state.shimmer
        (shimmer.screenWidth, shimmer.screenHeight) = (80, 23)
        var litRows = 0
        for row in 0..<23 {
            let lit = (0..<80).filter { (frame[row, $0].style.ink.skeletonLevel ?? 0) > 0 }
            let band = shimmer.band(row: row, elapsed: state.animationTime(at: instant)).columns
            // Every row's lit cells lie in its own band, two cells behind the row above's.
            #expect(lit.allSatisfy(band.contains), "row \(row)")
            if !lit.isEmpty { litRows += 1 }
        }
        #expect(litRows >= 10)
    }

    @Test func theCrossFadeStepsDownOverAQuarterSecond() {
        let amounts = stride(from: 0, through: 300, by: 10).map { CrossFade.remaining(after: .milliseconds($0)) }
        #expect(amounts.first == CrossFade.steps)
        #expect(zip(amounts, amounts.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(CrossFade.remaining(after: .milliseconds(249)) >= 1)
        #expect(CrossFade.remaining(after: .milliseconds(250)) == 0)
        #expect(Set(amounts) == Set(0...CrossFade.steps))
        #expect(CrossFade.applies(to: .slide) && CrossFade.applies(to: .pulse))
        #expect(!CrossFade.applies(to: .calm) && !CrossFade.applies(to: .none))
    }

    @Test func thePalettePulseGivesEachSlotItsElementsLevel() {
        let pulse = Shimmer(style: .pulse, screenWidth: 80)
        for milliseconds in [0, 300, 900, 2100] {
            let elapsed = Duration.milliseconds(milliseconds)
            let levels = PaletteShimmer.levels(slide, elapsed: elapsed)
            #expect(levels.count == PaletteShimmer.slotCount)
            // The element's pulse level, to within the palette's step.
            for (slot, level) in levels.enumerated() {
                let exact = pulse.level(column: 0, element: slot, elapsed: elapsed)
                #expect(level <= exact && exact - level < PaletteShimmer.levelStep)
            }
        }
        // Over a whole pulse: from the darkest to the lightest, in a handful of greys, so
        // that redefining them costs few bytes.
        let period = stride(from: 0, to: 3000, by: 10).flatMap {
            PaletteShimmer.levels(slide, elapsed: .milliseconds($0))
        }
        #expect(period.min() == 0 && period.max() == Shimmer.maxLevel)
        #expect(Set(period).count == Shimmer.maxLevel / PaletteShimmer.levelStep + 1)
        #expect(PaletteShimmer.slot(for: 0) == 0)
        #expect(PaletteShimmer.slot(for: 99) == PaletteShimmer.slotCount - 1)
        let calm = Shimmer(style: .calm, screenWidth: 80)
        #expect(Set(PaletteShimmer.levels(calm, elapsed: .seconds(3))).count == 1)
    }
}
