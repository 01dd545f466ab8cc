import Foundation
import TestSupport
import Testing

@testable import FeedCore

/// The reading pane: on a wide terminal the timeline takes the left part and the selected
/// post's whole text stands on the right; below 160 columns nothing changes.
@Suite struct ReadingPaneTests {
    typealias V = Views
    static let wide = TerminalSize(width: 200, height: 30)

    static let long = (1...40).map { "Sentence \($0) of a long post that goes on." }.joined(separator: " ")

    /// Three posts, the second long with two links.
    static func posts() -> [Post] {
        var second = V.post("long", minutesAgo: 20)
        second.content = long
        second.links = [
            PostLink(text: "Sentence 2", url: "https://example.org/two"),
            PostLink(text: "Sentence 7", url: "https://example.org/seven"),
        ]
        return [V.post("first", minutesAgo: 10), second, V.post("third", minutesAgo: 30)]
    }

    static func loaded(size: TerminalSize = wide, pane: PaneChoice = .auto, accessible: Bool = false) -> AppState {
        var options = V.options(1)
        options.pane = pane
        options.accessible = accessible
        var state = AppState(options: options, size: size)
        _ = state.apply(.start, at: .zero)
        V.answer(&state, source: 0, posts(), at: .milliseconds(100))
        return state
    }

