import FeedCommandLine
import Foundation
import TestSupport
import Testing

@testable import FeedCore

/// `--accessible`: the same state drawn still, with the cursor where the reader is, glyphs
/// in words, and nothing on the screen changed that the reader did not ask for.
@Suite struct AccessibleTests {
    static let size = TerminalSize(width: 80, height: 24)

    /// A view of `count` sources (read marks kept), accessible, started at instant zero.
    static func started(_ count: Int, size: TerminalSize = size) -> AppState {
        var options = Views.options(count)
        options.tracksRead = true
        options.accessible = true
        var state = AppState(options: options, size: size)
        _ = state.apply(.start, at: .zero)
        return state
    }

    /// The small feed's posts, loaded at 100 ms in an accessible view of one source.
    static func loaded(size: TerminalSize = size) throws -> AppState {
        var state = started(1, size: size)
        let feed = try FeedDocumentDecoder.decode(Fixtures.data("small-feed.json"))
        Views.answer(&state, source: 0, feed.posts, at: .milliseconds(100))
        return state
    }

    static func render(_ state: AppState, at instant: Duration) -> ScreenBuffer {
        FeedRenderer.render(state.advanced(to: instant))
    }

    // MARK: the options

    @Test func theModeComesFromTheOptionTheEnvironmentAndTheConfiguration() throws {
        #expect(try CommandLineOptions.parse(["--accessible"]).viewer.accessible)
        #expect(try !CommandLineOptions.parse([]).viewer.accessible)
        let fromEnvironment = try CommandLineOptions.parse([], environment: ["SHIMMERFEED_ACCESSIBLE": "1"])
        #expect(fromEnvironment.viewer.accessible)
        #expect(try !CommandLineOptions.parse([], environment: ["SHIMMERFEED_ACCESSIBLE": "0"]).viewer.accessible)
        let configuration = try Configuration.parse("accessible\n", file: "config")
        #expect(try CommandLineOptions.parse([], configuration: configuration).viewer.accessible)
        // Still, and pictures as words: an --animation given too does not undo it.
        let both = try CommandLineOptions.parse(["--accessible", "--animation", "slide", "--images", "cells"])
        #expect(both.viewer.animation == .none && both.images == .none && !both.viewer.pictures)
    }

    // MARK: whole screens, the cursor part of each

    @Test func theLoadingScreenIsOneLineAndTheCursorIsOnIt() throws {
        let state = Self.started(12)
        let frame = Self.render(state, at: .milliseconds(500))
        try Snapshot.assertMatches(frame, named: "accessible-loading-80x24")
        #expect(frame.lines.dropLast().allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty })
        #expect(frame.lines.last?.hasPrefix(" Loading 12 of 12 sources") == true)
        #expect(frame.cursor == ScreenBuffer.Cursor(row: 23, column: 1))
        #expect(!state.isAnimating && !state.advanced(to: .seconds(2)).isAnimating)
        // Still: the same frame a second later.
        #expect(Self.render(state, at: .milliseconds(1500)) == frame)
    }

    @Test func theLoadedScreenHasWordsAndTheCursorOnTheSelectedPost() throws {
        var state = try Self.loaded()
        let frame = Self.render(state, at: .seconds(3))
        try Snapshot.assertMatches(frame, named: "accessible-loaded-80x24")
        let text = frame.lines.joined(separator: "\n")
        #expect(text.contains("128 likes") && !text.contains("♥"))
        #expect(text.contains("Ada Park  unread · @ada") && !text.contains("●"))
        #expect(frame.cursor == ScreenBuffer.Cursor(row: 0, column: 0))
        // j: the cursor goes to the next post's first line, wherever the layout puts it.
        _ = state.apply(.key(.character("j")), at: .seconds(4))
        let next = Self.render(state, at: .seconds(4))
        let line = try #require(next.lines.firstIndex { $0.hasPrefix("▌") })
        #expect(line > 0 && next.cursor == ScreenBuffer.Cursor(row: line, column: 0))
    }

