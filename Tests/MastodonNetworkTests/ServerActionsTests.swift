import Foundation
import TestSupport
import Testing

@testable import FeedCore
@testable import MastodonNetwork

/// `l`, `B` and `m` on a Mastodon timeline read with an account: the row changes at once,
/// the mark pulses while the request is in flight, the server's answer replaces it, a
/// refusal takes it back with a message, and presses meanwhile wait their turn.
@Suite struct ServerActionsTests {
    typealias V = Views

    /// The recorded home timeline (mastodon-api/SOURCES.md), read with an account.
    private func loaded(actsOnServer: Bool = true) throws -> AppState {
        var options = V.options(1, animation: .slide)
        options.readFromMastodon(withAccount: actsOnServer)
        var state = AppState(options: options, size: TerminalSize(width: 100, height: 24))
        _ = state.apply(.start, at: .zero)
        let feed = try FeedDocumentDecoder.decode(Fixtures.data("mastodon-api/timelines_home.json"))
        _ = V.answer(&state, source: 0, feed.posts, at: .milliseconds(100))
        return state
    }

    /// The recorded answer `name`, as the server's word on the status `statusID`: the
    /// recorded one's counts and marks.
    private func answer(_ name: String, for request: ActionRequest) throws -> AppEvent {
        var state = try StatusState.decode(Fixtures.data("mastodon-api/\(name)"))
        state.statusID = request.target.statusID
        return .actionAnswered(ActionAnswer(request: request.id, outcome: .confirmed(state)))
    }

    private func sent(_ effects: [AppEffect]) -> [ActionRequest] {
        effects.compactMap { if case .sendAction(let request) = $0 { request } else { nil } }
    }

    /// The selected row's header line, and its style mask.
    private func header(_ state: AppState, at instant: Duration) -> (text: String, mask: String) {
        let frame = FeedRenderer.render(state.advanced(to: instant))
        let line = V.selectionLine(state, at: instant) ?? 0
        let mask = String((0..<frame.width).map { frame.cells[line * frame.width + $0].style.maskCharacter })
        return (frame.lines[line], mask)
    }

