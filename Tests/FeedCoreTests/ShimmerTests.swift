import Testing

@testable import FeedCore

@Suite struct ShimmerTests {
    private let slide = Shimmer(style: .slide, screenWidth: 80)
    private let pulse = Shimmer(style: .pulse, screenWidth: 80)

    /// The column with the highest level at a time.
    private func brightestColumn(at elapsed: Duration) -> Int {
        (0..<80).max {
            slide.level(column: $0, element: 0, elapsed: elapsed)
                < slide.level(column: $1, element: 0, elapsed: elapsed)
        }!
    }

    @Test func theBandMovesRightAtTheConfiguredSpeed() {
        // At t the centre is at -halfWidth + speed * t.
        let t1 = 0.5
        let t2 = 1.0
        let c1 = brightestColumn(at: .milliseconds(500))
        let c2 = brightestColumn(at: .seconds(1))
        #expect(abs(Double(c1) + 0.5 - (-Shimmer.bandHalfWidth + Shimmer.slideSpeed * t1)) <= 1)
        #expect(abs(Double(c2 - c1) - Shimmer.slideSpeed * (t2 - t1)) <= 1)
    }

    @Test func theBandIsAtFullBrightnessAtItsCentreAndBaseOutside() {
        let elapsed = Duration.milliseconds(500)
        let centre = slide.bandCenter(at: 0.5)
        #expect(slide.level(column: Int(centre), element: 0, elapsed: elapsed) == Shimmer.maxLevel)
        #expect(slide.level(column: Int(centre + Shimmer.bandHalfWidth) + 1, element: 0, elapsed: elapsed) == 0)
        #expect(slide.level(column: Int(centre - Shimmer.bandHalfWidth) - 1, element: 0, elapsed: elapsed) == 0)
    }

    @Test func everyRowAndElementSharesTheBand() {
        for element in 0..<6 {
            #expect(
                slide.level(column: 20, element: element, elapsed: .milliseconds(400))
                    == slide.level(column: 20, element: 0, elapsed: .milliseconds(400)))
        }
    }

    @Test func theBandRestsOffScreenBetweenSweeps() {
        let sweep = (80 + 2 * Shimmer.bandHalfWidth) / Shimmer.slideSpeed
        let duringPause = Duration.milliseconds(Int((sweep + Shimmer.slidePause / 2) * 1000))
        #expect((0..<80).allSatisfy { slide.level(column: $0, element: 0, elapsed: duringPause) == 0 })
        let nextSweep = Duration.milliseconds(Int((sweep + Shimmer.slidePause + 0.2) * 1000))
        #expect((0..<80).contains { slide.level(column: $0, element: 0, elapsed: nextSweep) > 0 })
    }

    @Test func aWiderScreenTakesLongerAtTheSameSpeed() {
        let wide = Shimmer(style: .slide, screenWidth: 200)
        #expect(wide.bandCenter(at: 1.0) == slide.bandCenter(at: 1.0))
    }

    @Test func pulseGoesLightToDarkInOneAndAHalfSecondsAndBack() {
        #expect(pulse.level(column: 0, element: 0, elapsed: .zero) == Shimmer.maxLevel)
        #expect(pulse.level(column: 0, element: 0, elapsed: .milliseconds(1500)) == 0)
        #expect(pulse.level(column: 0, element: 0, elapsed: .milliseconds(3000)) == Shimmer.maxLevel)
        let middle = pulse.level(column: 0, element: 0, elapsed: .milliseconds(750))
        #expect(middle > 0 && middle < Shimmer.maxLevel)
    }

    @Test func pulseStaggersEachElementByPointTwoSeconds() {
        for element in 0..<5 {
            let start = Duration.milliseconds(200 * element)
            #expect(pulse.level(column: 0, element: element, elapsed: start + .milliseconds(1500)) == 0)
            #expect(
                pulse.level(column: 0, element: element, elapsed: start + .milliseconds(750))
                    == pulse.level(column: 0, element: 0, elapsed: .milliseconds(750)))
        }
        // Before its turn, an element waits at the light end.
        #expect(pulse.level(column: 0, element: 3, elapsed: .milliseconds(500)) == Shimmer.maxLevel)
    }

    @Test func noneIsStaticGrey() {
        let none = Shimmer(style: .none, screenWidth: 80)
        #expect(!none.isAnimated)
        #expect(
            none.level(column: 3, element: 2, elapsed: .seconds(1))
                == none.level(column: 50, element: 0, elapsed: .seconds(7)))
    }
}