    @Test func searchPutsTheCursorOnTheSearchText() throws {
        var state = try Self.loaded()
        for key: Key in [.character("/"), .character("a"), .character("d"), .character("a")] {
            _ = state.apply(.key(key), at: .seconds(1))
        }
        let frame = Self.render(state, at: .seconds(1))
        try Snapshot.assertMatches(frame, named: "accessible-search-80x24")
        // " /ada": the cursor after the text typed, where the next letter goes.
        #expect(frame.lines.last?.hasPrefix(" /ada") == true)
        #expect(frame.cursor == ScreenBuffer.Cursor(row: 23, column: 5))
    }

    @Test func theHelpPutsTheCursorOnItsFirstLine() throws {
        var state = try Self.loaded()
        _ = state.apply(.key(.character("?")), at: .seconds(1))
        let frame = Self.render(state, at: .seconds(1))
        try Snapshot.assertMatches(frame, named: "accessible-help-80x24")
        let cursor = try #require(frame.cursor)
        let line = frame.lines[cursor.row]
        #expect(line.contains("┌─ Keys "))
        #expect(frame[cursor.row, cursor.column].text == "K")
    }

    @Test func aFailedLoadPutsTheCursorOnItsMessage() {
        var state = Self.started(1)
        Views.fail(&state, source: 0, .httpStatus(code: 404, reason: "Not Found", url: "u"), at: .milliseconds(100))
        let frame = Self.render(state, at: .seconds(1))
        let cursor = frame.cursor
        let line = frame.lines.firstIndex { $0.contains("Could not load") }
        #expect(cursor?.row == line && line != nil)
        #expect(cursor.map { frame[$0.row, $0.column].text } == "C")
    }

    @Test func theOtherModesHideTheCursor() throws {
        var options = Views.options(1)
        options.tracksRead = true
        var state = AppState(options: options, size: Self.size)
        _ = state.apply(.start, at: .zero)
        #expect(Self.render(state, at: .milliseconds(500)).cursor == nil)
        Views.answer(&state, source: 0, [Views.post("a", minutesAgo: 5)], at: .milliseconds(600))
        #expect(Self.render(state, at: .seconds(1)).cursor == nil)
    }

    // MARK: nothing moves for nothing

    @Test func theLoadingCountChangesAtMostOnceASecond() {
        var state = Self.started(12)
        var said: [(Duration, String)] = []
        func look(at instant: Duration) {
            let status = Views.status(state, at: instant)
            if said.last?.1 != status { said.append((instant, status)) }
        }
        look(at: .zero)
        // Sources fail one after another, 100 ms apart: the count changes each time.
        for source in 0..<11 {
            let instant = Duration.milliseconds(100 * (source + 1))
            Views.fail(&state, source: source, .httpStatus(code: 404, reason: "Not Found", url: "u"), at: instant)
            look(at: instant)
            // The loop wakes for the count held back.
            if let wake = state.nextWake(after: instant), wake <= instant + .seconds(1) {
                _ = state.apply(.tick, at: wake)
                look(at: wake)
            }
        }
        _ = state.apply(.tick, at: .seconds(3))
        look(at: .seconds(3))
        let texts = said.map(\.1)
        #expect(texts.first?.hasPrefix(" Loading 12 of 12 sources") == true, "\(texts)")
        #expect(texts.last?.hasPrefix(" Loading 1 of 12 sources") == true, "\(texts)")
        // Eleven changes of the count within 1.1 s, said three times.
        #expect(said.count == 3, "\(said)")
        for (earlier, later) in zip(said, said.dropFirst()) {
            #expect(later.0 - earlier.0 >= .seconds(1), "\(said)")
        }
    }

