import Foundation
import TestSupport
import Testing

@testable import FeedCore
@testable import MastodonNetwork

/// `t`: a post's thread over the timeline, from recorded answers of a real server (rtoot's
/// recordings of fosstodon.org, mastodon-api/SOURCES.md): skeleton rows where the thread
/// will be while it loads, then the posts it answers above and the replies below, indented
/// by depth; Esc back to the timeline as it was.
@Suite struct ThreadViewTests {
    typealias V = Views
    static let size = TerminalSize(width: 100, height: 40)
    /// The status with replies in the recorded page, and its place there.
    static let threaded = "114026814291152535"

    private static func context(_ name: String) throws -> ThreadContext {
        try ThreadContext.decode(Fixtures.data("mastodon-api/\(name)"))
    }

    /// The recorded page of an account's statuses, read with an account; the status with
    /// replies selected.
    private static func loaded(animation: AnimationStyle = .slide, accessible: Bool = false) throws -> AppState {
        var options = V.options(1, animation: animation)
        options.accessible = accessible
        options.readFromMastodon(withAccount: true)
        var state = AppState(options: options, size: size)
        _ = state.apply(.start, at: .zero)
        let feed = try FeedDocumentDecoder.decode(Fixtures.data("mastodon-api/account_statuses.json"))
        _ = V.answer(&state, source: 0, feed.posts, at: .milliseconds(100))
        let index = try #require(feed.posts.firstIndex { $0.statusID == threaded })
        for _ in 0..<index { _ = state.apply(.key(.character("j")), at: .seconds(1)) }
        return state
    }

    private func inks(_ frame: ScreenBuffer, line: Int) -> [Ink] {
        (0..<frame.width).map { frame.cells[line * frame.width + $0].style.ink }
    }

    @Test func theRecordedThreadDecodesWithItsDepthsAndWhomEachAnswers() throws {
        let context = try Self.context("context.json")
        #expect(context.ancestors.isEmpty)
        #expect(context.descendants.map(\.author.handle) == ["erc_bk", "MickaelCanouil", "MickaelCanouil"])
        #expect(context.depths(under: Self.threaded) == [1, 1, 2], "the third answers the second")
        #expect(context.descendants.allSatisfy { $0.replyTo == "schochastics" })
        let reply = try Self.context("context_of_a_reply.json")
        #expect(reply.ancestors.map(\.statusID) == [Self.threaded] && reply.descendants.isEmpty)
        #expect(try Self.context("context_empty.json") == ThreadContext(ancestors: [], descendants: []))
    }