    @Test func theRecordedTimelineCarriesTheStatusIdsAndTheReadersMarks() throws {
        let posts = try FeedDocumentDecoder.decode(Fixtures.data("mastodon-api/timelines_home.json")).posts
        #expect(posts.allSatisfy { $0.statusID == $0.id.description })
        // Two of the recorded statuses were boosted by the account that read them.
        #expect(
            posts.filter { $0.marks == .boosted }.map(\.id.description) == ["117020585762235614", "117020585724931720"])
        // A boost acts on the boosted status, not on the boost.
        let boosts = try FeedDocumentDecoder.decode(Fixtures.data("mastodon-boosts.json")).posts
        let boost = try #require(boosts.first { $0.boostedBy != nil })
        #expect(boost.statusID != nil && boost.statusID != boost.id.description)
    }

    @Test func theServersAnswersTellTheStatusAsItStandsNow() throws {
        let favourite = try StatusState.decode(Fixtures.data("mastodon-api/favourite.json"))
        #expect(favourite == StatusState(statusID: "117020586054490060", likes: 1, boosts: 0, marks: .favourited))
        let unfavourite = try StatusState.decode(Fixtures.data("mastodon-api/unfavourite.json"))
        #expect(unfavourite.likes == 0 && unfavourite.marks == [])
        // A reblog answers with the reader's boost, the status inside it.
        let reblog = try StatusState.decode(Fixtures.data("mastodon-api/reblog.json"))
        #expect(reblog == StatusState(statusID: "117020586019094258", likes: 0, boosts: 1, marks: .boosted))
        #expect(try StatusState.decode(Fixtures.data("mastodon-api/bookmark.json")).marks == .bookmarked)
        #expect(throws: Failure.self) { try StatusState.decode(Data("{\"error\":\"Record not found\"}".utf8)) }
    }

    @Test func aFavouriteShowsAtOncePulsesInFlightAndTakesTheServersWord() throws {
        var state = try loaded()
        let before = header(state, at: .seconds(1))
        #expect(before.text.hasSuffix("♥ 0 "), "\(before.text)")
        let effects = state.apply(.key(.character("l")), at: .seconds(1))
        let request = try #require(sent(effects).first)
        #expect(sent(effects).count == 1)
        #expect(
            request.action == ServerAction(mark: .favourited, on: true)
                && MastodonActions.endpoint(of: request.action) == "favourite")
        #expect(request.target.statusID == state.selectedPost?.statusID)
        #expect(state.liked.isEmpty, "not a like kept here")
        // In flight: counted, and pulsing (the mask's "~" is a mark with grey showing through).
        #expect(state.isAnimating)
        let inFlight = header(state, at: .seconds(1))
        #expect(inFlight.text.hasSuffix("♥ 1 "), "\(inFlight.text)")
        #expect(inFlight.mask.hasSuffix("~~~."), "\(inFlight.mask)")
        let fades = Set(
            [0, 400, 800, 1200, 1600].map {
                FeedRenderer.render(state.advanced(to: .seconds(1) + .milliseconds($0))).cells.map(\.style.fade).max()
            })
        #expect(fades.count > 1, "it pulses: \(fades)")
        // The server's word: its count and its mark, in the accent colour, still.
        _ = state.apply(try answer("favourite.json", for: request), at: .seconds(2))
        let confirmed = header(state, at: .seconds(2))
        #expect(confirmed.text.hasSuffix("♥ 1 ") && confirmed.mask.hasSuffix("HHH."), "\(confirmed)")
        #expect(state.selectedPost?.marks == .favourited && state.selectedPost?.likes == 1)
        #expect(!state.isAnimating && state.actions.isEmpty)
        // Only that status: the source's other rows keep their own.
        let others = try #require(state.feed?.posts.dropFirst())
        #expect(others.allSatisfy { $0.marks != .favourited }, "\(others.map(\.marks))")
    }

    @Test func pressesInFlightWaitTheirTurnAndTheLastWins() throws {
        var state = try loaded()
        let first = try #require(sent(state.apply(.key(.character("l")), at: .seconds(1))).first)
        // Unfavourite, favourite, unfavourite while the first is in flight: nothing sent.
        for second in 2...4 { #expect(sent(state.apply(.key(.character("l")), at: .seconds(second))).isEmpty) }
        #expect(header(state, at: .seconds(4)).text.hasSuffix("♥ 0 "))
        // The favourite is confirmed; the last press wants it undone: one request, after it.
        let effects = state.apply(try answer("favourite.json", for: first), at: .seconds(5))
        let next = try #require(sent(effects).first)
        #expect(sent(effects).count == 1 && next.action == ServerAction(mark: .favourited, on: false))
        #expect(next.id != first.id)
        _ = state.apply(try answer("unfavourite.json", for: next), at: .seconds(6))
        #expect(state.actions.isEmpty && state.selectedPost?.marks == [])
        // An even number of presses meanwhile: the first request's answer ends it.
        let third = try #require(sent(state.apply(.key(.character("l")), at: .seconds(7))).first)
        _ = state.apply(.key(.character("l")), at: .seconds(8))
        _ = state.apply(.key(.character("l")), at: .seconds(9))
        #expect(sent(state.apply(try answer("favourite.json", for: third), at: .seconds(10))).isEmpty)
        #expect(state.actions.isEmpty && state.selectedPost?.marks == .favourited)
    }

    @Test func aRefusalTakesTheRowBackAndSaysWhy() throws {
        var state = try loaded()
        _ = state.apply(.key(.character("j")), at: .seconds(1))
        let request = try #require(sent(state.apply(.key(.character("B")), at: .seconds(1))).first)
        #expect(MastodonActions.endpoint(of: request.action) == "reblog")
        #expect(header(state, at: .seconds(1)).text.hasSuffix("↻ 1  ♥ 0 "))
        let refusal = Failure.httpStatus(code: 422, reason: "Validation failed", url: "https://mastodon.example")
        _ = state.apply(.actionAnswered(ActionAnswer(request: request.id, outcome: .refused(refusal))), at: .seconds(2))
        #expect(header(state, at: .seconds(2)).text.hasSuffix("♥ 0 "), "the boost's count is gone")
        #expect(state.selectedPost?.marks == [] && state.actions.isEmpty)
        let status = V.status(state, at: .seconds(2))
        #expect(status.contains("Could not boost: HTTP 422"), "\(status)")
    }

    @Test func anActionThatCouldNotBeSentWaitsForTheServerToAnswerAgain() throws {
        var state = try loaded()
        let request = try #require(sent(state.apply(.key(.character("m")), at: .seconds(1))).first)
        #expect(header(state, at: .seconds(1)).text.hasSuffix("♥ 0  ⚑ "))
        let down = Failure.refused(host: "mastodon.example", port: nil)
        _ = state.apply(.actionAnswered(ActionAnswer(request: request.id, outcome: .unsent(down))), at: .seconds(2))
        // Kept, shown as wanted, and still: it may wait for minutes.
        #expect(header(state, at: .seconds(2)).text.hasSuffix("♥ 0  ⚑ "))
        #expect(!state.isAnimating)
        #expect(V.status(state, at: .seconds(2)).contains("Could not bookmark now"))
        // A favourite meanwhile is in flight, not waiting.
        let favourite = try #require(sent(state.apply(.key(.character("l")), at: .seconds(3))).first)
        // The source answers again: the action kept goes, and only it.
        let feed = try FeedDocumentDecoder.decode(Fixtures.data("mastodon-api/timelines_home.json"))
        let effects = V.answer(&state, source: 0, feed.posts, at: .seconds(30))
        #expect(sent(effects).count == 1, "the favourite in flight is not sent twice")
        let again = try #require(sent(effects).first)
        #expect(again.action == ServerAction(mark: .bookmarked, on: true) && again.target == request.target)
        _ = state.apply(try answer("bookmark.json", for: again), at: .seconds(31))
        #expect(state.selectedPost?.marks == .bookmarked)
        // The favourite's recorded answer is the server's word last: its marks, and nothing left.
        _ = state.apply(try answer("favourite.json", for: favourite), at: .seconds(32))
        #expect(state.selectedPost?.marks.contains(.favourited) == true && state.actions.isEmpty)
    }

    @Test func withoutAServerTheKeysSayWhereTheyWouldGo() throws {
        var state = try loaded(actsOnServer: false)
        #expect(sent(state.apply(.key(.character("B")), at: .seconds(1))).isEmpty)
        #expect(V.status(state, at: .seconds(1)).contains("To boost on the server: shimmerfeed login mastodon.example"))
        // A like stays here, as before.
        #expect(sent(state.apply(.key(.character("l")), at: .seconds(2))).isEmpty)
        #expect(state.liked.count == 1)
        // A file of saved statuses is a web feed's source: nothing is done on a server.
        var blog = AppState(options: V.options(1, animation: .slide), size: TerminalSize(width: 100, height: 24))
        _ = blog.apply(.start, at: .zero)
        let feed = try FeedDocumentDecoder.decode(Fixtures.data("mastodon-api/timelines_home.json"))
        _ = V.answer(&blog, source: 0, feed.posts, at: .milliseconds(100))
        _ = blog.apply(.key(.character("m")), at: .seconds(1))
        #expect(V.status(blog, at: .seconds(1)).contains("A feed's post cannot be bookmarked on a server"))
    }

    @Test func theBoostedStatusAndItsBoostTakeTheAnswerTogether() throws {
        var options = V.options(1, animation: .none)
        options.readFromMastodon(withAccount: true)
        var state = AppState(options: options, size: TerminalSize(width: 100, height: 40))
        _ = state.apply(.start, at: .zero)
        let status = try FeedDocumentDecoder.decode(Fixtures.data("mastodon-api/status_to_reblog.json")).posts
        let reblog = try FeedDocumentDecoder.decode(Fixtures.data("mastodon-api/reblog.json")).posts
        _ = V.answer(&state, source: 0, reblog + status, at: .milliseconds(100))
        #expect(state.feed?.posts.count == 2)
        let request = try #require(sent(state.apply(.key(.character("l")), at: .seconds(1))).first)
        _ = state.apply(try answer("favourite.json", for: request), at: .seconds(2))
        // Both rows take the server's word (the recorded answer's: favourited, not boosted).
        #expect(state.feed?.posts.map(\.marks) == [.favourited, .favourited])
        #expect(state.feed?.posts.map(\.likes) == [1, 1])
    }
}

/// The mark in flight pulses between its colour and the skeleton's grey, never reaching
/// either: a still frame tells it from a confirmed one, and it stays readable.
@Suite struct PendingPulseTests {
    @Test func itMovesWithinTheFadesStepsButNeitherEnd() {
        let fades = (0..<60).map { PendingPulse.fade(at: .milliseconds($0 * 50), animated: true) }
        #expect(Set(fades).count > 1, "it pulses")
        #expect(fades.allSatisfy { $0 >= 1 && $0 < CrossFade.steps }, "\(fades)")
        #expect(
            PendingPulse.fade(at: .seconds(1), animated: false) == PendingPulse.fade(at: .seconds(2), animated: false))
    }
}