    @Test func aCountHeldBackIsSaidAfterASecondAndTheEndOfALoadAtOnce() throws {
        var state = Self.started(3)
        Views.answer(&state, source: 0, [Views.post("a", minutesAgo: 5)], at: .milliseconds(100))
        #expect(Views.status(state, at: .milliseconds(100)).contains("1 post · 3 of 3 sources loading"))
        // Posts are shown, two sources still loading: the count held back is said at 1 s.
        _ = state.apply(.frameDrawn, at: .milliseconds(100))
        let wake = try #require(state.nextWake(after: .milliseconds(100)))
        #expect(wake == .seconds(1))
        _ = state.apply(.tick, at: wake)
        #expect(Views.status(state, at: wake).contains("1 post · 2 of 3 sources loading"))
        Views.answer(&state, source: 1, [Views.post("b", minutesAgo: 6)], at: .milliseconds(1100))
        Views.answer(&state, source: 2, [Views.post("c", minutesAgo: 7)], at: .milliseconds(1200))
        let status = Views.status(state, at: .milliseconds(1200))
        #expect(status.contains("3 posts from 3 sources") && !status.contains("loading"), "\(status)")
    }

    @Test func aNewPostAboveTheScreenChangesTheStatusLineOnly() throws {
        for accessible in [true, false] {
            var options = Views.options(1)
            options.accessible = accessible
            var state = AppState(options: options, size: Self.size)
            _ = state.apply(.start, at: .zero)
            let posts = (0..<20).map { Views.post("\($0)", minutesAgo: 60 * 24 * 3 + $0) }
            Views.answer(&state, source: 0, posts, at: .milliseconds(100))
            for _ in 0..<6 { _ = state.apply(.key(.character("j")), at: .seconds(1)) }
            let before = Self.render(state, at: .seconds(2))
            // A refresh brings two newer posts.
            let newer = [Views.post("new-1", minutesAgo: 1), Views.post("new-2", minutesAgo: 2)]
            Views.answer(&state, source: 0, newer + posts, at: .seconds(90))
            let after = Self.render(state, at: .seconds(91))
            let changed = (0..<Self.size.height).filter { before.lines[$0] != after.lines[$0] }
            if accessible {
                #expect(changed == [Self.size.height - 1], "\(after.lines.joined(separator: "\n"))")
                #expect(after.lines.last?.contains("22 posts · 2 new above (g)") == true, "\(after.lines.last ?? "")")
                #expect(after.cursor == before.cursor)
            } else {
                // The others draw a marker over the rows.
                #expect(changed.contains(0) && after.lines[0].contains("▲ 2 new"))
            }
        }
    }

    @Test func agesMoveOnOnlyWhenTheReaderActs() {
        var state = Self.started(1)
        Views.answer(&state, source: 0, [Views.post("a", minutesAgo: 5)], at: .milliseconds(100))
        #expect(Views.frame(state, at: .seconds(1))[0].contains("· 5m"))
        _ = state.apply(.frameDrawn, at: .seconds(1))
        #expect(state.nextWake(after: .seconds(1)) == nil, "no timer for the ages: \(state.timing.timers)")
        #expect(Views.frame(state, at: .seconds(600))[0].contains("· 5m"))
        // A refresh ten minutes on, its answer dated then: still the ages the reader saw.
        let refreshed = Feed(posts: [Views.post("a", minutesAgo: 5)])
        _ = state.apply(
            .loaded(refreshed, source: 0, generation: state.generation, at: Views.now + 600), at: .seconds(600))
        #expect(Views.frame(state, at: .seconds(600))[0].contains("· 5m"))
        // Ten minutes after the answer (at 100 ms), a key: ten minutes older.
        _ = state.apply(.key(.character("j")), at: .milliseconds(600_100))
        #expect(Views.frame(state, at: .seconds(601))[0].contains("· 15m"))
    }

