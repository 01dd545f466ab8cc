import Foundation
import TestSupport
import Testing

@testable import FeedCore

private typealias V = Views

/// Notices share the status line: the status (loading, the count, an error) is drawn whole
/// beside any notice, and the pictures note is said only where there are pictures, once.
@Suite struct NoticeTests {
    static let note = "pictures in cells: tmux's allow-passthrough is off"

    private static func statusLine(_ state: AppState, at instant: Duration = .seconds(1)) -> String {
        FeedRenderer.render(state.advanced(to: instant)).lines.last ?? ""
    }

    /// A view of one source with pictures on and the note waiting, started at zero.
    private static func started(note: String? = note, pictures: Bool = true) -> AppState {
        var options = V.options(1)
        options.pictures = pictures
        options.picturesNote = note
        var state = AppState(options: options, size: V.size, notice: nil)
        _ = state.apply(.start, at: .zero)
        return state
    }

    @Test func aNoticeIsDrawnBesideTheStatusNotInItsPlace() {
        var state = AppState(options: V.options(1), size: V.size, notice: "going on without the store: locked")
        _ = state.apply(.start, at: .zero)
        let loading = Self.statusLine(state)
        #expect(loading.hasPrefix(" Loading… · source-0.json"), "\(loading)")
        #expect(loading.hasSuffix("going on without the store: locked "), "on the right, where the hints go")
        _ = V.answer(&state, source: 0, [V.post("a", minutesAgo: 1)], at: .milliseconds(100))
        let loaded = Self.statusLine(state)
        #expect(loaded.hasPrefix(" 1 post"), "\(loaded)")
        #expect(loaded.contains("going on without the store: locked"))
        // The next key ends it, and the hints come back.
        _ = state.apply(.key(.character("j")), at: .seconds(2))
        #expect(!Self.statusLine(state).contains("store") && Self.statusLine(state).contains("? help"))
    }

    @Test func anErrorIsNeverHiddenByANotice() {
        var state = AppState(options: V.options(1), size: V.size, notice: "going on without the store: locked")
        _ = state.apply(.start, at: .zero)
        V.fail(
            &state, source: 0, .httpStatus(code: 404, reason: "Not Found", url: "https://x.example/feed"),
            at: .milliseconds(100))
        let line = Self.statusLine(state)
        #expect(
            line.hasPrefix(
                " Error: \(Failure.httpStatus(code: 404, reason: "Not Found", url: "https://x.example/feed").message)"),
            "\(line)")
    }

    @Test func aLongNoticeGivesWayToTheStatusAndTheSourceNameToTheNotice() {
        var state = AppState(options: V.options(1), size: TerminalSize(width: 40, height: 12), notice: Self.note)
        _ = state.apply(.start, at: .zero)
        let line = Self.statusLine(state)
        #expect(line.hasPrefix(" Loading…"), "\(line)")
        #expect(line.contains("pictures in"), "the notice keeps what is left")
        #expect(line.hasSuffix("… "), "cut short, not wrapped")
        #expect(CellWidth.of(line) == 40)
        // Wide enough: all of it, and the source's name too.
        var wide = AppState(options: V.options(1), size: TerminalSize(width: 120, height: 12), notice: Self.note)
        _ = wide.apply(.start, at: .zero)
        let whole = Self.statusLine(wide)
        #expect(whole.contains("Loading… · source-0.json") && whole.contains(Self.note), "\(whole)")
    }

    @Test func thePicturesNoteWaitsForAPictureOnTheScreen() {
        var state = Self.started()
        #expect(state.notice == nil && !Self.statusLine(state).contains("pictures"), "nothing while loading")
        _ = V.answer(&state, source: 0, [PictureStateTests.post("a", minutesAgo: 1)], at: .milliseconds(100))
        #expect(state.notice == Self.note)
        let line = Self.statusLine(state)
        #expect(line.hasPrefix(" 1 post") && line.contains(Self.note), "\(line)")
    }

