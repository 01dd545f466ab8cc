import Foundation
import TestSupport
import Testing

@testable import FeedCore

/// The stack of views: a view pushed over the timeline takes its keys, its rows area, its
/// status and its help; Esc pops it and the timeline is as it was.
@Suite struct ViewStackTests {
    /// A view that only counts the keys' actions it is given: the mechanism's test, not a
    /// feature.
    struct KeyCountingView: StackedView {
        var keys: [KeyAction] = []
        var status: String { "Counting view · \(keys.count) keys" }
        var keyHelp: [ActionHelp] { [ActionHelp([.search], "counted")] }

        mutating func handle(_ action: KeyAction) -> [AppEffect] {
            keys.append(action)
            return action == .markAllRead ? [.redrawAll] : []
        }

        func draw(into buffer: inout ScreenBuffer, height: Int, context: DrawContext) {
            buffer.write("counted \(keys.count)", row: 0, column: 2, style: Style(.plain))
        }
    }

    /// Twenty posts, the selection moved down and the view scrolled.
    private static func movedTimeline() -> AppState {
        var state = Views.started(1)
        Views.answer(&state, source: 0, (0..<20).map { Views.post("\($0)", minutesAgo: $0 + 1) }, at: .milliseconds(50))
        for _ in 0..<9 { _ = state.apply(.key(.character("j")), at: .seconds(1)) }
        return state
    }

    @Test func keysGoToTheTopViewAndEscPopsItLeavingTheTimelineAsItWas() throws {
        var state = Self.movedTimeline()
        let selected = state.selected
        let scroll = state.scroll
        #expect(selected == 9 && scroll != .start, "the timeline was moved before the push")
        let before = FeedRenderer.render(state)
        state.push(KeyCountingView())

        for key in "jGn/Ax".map(Key.character) {
            let effects = state.apply(.key(key), at: .seconds(2))
            #expect(effects == (key == .character("A") ? [.redrawAll] : []))
        }
        let top = try #require(state.views.top as? KeyCountingView)
        #expect(
            top.keys == [.next, .last, .nextUnread, .search, .markAllRead],
            "every bound key but the app-wide ones went to the view on top, as its action")
        #expect(state.selected == selected && state.scroll == scroll && state.search == nil)
        let frame = FeedRenderer.render(state)
        #expect(frame.lines[0].contains("counted 5"))
        #expect(!frame.lines.joined().contains("Post 0"), "the timeline's rows are not drawn under it")
        #expect(frame.lines[23].contains("Counting view · 5 keys"))

        _ = state.apply(.key(.escape), at: .seconds(3))
        #expect(state.views.top == nil)
        #expect(state.selected == selected && state.scroll == scroll)
        #expect(FeedRenderer.render(state).lines == before.lines, "the timeline is drawn as it was")
        // Esc on the timeline itself still quits.
        #expect(state.apply(.key(.escape), at: .seconds(4)) == [.cancelLoads, .quit(exitCode: 0)])
    }

    @Test func appWideKeysStayAppWideOverAPushedView() {
        var state = Self.movedTimeline()
        state.push(KeyCountingView())
        #expect(state.apply(.key(.control("l")), at: .seconds(2)) == [.redrawAll])
        _ = state.apply(.key(.character("p")), at: .seconds(2))
        #expect(state.isPaused)
        _ = state.apply(.key(.character("p")), at: .seconds(2))
        _ = state.apply(.key(.character("?")), at: .seconds(2))
        #expect(state.showingHelp)
        _ = state.apply(.key(.character("j")), at: .seconds(2))
        #expect(!state.showingHelp, "any key closes the help, and goes no further")
        #expect((state.views.top as? KeyCountingView)?.keys.isEmpty == true)
        #expect(state.apply(.key(.character("q")), at: .seconds(2)) == [.cancelLoads, .quit(exitCode: 0)])
    }

    @Test func theHelpDescribesTheViewOnTop() {
        var state = Self.movedTimeline()
        _ = state.apply(.key(.character("?")), at: .seconds(2))
        let timelineHelp = FeedRenderer.render(state).lines.joined(separator: "\n")
        #expect(timelineHelp.contains("next unread post") && !timelineHelp.contains("counted"))
        _ = state.apply(.key(.character("?")), at: .seconds(2))

        state.push(KeyCountingView())
        _ = state.apply(.key(.character("?")), at: .seconds(3))
        let help = FeedRenderer.render(state).lines.joined(separator: "\n")
        #expect(help.contains("counted") && help.contains("back to the view beneath"))
        #expect(help.contains("q Ctrl-C") && help.contains("pause or resume"))
        #expect(!help.contains("next unread post"), "the timeline's own keys are not the top view's")
        #expect(state.keyHelp.map(\.label) == ["/", "Esc", "p", "Ctrl-L", "?", "q Ctrl-C"])
    }

    @Test func answersArrivingBeneathAPushedViewReachTheTimeline() {
        var state = Views.started(2)
        Views.answer(&state, source: 0, [Views.post("a", minutesAgo: 1)], at: .milliseconds(50))
        state.push(KeyCountingView())
        Views.answer(&state, source: 1, [Views.post("b", minutesAgo: 2)], at: .milliseconds(60))
        #expect(state.feed?.posts.map(\.title) == ["Post a", "Post b"])
        #expect(!state.isAnimating, "the timeline's skeleton rows are hidden, so nothing moves")
        #expect(FeedRenderer.render(state).lines[0].contains("counted 0"))
    }
}
