import Foundation
import Testing

@testable import FeedCore

/// One key table for the keys' meaning, the `?` overlay, `--help` and the README.
@Suite struct KeyBindingTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    @Test func theREADMEsKeyTableIsTheTable() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let start = try #require(text.range(of: "| key | does |"), "the README has no key table")
        let table = text[start.lowerBound...].components(separatedBy: "\n\n").first.map { $0 + "\n" } ?? ""
        #expect(table == KeyBinding.markdownTable, "the README's key table should read:\n\(KeyBinding.markdownTable)")
    }

    @Test func noKeyIsBoundTwice() {
        let keys = KeyBinding.all.flatMap { $0.keys.keys }
        #expect(Set(keys).count == keys.count)
    }

    @Test func everyActionHasAKeyAndEveryKeyItsAction() {
        let bound = Set(KeyBinding.all.flatMap { $0.keys.values } + [.select])
        let every: Set<KeyAction> = [
            .next, .previous, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .first, .last, .toggleExpanded, .like,
            .openLink, .reload, .pause, .redraw, .help, .quit, .scrollDown, .scrollUp, .select, .nextUnread,
            .toggleRead, .markAllRead, .search, .boost, .bookmark, .thread, .reply, .compose, .notifications,
        ]
        #expect(bound == every)
        #expect(KeyBinding.action(for: .character("j")) == .next)
        #expect(KeyBinding.action(for: .control("d")) == .halfPageDown)
        #expect(KeyBinding.action(for: .click(row: 3, column: 1)) == .select)
        #expect(KeyBinding.action(for: .character("x")) == nil)
    }

    @Test func theOverlayAndHelpListEveryBinding() throws {
        var state = try RenderTests.loadedState(size: TerminalSize(width: 80, height: 24))
        _ = state.apply(.key(.character("?")))
        let overlay = FeedRenderer.render(state.advanced(to: .seconds(3))).lines.joined(separator: "\n")
        for binding in KeyBinding.all {
            #expect(overlay.contains(binding.label) && overlay.contains(binding.summary), "\(binding.label)")
            #expect(CommandLineOptions.usage.contains(binding.label), "\(binding.label)")
        }
    }
}
