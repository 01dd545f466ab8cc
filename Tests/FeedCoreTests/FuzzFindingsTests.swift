import Foundation
import TestSupport
import Testing

@testable import FeedCore

/// Inputs the fuzzer (Tests/fuzz) once crashed on, replayed through the same steps.
@Suite struct FuzzFindingsTests {
    static let findings: [String] = {
        let folder = Fixtures.testsDirectory.appendingPathComponent("Fixtures/fuzz")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }()

    @Test func thereAreFindingsToReplay() {
        #expect(!Self.findings.isEmpty)
    }

    @Test(arguments: findings)
    func aFindingNoLongerCrashes(_ name: String) throws {
        let data = try Fixtures.data("fuzz/\(name)")
        // Each finding is a readable feed that once crashed: it must decode.
        let feed = try FeedDocumentDecoder.decode(data)
        for size in [
            TerminalSize(width: 80, height: 24), TerminalSize(width: 20, height: 6), TerminalSize(width: 5, height: 2),
        ] {
            var state = NavigationTests.loaded(feed, size: size)
            for key in [Key.enter, .character("l"), .pageDown, .character("G"), .character("k"), .character("?")] {
                _ = state.apply(.key(key))
                let frame = FeedRenderer.render(state.advanced(to: .zero))
                #expect(frame.lines.allSatisfy { CellWidth.of($0) == size.width })
            }
        }
    }

    @Test func aScrollPositionPastACollapsedRowIsCarriedForward() {
        let long = Post(
            id: .number(0), author: Author(name: "L"), content: String(repeating: "word ", count: 400), likes: 0,
            createdAt: nil)
        var feed = NavigationTests.shortFeed()
        feed.posts[0] = long
        var state = NavigationTests.loaded(feed)
        _ = state.apply(.key(.enter))  // expand the long post
        for _ in 0..<3 { _ = state.apply(.key(.character("j"))) }  // scroll within it
        #expect(state.scroll.row == 0 && state.scroll.line > 3)
        state.expanded = []  // collapsed behind the scroll position's back
        let frame = FeedRenderer.render(state.advanced(to: .zero))
        // The rows from the carried-forward position: the long post's start is off screen,
        // and the list goes on below it.
        #expect(state.scroll.row == 0 || state.selected > 0)
        #expect(frame.lines.dropLast().contains { $0.contains("Author 1") })
    }
}
