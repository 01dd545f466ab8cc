import FeedCommandLine
import Foundation
import TestSupport
import Testing

@testable import FeedCore

/// One key table for the keys' meaning, the `?` overlay, `--help` and the manual.
@Suite struct KeyBindingTests {
    @Test func noKeyIsBoundTwice() {
        let keys = KeyBinding.all.flatMap { $0.keys.map(\.key) }
        #expect(Set(keys).count == keys.count)
    }

    @Test func everyActionHasAKeyAndEveryKeyItsAction() {
        let bound = Set(KeyBinding.all.flatMap { $0.keys.map(\.action) } + [.select])
        let every = Set(KeyAction.allCases)
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
            #expect(CommandLineOptions.usage(vocabulary: .init()).contains(binding.label), "\(binding.label)")
        }
    }
}

/// Keys as a configuration binds them: they act, and the help shows them.
@Suite struct ReboundKeyTests {
    private static func loaded(_ configuration: String) throws -> AppState {
        var options = ViewerOptions(source: "t")
        options.keys = try Configuration.parse(configuration, file: "config").keys
        var state = AppState(options: options, size: TerminalSize(width: 80, height: 24))
        _ = state.apply(.start)
        _ = state.apply(.loaded(NavigationTests.shortFeed(), generation: 1, at: Fixtures.referenceDate))
        return state
    }

    @Test func aReboundKeyActsAndTheOldOneNoLonger() throws {
        var state = try Self.loaded("bind x next\nunbind j\nbind tab last\nunbind q")
        _ = state.apply(.key(.character("x")))
        _ = state.apply(.key(.character("x")))
        #expect(state.selected == 2)
        _ = state.apply(.key(.character("j")))
        #expect(state.selected == 2, "j is unbound")
        _ = state.apply(.key(.tab))
        #expect(state.selected == state.shownPosts.count - 1)
        #expect(state.apply(.key(.character("q"))).isEmpty, "q no longer quits")
        #expect(state.apply(.key(.control("c"))).contains(.quit(exitCode: 0)), "Ctrl-C always does")
    }

    /// Whatever a map is told, Ctrl-C quits: no configuration (nor code) leaves a reader
    /// without a way out.
    @Test func ctrlCQuitsWhateverTheMapSays() {
        var map = KeyMap.standard
        map.unbind(.control("c"))
        map.bind(.control("c"), to: .reload)
        #expect(map.action(for: .control("c")) == .quit)
    }

    @Test func theHelpOverlayShowsTheKeysAsBound() throws {
        var state = try Self.loaded("bind x next\nunbind j\nbind F1 help\nunbind A")
        _ = state.apply(.key(.function(1)))
        let overlay = FeedRenderer.render(state.advanced(to: .seconds(1))).lines.joined(separator: "\n")
        #expect(overlay.contains("│ ↓ x  k ↑ "))
        #expect(overlay.contains("│ ? F1 "))
        #expect(overlay.contains("│ unbound ") && overlay.contains("mark every post read"))
        #expect(!overlay.contains("j k") && !overlay.contains("│ j "))
    }

    @Test func aPushedViewTakesTheReboundKeysToo() throws {
        var state = try Self.loaded("bind x next\nunbind j")
        state.push(ViewStackTests.KeyCountingView())
        _ = state.apply(.key(.character("x")))
        _ = state.apply(.key(.character("j")))
        #expect((state.views.top as? ViewStackTests.KeyCountingView)?.keys == [.next])
        _ = state.apply(.key(.character("?")))
        #expect(state.keyHelp.contains { $0.label == "Ctrl-L" }, "the app-wide keys beneath it")
    }
}