    @Test func tShowsSkeletonRowsThenTheThreadAndEscComesBackAsItWas() throws {
        var state = try Self.loaded()
        let selected = state.selected
        let before = FeedRenderer.render(state.advanced(to: .seconds(1))).lines
        let effects = state.apply(.key(.character("t")), at: .seconds(2))
        #expect(effects == [.loadThread(request: 1, source: 0, statusID: Self.threaded)])
        // Loading: the post on top, the skeletons of its two replies below it, shimmering.
        #expect(state.isAnimating)
        let loading = FeedRenderer.render(state.advanced(to: .seconds(2)))
        #expect(loading.lines[0].contains("David Schoch") && loading.lines.last?.contains("Thread · loading") == true)
        let postHeight = try #require(loading.lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).isEmpty })
        let skeletonLines = (postHeight..<(Self.size.height - 1)).filter { line in
            inks(loading, line: line).contains { $0.isSkeleton }
        }
        #expect(!skeletonLines.isEmpty, "skeleton rows below the post")
        // Indented as replies: the avatar's skeleton a level in.
        let indent = RowGeometry.leftMargin + ThreadView.indent(depth: 1)
        for line in skeletonLines { #expect(!inks(loading, line: line).prefix(indent).contains { $0.isSkeleton }) }
        #expect(inks(loading, line: skeletonLines[0])[indent].isSkeleton)
        #expect(!inks(loading, line: 0).contains { $0.isSkeleton }, "the post itself is drawn")

        _ = state.apply(.threadLoaded(request: 1, .success(try Self.context("context.json"))), at: .seconds(3))
        #expect(!state.isAnimating)
        let thread = FeedRenderer.render(state.advanced(to: .seconds(3))).lines
        #expect(thread.last?.contains("Thread · 0 above · 3 replies · Esc back") == true)
        let eric = try #require(thread.firstIndex { $0.contains("Eric Book") })
        #expect(thread[eric].contains("@erc_bk · ") && thread[eric].contains("↳ @schochastics"))
        let names = thread.enumerated().filter { $0.element.contains("Mickaël CANOUIL") }
        #expect(names.count == 2)
        let columns = names.map { $0.element.distance(of: "Mickaël") }
        #expect(columns[1] == columns[0] + 2, "the reply to the reply sits one level deeper: \(columns)")
        #expect(thread[0].hasPrefix("▌"), "the post stays selected")
        // Down the thread, and back: the timeline as it was.
        _ = state.apply(.key(.character("j")), at: .seconds(4))
        #expect(state.views.top?.selectedPost?.author.handle == "erc_bk")
        _ = state.apply(.key(.escape), at: .seconds(5))
        #expect(state.views.top == nil && state.selected == selected)
        #expect(FeedRenderer.render(state.advanced(to: .seconds(5))).lines == before)
    }

    /// Accessible: the thread's rows still, in words, the cursor where the reader is in it.
    @Test func inAccessibleModeTheCursorIsOnTheThreadsSelectedPost() throws {
        var state = try Self.loaded(accessible: true)
        _ = state.apply(.key(.character("t")), at: .seconds(2))
        #expect(!state.isAnimating, "the replies to come are not a moving skeleton")
        _ = state.apply(.threadLoaded(request: 1, .success(try Self.context("context.json"))), at: .seconds(3))
        var frame = FeedRenderer.render(state.advanced(to: .seconds(3)))
        #expect(frame.cursor == ScreenBuffer.Cursor(row: 0, column: 0))
        #expect(!frame.lines.joined().contains("♥"))
        _ = state.apply(.key(.character("j")), at: .seconds(4))
        frame = FeedRenderer.render(state.advanced(to: .seconds(4)))
        let eric = try #require(frame.lines.firstIndex { $0.contains("Eric Book") })
        #expect(frame.lines[eric].contains("in reply to @schochastics"))
        #expect(frame.cursor == ScreenBuffer.Cursor(row: eric, column: 0))
    }

    @Test func aReplysThreadHasASkeletonAboveThenWhatItAnswers() throws {
        var state = try Self.loaded()
        _ = state.apply(.key(.character("t")), at: .seconds(2))
        _ = state.apply(.threadLoaded(request: 1, .success(try Self.context("context.json"))), at: .seconds(2))
        _ = state.apply(.key(.character("j")), at: .seconds(3))
        // The reply's own thread, over the first.
        let effects = state.apply(.key(.character("t")), at: .seconds(3))
        #expect(effects == [.loadThread(request: 2, source: 0, statusID: "114027213608365869")])
        let loading = FeedRenderer.render(state.advanced(to: .seconds(3)))
        #expect(inks(loading, line: 0).contains { $0.isSkeleton }, "what it answers, to come above it")
        _ = state.apply(
            .threadLoaded(request: 2, .success(try Self.context("context_of_a_reply.json"))), at: .seconds(4))
        let lines = FeedRenderer.render(state.advanced(to: .seconds(4))).lines
        #expect(lines[0].contains("David Schoch"))
        let reply = try #require(lines.firstIndex { $0.contains("Eric Book") })
        #expect(lines[reply].hasPrefix("▌"), "the reply stays selected")
        #expect(lines.last?.contains("Thread · 1 above · 0 replies") == true)
        // Esc, Esc: back through both.
        _ = state.apply(.key(.escape), at: .seconds(5))
        #expect(state.views.top?.selectedPost?.author.handle == "erc_bk")
        _ = state.apply(.key(.escape), at: .seconds(6))
        #expect(state.views.top == nil)
    }

    @Test func onASmallScreenTheSelectedReplyScrollsIntoView() throws {
        var options = V.options(1, animation: .none)
        options.readFromMastodon(withAccount: true)
        var state = AppState(options: options, size: TerminalSize(width: 80, height: 12))
        _ = state.apply(.start, at: .zero)
        let feed = try FeedDocumentDecoder.decode(Fixtures.data("mastodon-api/account_statuses.json"))
        _ = V.answer(&state, source: 0, feed.posts, at: .milliseconds(100))
        for _ in 0..<5 { _ = state.apply(.key(.character("j")), at: .seconds(1)) }
        _ = state.apply(.key(.character("t")), at: .seconds(2))
        _ = state.apply(.threadLoaded(request: 1, .success(try Self.context("context.json"))), at: .seconds(2))
        #expect(V.frame(state, at: .seconds(2))[0].contains("David Schoch"), "the post on top at first")
        _ = state.apply(.key(.character("G")), at: .seconds(3))
        let lines = V.frame(state, at: .seconds(3))
        let last = try #require(lines.lastIndex { $0.contains("Mickaël CANOUIL") })
        #expect(lines[last].hasPrefix("▌"), "the last reply selected, on the screen:\n\(lines.joined(separator: "\n"))")
        #expect(!lines.contains { $0.contains("David Schoch") }, "the post scrolled off above")
        _ = state.apply(.key(.character("g")), at: .seconds(4))
        #expect(V.frame(state, at: .seconds(4))[0].contains("David Schoch"))
    }

    @Test func aThreadThatCannotLoadSaysWhyAndTheLateAnswerOfAClosedOneIsDropped() throws {
        var state = try Self.loaded()
        _ = state.apply(.key(.character("t")), at: .seconds(2))
        let failure = Failure.httpStatus(code: 404, reason: "Not Found", url: "https://fosstodon.org")
        _ = state.apply(.threadLoaded(request: 1, .failure(failure)), at: .seconds(3))
        #expect(!state.isAnimating)
        #expect(V.status(state, at: .seconds(3)).contains("Thread · could not load it: HTTP 404"))
        _ = state.apply(.key(.escape), at: .seconds(4))
        _ = state.apply(.threadLoaded(request: 1, .success(try Self.context("context.json"))), at: .seconds(5))
        #expect(state.views.top == nil)
    }

    @Test func aFavouriteInTheThreadGoesToTheSourcesServerAndItsRowTakesTheAnswer() throws {
        var state = try Self.loaded()
        _ = state.apply(.key(.character("t")), at: .seconds(2))
        _ = state.apply(.threadLoaded(request: 1, .success(try Self.context("context.json"))), at: .seconds(2))
        _ = state.apply(.key(.character("j")), at: .seconds(3))
        // The recording was made by an account that had favourited this reply: `l` undoes it.
        #expect(state.views.top?.selectedPost?.marks == .favourited)
        let effects = state.apply(.key(.character("l")), at: .seconds(3))
        guard case .sendAction(let request)? = effects.first else {
            Issue.record("no action sent: \(effects)")
            return
        }
        #expect(
            request.target
                == ActionTarget(
                    source: 0, statusID: "114027213608365869",
                    statusURL: "https://fosstodon.org/@erc_bk/114027213608365869", likes: 1, boosts: 0))
        #expect(request.action == ServerAction(mark: .favourited, on: false))
        let answer = StatusState(statusID: "114027213608365869", likes: 0, boosts: 0, marks: [])
        _ = state.apply(
            .actionAnswered(ActionAnswer(request: request.id, outcome: .confirmed(answer))), at: .seconds(4))
        #expect(state.actions.isEmpty)
        let lines = FeedRenderer.render(state.advanced(to: .seconds(4))).lines
        let eric = try #require(lines.firstIndex { $0.contains("Eric Book") })
        #expect(lines[eric].hasSuffix("♥ 0 "), "\(lines[eric])")
        // The post the thread is of takes its answer too.
        _ = state.apply(.key(.character("k")), at: .seconds(5))
        let focus = try #require(state.views.top?.selectedPost?.statusID)
        guard case .sendAction(let own)? = state.apply(.key(.character("l")), at: .seconds(5)).first else {
            Issue.record("no action sent for the thread's post")
            return
        }
        let confirmed = StatusState(statusID: focus, likes: 7, boosts: 0, marks: [.favourited])
        _ = state.apply(.actionAnswered(ActionAnswer(request: own.id, outcome: .confirmed(confirmed))), at: .seconds(6))
        #expect(state.views.top?.selectedPost?.likes == 7 && state.views.top?.selectedPost?.marks == .favourited)
    }

    /// A web feed's post has no thread to read: its network says so.
    @Test func aFeedsPostHasNoThread() {
        var state = V.started(1, animation: .none)
        V.answer(&state, source: 0, [V.post("a", minutesAgo: 1)], at: .milliseconds(50))
        #expect(state.apply(.key(.character("t")), at: .seconds(1)).isEmpty)
        #expect(state.views.top == nil)
        #expect(V.status(state, at: .seconds(1)).contains("A feed's post has no thread."))
    }
}

extension String {
    /// The cell column where `text` first starts, or -1.
    fileprivate func distance(of text: String) -> Int {
        guard let range = range(of: text) else { return -1 }
        return CellWidth.of(String(self[..<range.lowerBound]))
    }
}