    @Test func aFeedWithoutPicturesNeverShowsThePicturesNote() {
        var state = Self.started()
        // The view's own initials stand in for authors without a picture: no picture.
        _ = V.answer(
            &state, source: 0, [V.post("a", minutesAgo: 1), V.post("b", minutesAgo: 2)], at: .milliseconds(100))
        #expect(state.notice == nil)
        _ = state.apply(.key(.character("j")), at: .seconds(1))
        _ = state.apply(.key(.character("r")), at: .seconds(2))
        _ = V.answer(&state, source: 0, [V.post("a", minutesAgo: 1)], at: .seconds(3))
        #expect(state.notice == nil && !Self.statusLine(state, at: .seconds(4)).contains("pictures"))
        // And without pictures drawn (`--images none`) a feed of pictures says nothing either.
        var none = Self.started(pictures: false)
        _ = V.answer(&none, source: 0, [PictureStateTests.post("a", minutesAgo: 1)], at: .milliseconds(100))
        #expect(none.notice == nil)
    }

    @Test func thePicturesNoteIsSaidOncePerRun() {
        var state = Self.started()
        _ = V.answer(&state, source: 0, [PictureStateTests.post("a", minutesAgo: 1)], at: .milliseconds(100))
        #expect(state.notice == Self.note)
        _ = state.apply(.key(.character("j")), at: .seconds(1))
        #expect(state.notice == nil)
        // A reload brings the pictures back on the screen; the note stays said.
        _ = state.apply(.key(.character("r")), at: .seconds(2))
        _ = V.answer(&state, source: 0, [PictureStateTests.post("a", minutesAgo: 1)], at: .seconds(3))
        _ = state.apply(.key(.character("k")), at: .seconds(4))
        #expect(state.notice == nil)
    }

    @Test func thePicturesNoteWaitsWhileAnotherNoticeIsSaid() {
        var options = V.options(1)
        options.pictures = true
        options.picturesNote = Self.note
        var state = AppState(options: options, size: V.size, notice: "going on without the store: locked")
        _ = state.apply(.start, at: .zero)
        _ = V.answer(&state, source: 0, [PictureStateTests.post("a", minutesAgo: 1)], at: .milliseconds(100))
        #expect(state.notice == "going on without the store: locked")
        // The key that ends the first lets the second be said, with the pictures on screen.
        _ = state.apply(.key(.character("k")), at: .seconds(1))
        #expect(state.notice == Self.note)
    }
}

/// What a notice cut short beside the status keeps: the help overlay lists the run's
/// notices whole.
@Suite struct NoticesInTheHelpTests {
    @Test func theHelpShowsTheRunsNoticesWhole() throws {
        let long = "the store was not a store (file is not a database); it was moved aside as store.sqlite3.broken-1"
        var state = AppState(options: V.options(1), size: V.size, notice: long)
        _ = state.apply(.start, at: .zero)
        _ = V.answer(&state, source: 0, [V.post("a", minutesAgo: 1)], at: .milliseconds(100))
        #expect(
            !(FeedRenderer.render(state.advanced(to: .seconds(1))).lines.last ?? "").contains("broken-1"), "cut short")
        _ = state.apply(.key(.character("?")), at: .seconds(1))
        let help = FeedRenderer.render(state.advanced(to: .seconds(1))).lines.joined(separator: "\n")
        #expect(help.contains("Notices"))
        #expect(help.contains("· the store was not a store"))
        #expect(help.contains("store.sqlite3.broken-1"), "\(help)")
        // Beside the notices the box has no spare line: its title on the top border, the
        // first key right under it.
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let top = try #require(lines.firstIndex { $0.contains("┌") })
        #expect(lines[top].contains("┌─ Keys ─"))
        #expect(lines[top + 1].contains("│ j ↓  k ↑"), "\(lines[top + 1])")
        // Said again, a notice is listed once; the newest three are kept.
        _ = state.apply(.key(.escape), at: .seconds(2))
        for text in ["one", "two", "two", "three"] { _ = state.apply(.notice(text), at: .seconds(3)) }
        #expect(state.notices.recent == ["one", "two", "three"])
    }
}