    @Test func aMessageStaysUntilTheNextOne() throws {
        var state = try Self.loaded()
        _ = state.apply(.notice("Could not boost: HTTP 500"), at: .seconds(1))
        _ = state.apply(.key(.character("j")), at: .seconds(2))
        #expect(Views.status(state, at: .seconds(2)).contains("Could not boost: HTTP 500"))
        _ = state.apply(.notice("Copied"), at: .seconds(3))
        #expect(!Views.status(state, at: .seconds(3)).contains("Could not boost"))
    }

    @Test func theCursorMovingAloneIsAnUpdate() {
        var writer = FrameWriter(drawing: .cells)
        var frame = ScreenBuffer(width: 10, height: 3)
        frame.write("a", row: 0, column: 0, style: .plain)
        frame.cursor = ScreenBuffer.Cursor(row: 0, column: 0)
        _ = writer.show(frame, at: .zero)
        var moved = frame
        moved.cursor = ScreenBuffer.Cursor(row: 1, column: 0)
        let update = writer.show(moved, at: .seconds(1))
        #expect(update.runs.isEmpty && update.movesCursor && update.drawsText)
        let still = writer.show(moved, at: .seconds(2))
        #expect(!still.drawsText)
    }

    // MARK: words

    @Test func glyphsAreWords() {
        var post = Views.post("a", minutesAgo: 5)
        post.likes = 128
        post.boosts = 1
        post.replies = 3
        post.attachments = [
            Attachment(kind: .image, description: "the sun setting over the bay"), Attachment(kind: .image),
        ]
        let row = RowContent(post: post, now: Views.now, unread: true, inWords: true)
        #expect(row.counts.map(\.text) == ["3 replies", "1 boost", "128 likes"])
        #expect(row.meta.hasPrefix("unread · ") && !row.unread)
        let expanded = RowContent(post: post, now: Views.now, expanded: true, inWords: true)
        #expect(
            expanded.extras == [.line("image: the sun setting over the bay"), .line("image, no description")])
        #expect(AttachmentText.summary(post.attachments, inWords: true) == "2 images")
        var marks = RowMarks(liked: true)
        marks.own = [.bookmarked]
        let own = RowContent(post: post, now: Views.now, marks: marks, inWords: true)
        #expect(own.counts.map(\.text) == ["3 replies", "1 boost", "liked, 129 likes", "bookmarked"])
        // On its way to the server (the glyphs pulse), and a muted post shown (the others dim it).
        var pending = RowMarks(own: [.boosted], pending: [.boosted])
        pending.muted = true
        let sending = RowContent(post: post, now: Views.now, marks: pending, unread: true, inWords: true)
        #expect(sending.counts.map(\.text) == ["3 replies", "boosted, 2 boosts, sending", "128 likes"])
        #expect(sending.meta.hasPrefix("muted · unread · "))
        // The glyphs stay where the mode is off.
        let glyphs = RowContent(post: post, now: Views.now, unread: true)
        #expect(glyphs.counts.map(\.text) == ["↩ 3", "↻ 1", "♥ 128"] && glyphs.unread)
    }

    @Test func aPostAsAParagraphHasItsFieldsLabelled() {
        var post = Views.post("a", minutesAgo: 5, url: "https://example.org/a")
        post.author.handle = "ada"
        post.content = "First line.\n\nSecond line."
        post.likes = 2
        post.links = [PostLink(text: "docs", url: "https://example.org/docs")]
        let text = TimelinePrint.paragraph(TimelinePrint.Entry(post: post, source: "Small", unread: true))
        #expect(
            text == """
                Source: Small
                Author: Writer a (@ada)
                Time: 2026-11-30 00:48 UTC
                Title: Post a
                Text: First line.
                  Second line.
                Likes: 2
                Unread: yes
                Link: https://example.org/a
                Links: docs: https://example.org/docs

                """)
        // A handle written with its @ gets no second one, as in the rows.
        post.author.handle = "@ada"
        let kept = TimelinePrint.paragraph(TimelinePrint.Entry(post: post, source: "Small", unread: false))
        #expect(kept.contains("Author: Writer a (@ada)\n"))
    }
}
