import FeedCore
import Testing

@testable import FeedTerminal

/// Whole loading screens drawn on each rung of the colour ladder: on every rung the band
/// is visible and moves right at its speed.
@Suite struct LadderScreenTests {
    let size = TerminalSize(width: 80, height: 24)

    private func loadingFrame(at elapsed: Duration) -> ScreenBuffer {
        var state = AppState(source: "t", animation: .slide, size: size)
        _ = state.apply(.start)
        return FeedRenderer.render(state.advanced(to: elapsed))
    }

    /// How bright a skeleton cell looks on a rung, comparable within the rung.
    private func brightness(_ style: TerminalStyle, _ depth: ColorDepth) -> Int {
        switch depth {
        case .truecolor:
            return Int(max(style.background & 0xFF, style.glyph == nil ? 0 : style.foreground & 0xFF))
        case .ansi256:
            let colours = [style.background] + (style.glyph == nil ? [] : [style.foreground])
            return colours.map { Int(XtermPalette.rgb(Int($0)) & 0xFF) }.max()!
        case .ansi16:
            if style.background == 15 { return 4 }
            if style.background == 7 { return 3 }
            return style.glyph == "▒" ? 2 : style.glyph == "░" ? 1 : 0
        case .ansi8:
            if style.bold { return 4 }
            if style.background == 7 { return 3 }
            return style.glyph == "▒" ? 2 : style.dim ? 0 : 1
        case .none:
            return style.glyph == "▓" ? 2 : style.glyph == "▒" ? 1 : 0
        }
    }

    /// One mask line for a row: the brightness of each skeleton cell as a digit.
    private func brightnessLine(_ frame: ScreenBuffer, row: Int, _ depth: ColorDepth) -> [Int?] {
        (0..<frame.width).map { column in
            let cell = frame[row, column]
            guard cell.style.ink.isSkeleton else { return nil }
            return brightness(StyleMapping.style(for: cell.style, depth: depth, background: .dark), depth)
        }
    }

    /// The middle of the brightest cells on the row.
    private func bandCentre(_ line: [Int?]) -> Double {
        let peak = line.compactMap { $0 }.max()!
        let columns = line.indices.filter { line[$0] == peak }
        return Double(columns.reduce(0, +)) / Double(columns.count)
    }

    @Test(arguments: [ColorDepth.truecolor, .ansi256, .ansi16, .ansi8, .none])
    func theBandMovesAcrossTheScreen(depth: ColorDepth) {
        let first = loadingFrame(at: .milliseconds(500))
        let second = loadingFrame(at: .milliseconds(700))
        // A content line: a bar across the whole text width.
        let row = (0..<size.height).first { row in
            (10..<70).allSatisfy { first[row, $0].style.ink.isSkeleton }
        }!
        let before = brightnessLine(first, row: row, depth)
        let after = brightnessLine(second, row: row, depth)
        // The band stands out from the bars on this rung.
        #expect(Set(before.compactMap { $0 }).count >= 2)
        // 0.2 s at 60 cells a second: 12 cells to the right.
        let moved = bandCentre(after) - bandCentre(before)
        #expect(abs(moved - 12) <= 1.5, "moved \(moved)")
        // Away from the band the bars are their base shade on both frames.
        #expect(before[70] == after[10])
    }
}
