import Foundation
import TestSupport
import Testing

@testable import FeedCore

/// Whole screens of the viewer: mixed scripts, the help overlay, the too-small screen,
/// hostile posts.
@Suite struct ViewerRenderTests {
    static func loaded(fixture: String, size: TerminalSize) throws -> AppState {
        let feed = try FeedDocumentDecoder.decode(Fixtures.data(fixture))
        return NavigationTests.loaded(feed, size: size)
    }

    @Test(arguments: [TerminalSize(width: 80, height: 30), TerminalSize(width: 44, height: 30)])
    func likesStayAlignedWhateverTheScript(size: TerminalSize) throws {
        let state = try Self.loaded(fixture: "mixed-scripts.json", size: size)
        let frame = FeedRenderer.render(state.advanced(to: .zero))
        let likesEnds = frame.styleMask.dropLast().compactMap { mask -> Int? in
            guard let last = mask.lastIndex(of: "L") else { return nil }
            return mask.distance(from: mask.startIndex, to: last)
        }
        #expect(likesEnds.count == 5)
        #expect(Set(likesEnds) == [size.width - 1 - RowGeometry.rightMargin])
        // No line is wider than the screen, counted in cells.
        for line in frame.lines { #expect(CellWidth.of(line) == size.width) }
        try Snapshot.assertMatches(frame, named: "mixed-scripts-\(size)")
    }

    @Test func theHelpOverlayListsEveryKey() throws {
        let size = TerminalSize(width: 80, height: 24)
        var state = NavigationTests.loaded(size: size)
        _ = state.apply(.key(.character("?")))
        let frame = FeedRenderer.render(state.advanced(to: .zero))
        let text = frame.lines.joined(separator: "\n")
        for key in ["j ↓  k ↑", "Enter", "like, boost, bookmark", "q Esc Ctrl-C", "wheel scrolls"] {
            #expect(text.contains(key))
        }
        try Snapshot.assertMatches(frame, named: "help-80x24")
    }

    /// With notices, they go under the keys, down to the box's bottom edge, and no key's
    /// line is written over.
    @Test func theHelpsNoticesComeUnderTheKeys() throws {
        let size = TerminalSize(width: 80, height: 24)
        var state = NavigationTests.loaded(size: size)
        _ = state.apply(.notice("Copied https://example.org/0 (OSC 52)"))
        _ = state.apply(.key(.character("?")))
        let lines = FeedRenderer.render(state.advanced(to: .zero)).lines
        let heading = try #require(lines.firstIndex { $0.contains("│ Notices") })
        let bottom = try #require(lines.firstIndex { $0.contains("└") })
        #expect(
            lines[bottom - 1].contains("· Copied https://example.org/0 (OSC 52)"), "\(lines.joined(separator: "\n"))")
        #expect(heading == bottom - 2)
        // The keys above it, each line a key's: the last one shown is whole.
        let shown = state.keyHelp.filter { help in lines.contains { $0.contains(help.summary) } }
        let top = try #require(lines.firstIndex { $0.contains("┌─ Keys") })
        #expect(shown.count == heading - top - 1, "\(shown.map(\.summary))")
    }

    @Test func belowTheMinimumTheScreenSaysItIsTooSmall() throws {
        let size = TerminalSize(width: 19, height: 6)
        let state = NavigationTests.loaded(size: size)
        let frame = FeedRenderer.render(state.advanced(to: .zero))
        #expect(frame.lines.joined().contains("terminal too small"))
        try Snapshot.assertMatches(frame, named: "too-small-19x6")
        let enough = AppState.minimumSize
        let normal = FeedRenderer.render(NavigationTests.loaded(size: enough).advanced(to: .zero))
        #expect(!normal.lines.joined().contains("too small"))
    }

    @Test func everySizeDownToNothingRenders() throws {
        // Wide clusters (Hangul, emoji) among the rows.
        let state = try RenderTests.loadedState(size: TerminalSize(width: 80, height: 24))
        for width in 0...25 {
            for height in 0...8 {
                var resized = state
                _ = resized.apply(.resize(TerminalSize(width: width, height: height)))
                let frame = FeedRenderer.render(resized.advanced(to: .zero))
                // Every line exactly the width, in cells: no wide cluster cut in half.
                #expect(frame.lines.allSatisfy { CellWidth.of($0) == width })
            }
        }
    }

    @Test func hostilePostsRenderWithoutAnyControlCharacter() throws {
        let size = TerminalSize(width: 80, height: 40)
        let state = try Self.loaded(fixture: "hostile-feed.json", size: size)
        for post in state.feed?.posts ?? [] { SanitizedText.expectSafe(post) }
        #expect((state.feed?.posts.count ?? 0) > 3)
        let frame = FeedRenderer.render(state.advanced(to: .zero))
        for cell in frame.cells {
            for scalar in cell.text.unicodeScalars {
                #expect(
                    scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value),
                    "U+\(String(scalar.value, radix: 16))")
                #expect(!TextSanitizer.isBidiControl(scalar))
            }
        }
        let text = frame.lines.joined(separator: "\n")
        #expect(text.contains("Mallory Title"))
        #expect(!text.contains("PWNED"))
        #expect(text.contains("Writes the clipboard quietly."))
        #expect(text.contains("Bidi evil Name"))
        #expect(text.contains("click me now."))
        try Snapshot.assertMatches(frame, named: "hostile-80x40")
    }
}
