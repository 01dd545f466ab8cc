import Foundation
import TestSupport
import Testing

@testable import FeedCore

@Suite struct RenderTests {
    static func fixtureFeed() throws -> Feed {
        try FeedDocumentDecoder.decode(Fixtures.data("small-feed.json"))
    }

    static func loadingState(size: TerminalSize, animation: AnimationStyle = .slide) -> AppState {
        var state = AppState(source: "small-feed.json", animation: animation, size: size)
        _ = state.apply(.start)
        return state
    }

    static func loadedState(size: TerminalSize, animation: AnimationStyle = .slide) throws -> AppState {
        var state = loadingState(size: size, animation: animation)
        // Before the skeleton's show delay: no fade.
        _ = state.apply(.loaded(try fixtureFeed(), generation: 1, at: Fixtures.referenceDate), at: .milliseconds(12))
        return state
    }

    // MARK: whole screens

    @Test(arguments: [TerminalSize(width: 80, height: 24), TerminalSize(width: 40, height: 12)])
    func loadingJustAfterTheShowDelay(size: TerminalSize) throws {
        let frame = FeedRenderer.render(Self.loadingState(size: size).advanced(to: SkeletonTiming.showDelay))
        try Snapshot.assertMatches(frame, named: "loading-t150ms-\(size)")
    }

    @Test(arguments: [TerminalSize(width: 80, height: 24), TerminalSize(width: 40, height: 12)])
    func loadingAtHalfASecond(size: TerminalSize) throws {
        let frame = FeedRenderer.render(Self.loadingState(size: size).advanced(to: .milliseconds(500)))
        try Snapshot.assertMatches(frame, named: "loading-t500ms-\(size)")
    }

    @Test(arguments: [TerminalSize(width: 80, height: 24), TerminalSize(width: 40, height: 12)])
    func loaded(size: TerminalSize) throws {
        let frame = FeedRenderer.render(try Self.loadedState(size: size).advanced(to: .seconds(3)))
        try Snapshot.assertMatches(frame, named: "loaded-\(size)")
    }

    @Test func aFailedLoadShowsTheErrorInPlaceOfTheRows() throws {
        let size = TerminalSize(width: 60, height: 10)
        var state = Self.loadingState(size: size)
        _ = state.apply(.failed(Failure.notFound(path: "missing.json")))
        try Snapshot.assertMatches(FeedRenderer.render(state.advanced(to: .zero)), named: "error-60x10")
    }

    // MARK: properties of frames

    @Test func theSkeletonWaitsForTheShowDelayAndAReloadKeepsItsRowsMeanwhile() throws {
        let size = TerminalSize(width: 80, height: 24)
        let early = FeedRenderer.render(Self.loadingState(size: size).advanced(to: .milliseconds(149)))
        #expect(!early.styleMask.dropLast().contains { $0.contains { ("a"..."m").contains($0) } })
        #expect(early.lines.last?.contains("Loading…") == true)
        var state = try Self.loadedState(size: size)
        _ = state.apply(.key(.character("r")), at: .seconds(1))
        let reloading = FeedRenderer.render(state.advanced(to: .milliseconds(1100)))
        #expect(reloading.lines.contains { $0.contains("Ada Park") })
        #expect(reloading.lines.last?.contains("Loading…") == true)
        let skeleton = FeedRenderer.render(state.advanced(to: .milliseconds(1150)))
        #expect(!skeleton.lines.contains { $0.contains("Ada Park") })
    }

    @Test func theSkeletonMovesOverTime() {
        let size = TerminalSize(width: 80, height: 24)
        let state = Self.loadingState(size: size)
        let early = FeedRenderer.render(state.advanced(to: .milliseconds(200)))
        let later = FeedRenderer.render(state.advanced(to: .milliseconds(600)))
        #expect(early.lines == later.lines, "the shapes stay put")
        #expect(early.styleMask != later.styleMask, "the shades move")
    }

    @Test func aFirstLoadFillsTheScreenWithSkeletonRows() {
        let size = TerminalSize(width: 80, height: 40)
        let frame = FeedRenderer.render(Self.loadingState(size: size).advanced(to: .milliseconds(300)))
        let rowsWithSkeleton = frame.styleMask.dropLast().filter { $0.contains { $0.isLowercase } }
        #expect(rowsWithSkeleton.count > 25)
        // The last rows area line before the status bar is reached by some row.
        let lastSkeletonRow = frame.styleMask.dropLast().lastIndex { $0.contains { ("a"..."m").contains($0) } } ?? 0
        #expect(lastSkeletonRow >= 36)
    }

    @Test func theReloadSkeletonHasTheRealRowsGeometry() throws {
        let size = TerminalSize(width: 80, height: 24)
        var state = try Self.loadedState(size: size)
        let real = FeedRenderer.render(state.advanced(to: .zero))
        _ = state.apply(.key(.character("r")))
        let skeleton = FeedRenderer.render(state.advanced(to: .milliseconds(300)))
        for row in 0..<(size.height - 1) {
            let bars = (0..<size.width).filter {
                skeleton[row, $0].style.ink.isSkeleton
            }
            // A cell is drawn when it holds text or a style other than plain (avatar blocks).
            // The selection bar is a mark of the loaded view, not part of any row.
            let drawn = (0..<size.width).filter { real[row, $0] != .blank && real[row, $0].style.ink != .selection }
            // Every drawn cell lies under a bar, and every bar starts and ends on one:
            // the spaces between words are the only cells a bar covers that text leaves.
            #expect(Set(drawn).isSubset(of: Set(bars)), "row \(row)")
            for run in runs(bars) {
                #expect(drawn.contains(run.lowerBound) && drawn.contains(run.upperBound), "row \(row) bar \(run)")
            }
        }
    }

