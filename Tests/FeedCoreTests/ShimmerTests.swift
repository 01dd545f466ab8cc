import Testing

@testable import FeedCore

@Suite struct ShimmerTests {
    /// The band's shade takes its halves only near its ends; everywhere it is what the
    /// levels of the cell's quarters and middle say.
    @Test func aCellIsSplitExactlyWhereOneHalfIsUnlit() {
        let shimmer = Shimmer(style: .slide, screenWidth: 200)
        var mismatches: [String] = []
        for step in 0..<400 {
            let band = shimmer.band(row: 0, elapsed: .milliseconds(step * 7))
            for column in band.columns {
                let middle = Double(column) + 0.5
                let left = Shimmer.slideLevel(at: middle - 0.25, centre: band.centre)
                let right = Shimmer.slideLevel(at: middle + 0.25, centre: band.centre)
                let whole = Shimmer.slideLevel(at: middle, centre: band.centre)
                let expected =
                    left == 0 || right == 0
                    ? Shimmer.CellShade(left: left, right: right) : Shimmer.CellShade(left: whole, right: whole)
                if band.shade(column: column) != expected { mismatches.append("column \(column) at \(step * 7) ms") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

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
        #expect(abs(Double(c1) + 0.5 - (-Shimmer.bandHalfWidth + Shimmer.defaultSpeed * t1)) <= 1)
        #expect(abs(Double(c2 - c1) - Shimmer.defaultSpeed * (t2 - t1)) <= 1)
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
        let sweep = (80 + 2 * Shimmer.bandHalfWidth) / Shimmer.defaultSpeed
        let duringPause = Duration.milliseconds(Int((sweep + Shimmer.defaultPause / 2) * 1000))
        #expect((0..<80).allSatisfy { slide.level(column: $0, element: 0, elapsed: duringPause) == 0 })
        let nextSweep = Duration.milliseconds(Int((sweep + Shimmer.defaultPause + 0.2) * 1000))
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

    @Test func calmBreathesWellUnderOnceASecond() {
        let calm = Shimmer(style: .calm, screenWidth: 80)
        #expect(calm.isAnimated)
        var changes = 0
        var previous = calm.level(column: 0, element: 0, elapsed: .zero)
        for step in 1...(16 * 100) {  // 16 s in 10 ms steps
            let level = calm.level(column: step % 80, element: step % 7, elapsed: .milliseconds(step * 10))
            if level != previous { changes += 1 }
            previous = level
        }
        #expect(changes > 0 && changes <= 6, "\(changes) changes in 16 s")
        #expect(Set((0..<80).map { calm.level(column: $0, element: $0 % 5, elapsed: .seconds(3)) }).count == 1)
    }

    @Test func speedAndPauseAreSettings() {
        let slow = Shimmer(style: .slide, screenWidth: 80, speed: 20, pause: 2)
        #expect(slow.bandCenter(at: 1) == -Shimmer.bandHalfWidth + 20)
        let sweep = (80 + 2 * Shimmer.bandHalfWidth) / 20
        #expect(slow.bandCenter(at: sweep + 1) == slow.bandCenter(at: sweep), "resting between sweeps")
        #expect(slow.bandCenter(at: sweep + 2 + 0.5) == -Shimmer.bandHalfWidth + 10)
    }

    @Test(arguments: [(0, 0), (100, 100), (149, 149), (150, 550), (300, 550), (549, 550), (550, 550), (900, 900)])
    func aResultShowsAtOnceOrAfterTheSkeletonsMinimumTime(arrival: Int, reveal: Int) {
        #expect(SkeletonTiming.reveal(arrivedAt: .milliseconds(arrival)) == .milliseconds(reveal))
        #expect(SkeletonTiming.showsSkeleton(at: .milliseconds(arrival)) == (arrival >= 150))
    }
}