    @Test func theSplitFollowsTheWidthAndTheChoice() {
        #expect(ReadingPane.split(width: 159, choice: .auto, toggled: nil) == nil)
        #expect(
            ReadingPane.split(width: 160, choice: .auto, toggled: nil)
                == ReadingPane(listWidth: 64, column: 65, width: 95))
        #expect(ReadingPane.split(width: 300, choice: .auto, toggled: nil)?.listWidth == 96)
        #expect(ReadingPane.split(width: 120, choice: .on, toggled: nil)?.listWidth == 56)
        #expect(ReadingPane.split(width: 99, choice: .on, toggled: nil) == nil)
        #expect(ReadingPane.split(width: 200, choice: .off, toggled: nil) == nil)
        #expect(ReadingPane.split(width: 200, choice: .off, toggled: true) != nil)
        #expect(ReadingPane.split(width: 200, choice: .auto, toggled: false) == nil)
    }

    @Test func atTwoHundredColumnsThePaneShowsTheWholeSelectedPost() throws {
        var state = Self.loaded()
        _ = state.apply(.key(.character("j")), at: .seconds(1))
        let frame = FeedRenderer.render(state.advanced(to: .seconds(1)))
        let lines = frame.lines
        // The rule after the list's 80 columns, the post on its right, whole.
        #expect(lines.dropLast().allSatisfy { Array($0)[80] == "│" })
        let pane = lines.map { String(Array($0)[81...]) }
        #expect(pane[0].contains("Writer long") && pane[1].contains("Post long"))
        let text = pane.joined(separator: " ")
        #expect(text.contains("Sentence 2[1]") && text.contains("Sentence 7[2]"))
        #expect(text.contains("Sentence 40 of a long post"), "the whole text, not its first lines")
        let link = try #require(pane.firstIndex { $0.contains("https://example.org/seven") })
        #expect(pane[link].hasPrefix("  2    https://example.org/seven"), "\(pane[link])")
        // The list keeps its rows, at its width.
        #expect(lines[4].hasPrefix("▌ WL   Writer long"))
        try Snapshot.assertMatches(frame, named: "pane-200x30")
        // Moving the selection changes the pane at once.
        _ = state.apply(.key(.character("j")), at: .seconds(2))
        let next = FeedRenderer.render(state.advanced(to: .seconds(2))).lines.map { String(Array($0)[81...]) }
        #expect(next[1].contains("Post third") && !next.joined().contains("Sentence"))
    }

    @Test func belowTheThresholdNothingChanges() throws {
        let state = Self.loaded(size: TerminalSize(width: 100, height: 30))
        let lines = FeedRenderer.render(state.advanced(to: .seconds(1))).lines
        #expect(!lines.contains { $0.contains("│") })
        #expect(state.viewport.width == 100)
        try Snapshot.assertMatches(FeedRenderer.render(state.advanced(to: .seconds(1))), named: "no-pane-100x30")
    }

    @Test func jAndKScrollThePaneWithoutMovingTheSelection() throws {
        var state = Self.loaded(size: TerminalSize(width: 200, height: 12))
        _ = state.apply(.key(.character("j")), at: .seconds(1))
        let before = FeedRenderer.render(state.advanced(to: .seconds(1))).lines.map { String(Array($0)[81...]) }
        _ = state.apply(.key(.character("J")), at: .seconds(2))
        let after = FeedRenderer.render(state.advanced(to: .seconds(2))).lines.map { String(Array($0)[81...]) }
        #expect(state.selectedPost?.title == "Post long")
        #expect(after[0] == before[5], "scrolled by half the pane's 11 lines")
        for _ in 0..<20 { _ = state.apply(.key(.character("J")), at: .seconds(3)) }
        let end = FeedRenderer.render(state.advanced(to: .seconds(3))).lines.map { String(Array($0)[81...]) }
        // At most until the last line (the second link) is on the pane's last line.
        #expect(end[10].contains("https://example.org/seven") && end[9].contains("https://example.org/two"), "\(end)")
        _ = state.apply(.key(.character("K")), at: .seconds(4))
        _ = state.apply(.key(.character("j")), at: .seconds(4))
        _ = state.apply(.key(.character("k")), at: .seconds(4))
        let back = FeedRenderer.render(state.advanced(to: .seconds(4))).lines.map { String(Array($0)[81...]) }
        #expect(back == before, "another post, and back: its text from the top")
    }

    @Test func aResizeAcrossTheThresholdKeepsTheSelection() {
        var state = Self.loaded(size: TerminalSize(width: 120, height: 30))
        _ = state.apply(.key(.character("j")), at: .seconds(1))
        _ = state.apply(.key(.character("j")), at: .seconds(1))
        let line = V.selectionLine(state, at: .seconds(1))
        _ = state.apply(.resize(Self.wide), at: .seconds(2))
        #expect(state.readingPane != nil && state.selectedPost?.title == "Post third")
        #expect(V.selectionLine(state, at: .seconds(2)) == line)
        _ = state.apply(.resize(TerminalSize(width: 100, height: 30)), at: .seconds(3))
        #expect(state.readingPane == nil && state.selectedPost?.title == "Post third")
    }

    @Test func vShowsAndHidesItWhereItFits() {
        var state = Self.loaded(size: TerminalSize(width: 120, height: 30))
        #expect(state.readingPane == nil)
        _ = state.apply(.key(.character("v")), at: .seconds(1))
        #expect(state.readingPane?.listWidth == 56)
        _ = state.apply(.key(.character("v")), at: .seconds(1))
        #expect(state.readingPane == nil)
        var narrow = Self.loaded(size: TerminalSize(width: 90, height: 30))
        _ = narrow.apply(.key(.character("v")), at: .seconds(1))
        #expect(narrow.readingPane == nil)
        #expect(V.status(narrow, at: .seconds(1)).contains("The reading pane needs 100 columns; this terminal has 90."))
    }

    /// The pane's post draws its pictures as its row does, at the pane's width: skeleton
    /// cells until the bytes come (their load asked for with the rows'), then the picture.
    @Test func thePanesPostDrawsItsPictures() throws {
        let (state, effects) = PictureStateTests.loaded(
            [PictureStateTests.post("a", minutesAgo: 1)], size: TerminalSize(width: 200, height: 40))
        #expect(PictureStateTests.started(effects).contains(PictureStateTests.media + "a"))
        let pane = try #require(state.readingPane)
        let layout = try #require(PanePainter.layout(state, pane: pane))
        let picture = try #require(layout.pictures.first)
        #expect(picture.column >= pane.column && picture.columns > state.viewport.layout(at: 0).pictures[0].columns)
        var loaded = state
        _ = loaded.apply(
            .picture(url: PictureStateTests.media + "a", .loaded(PictureStateTests.pixels)), at: .seconds(1))
        let frame = FeedRenderer.render(loaded.advanced(to: .seconds(3)))
        let cells = (0..<picture.rows).flatMap { row in
            (0..<picture.columns).map { frame[picture.line + row, picture.column + $0].style.ink }
        }
        #expect(cells.contains(where: PictureStateTests.isPicture), "the picture's own colours in the pane")
    }

    /// In words, the pane is the rows area: the post's text as lines, the cursor at its start.
    @Test func theAccessibleModeReadsThePaneAsLinearText() throws {
        var state = Self.loaded(accessible: true)
        _ = state.apply(.key(.character("j")), at: .seconds(1))
        let frame = FeedRenderer.render(state.advanced(to: .seconds(1)))
        #expect(!frame.lines.contains { $0.contains("│") })
        #expect(frame.lines[1].contains("Post long") && !frame.lines.contains { $0.contains("Writer first") })
        let cursor = try #require(frame.cursor)
        #expect(cursor.row == 0 && cursor.column == RowGeometry.textColumn)
    }
}