    private func runs(_ columns: [Int]) -> [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        for column in columns {
            if let last = result.last, last.upperBound == column - 1 {
                result[result.count - 1] = last.lowerBound...column
            } else {
                result.append(column...column)
            }
        }
        return result
    }

    @Test func statusLineSaysWhatIsHappening() throws {
        let size = TerminalSize(width: 80, height: 24)
        let loading = FeedRenderer.render(Self.loadingState(size: size).advanced(to: .zero))
        #expect(loading.lines.last?.hasPrefix(" Loading… · small-feed.json") == true)
        let loaded = FeedRenderer.render(try Self.loadedState(size: size).advanced(to: .zero))
        #expect(loaded.lines.last?.hasPrefix(" 3 posts · loaded in 12 ms · small-feed.json") == true)
        #expect(loaded.lines.last?.hasSuffix("r reload · q quit ") == true)
    }
}

/// The cross-fade and the palette skeleton, as whole frames.
@Suite struct ShimmerScreenTests {
    let size = TerminalSize(width: 80, height: 24)

    /// Rows that replaced a skeleton shown since 0.15 s, at 2 s: they fade from then.
    private func fadingState(animation: AnimationStyle = .slide) throws -> AppState {
        var state = RenderTests.loadingState(size: size, animation: animation)
        _ = state.apply(.tick, at: .milliseconds(200))
        _ = state.apply(
            .loaded(try RenderTests.fixtureFeed(), generation: 1, at: .now),
            at: .seconds(2))
        return state
    }

    @Test func rowsFadeInFromTheSkeletonOverAQuarterSecond() throws {
        let state = try fadingState()
        #expect(state.fadeStart == .seconds(2))
        let settled = FeedRenderer.render(state.advanced(to: .seconds(2) + CrossFade.duration))
        let early = FeedRenderer.render(state.advanced(to: .seconds(2) + .milliseconds(20)))
        let late = FeedRenderer.render(state.advanced(to: .seconds(2) + .milliseconds(200)))
        // The same text throughout: only the styles fade.
        #expect(early.lines == settled.lines && late.lines == settled.lines)
        let fades = { (frame: ScreenBuffer) in Set(frame.cells.map(\.style.fade)) }
        #expect(fades(early).max() == CrossFade.steps)
        #expect(fades(late).max()! < CrossFade.steps && fades(late).max()! > 0)
        #expect(fades(settled) == [0])
        // The cells that fade are the skeleton's: a reload shows bars on exactly those.
        var reloading = state
        _ = reloading.apply(.key(.character("r")))
        let skeleton = FeedRenderer.render(reloading.advanced(to: .seconds(2) + .milliseconds(300)))
        let faded = early.cells.indices.filter { early.cells[$0].style.fade > 0 }
        let barred = skeleton.cells.indices.filter { skeleton.cells[$0].style.ink.isSkeleton }
        #expect(faded == barred)
        // The whole name bar fades, the space between the words included.
        #expect(early.styleMask[0].contains("~~~~~~~~"))
    }

    @Test func reducedMotionHasNoCrossFade() throws {
        let state = try fadingState(animation: .calm)
        #expect(state.fadeStart == nil)
        let frame = FeedRenderer.render(state.advanced(to: .seconds(2) + .milliseconds(20)))
        #expect(frame.cells.allSatisfy { $0.style.fade == 0 })
    }

    @Test func thePaletteSkeletonAnimatesTheEntriesNotTheCells() {
        var options = ViewerOptions(source: "t")
        options.paletteSkeleton = true
        var state = AppState(options: options, size: size)
        _ = state.apply(.start)
        let first = FeedRenderer.render(state.advanced(to: .milliseconds(400)))
        let second = FeedRenderer.render(state.advanced(to: .milliseconds(900)))
        #expect(first.cells == second.cells)
        #expect(first.paletteLevels != second.paletteLevels)
        #expect(first.paletteLevels.count == PaletteShimmer.slotCount)
        #expect(first.cells.contains { $0.style.ink == .skeletonSlot(0) })
        #expect(!first.cells.contains { if case .skeleton = $0.style.ink { true } else { false } })
        // Once loaded, no palette levels: the entries are left as they are.
        var loaded = state
        _ = loaded.apply(.loaded(Feed(posts: []), generation: 1, at: .now))
        #expect(FeedRenderer.render(loaded.advanced(to: .seconds(2))).paletteLevels.isEmpty)
    }
}

/// Frames whose every level is pinned by a snapshot: where the band's edges meet the bars,
/// and the cross-fade half way.
@Suite struct LevelSnapshotTests {
    let size = TerminalSize(width: 80, height: 24)

    @Test func theBandsEdgesAtAFrameOfTheSweep() throws {
        // The first frame after the show delay in which the band's edges are half cells.
        let state = RenderTests.loadingState(size: size)
        let frame = try #require(
            stride(from: 150, to: 2000, by: 10).lazy.map {
                FeedRenderer.render(state.advanced(to: .milliseconds($0)))
            }.first { $0.cells.contains { if case .skeletonEdge = $0.style.ink { true } else { false } } })
        try Snapshot.assertMatches(frame, named: "band-edges-80x24")
    }

    @Test func theCrossFadeHalfWay() throws {
        var state = RenderTests.loadingState(size: size)
        _ = state.apply(.tick, at: .milliseconds(200))
        _ = state.apply(
            .loaded(try RenderTests.fixtureFeed(), generation: 1, at: Fixtures.referenceDate), at: .seconds(1))
        let frame = FeedRenderer.render(state.advanced(to: .seconds(1) + .milliseconds(120)))
        try Snapshot.assertMatches(frame, named: "cross-fade-80x24")
    }
}
