import Foundation
import TestSupport
import Testing

@testable import FeedCore
@testable import MastodonNetwork

/// Polls: in an expanded post whose poll is open, on a source an account reads, the number
/// keys choose and Enter votes; the server's answer shows the results as bars. The poll is
/// the one Mastodon.py's test suite posted and voted in (mastodon-api/SOURCES.md).
@Suite struct PollVotingTests {
    typealias V = Views
    /// While the recorded poll was open.
    static let recordedAt = Date(timeIntervalSince1970: 1_785_592_500)  // 2026-08-01T13:55Z

    private func loaded(multiple: Bool = true, actsOnServer: Bool = true) throws -> AppState {
        var options = V.options(1, animation: .none)
        options.readFromMastodon(withAccount: actsOnServer)
        var state = AppState(options: options, size: TerminalSize(width: 100, height: 24))
        _ = state.apply(.start, at: .zero)
        var post = try FeedDocumentDecoder.decode(
            Data("[".utf8) + Fixtures.data("mastodon-api/status_with_poll.json") + Data("]".utf8)
        ).posts
        post[0].poll?.multiple = multiple
        _ = state.apply(
            .loaded(Feed(title: nil, posts: post), source: 0, generation: state.generation, at: Self.recordedAt),
            at: .milliseconds(100))
        return state
    }

    private func lines(_ state: AppState) -> [String] { V.frame(state, at: .seconds(10)) }

    @Test func theNumberKeysChooseAndEnterVotesThenTheResultsShow() throws {
        var state = try loaded()
        #expect(lines(state)[2].contains("☰ poll · 2 options · 0 votes · closes in 2m"), "\(lines(state)[2])")
        _ = state.apply(.key(.enter), at: .seconds(1))
        #expect(lines(state)[2].contains("[ ] 1  four twenty") && lines(state)[3].contains("[ ] 2  sixty-nine"))
        #expect(lines(state)[4].contains("number keys choose, several · 0 votes"))
        for key in ["2", "1", "1", "1"] {
            #expect(state.apply(.key(.character(Character(key))), at: .seconds(2)).isEmpty)
        }
        #expect(lines(state)[2].contains("[x] 1") && lines(state)[3].contains("[x] 2"))
        #expect(lines(state)[4].contains("Enter votes"))
        let effects = state.apply(.key(.enter), at: .seconds(3))
        #expect(effects == [.vote(request: 1, source: 0, pollID: "1", choices: [0, 1])])
        #expect(state.expanded.count == 1, "Enter voted; the post stays open")
        // The server's answer (recorded: a vote for the second option).
        let poll = try MastodonAnswer.poll(from: Fixtures.data("mastodon-api/poll_voted.json"))
        _ = state.apply(.voted(request: 1, .success(poll)), at: .seconds(4))
        let after = lines(state)
        #expect(after[2].contains("░░░░░░░░░░   0%  four twenty · 0") && !after[2].contains("✓"), "\(after[2])")
        #expect(after[3].contains("██████████ 100%  sixty-nine · 1 ✓"), "\(after[3])")
        #expect(V.status(state, at: .seconds(4)).contains("Voted."))
        // Voted: the number keys mean nothing more, and Enter collapses.
        #expect(state.apply(.key(.character("1")), at: .seconds(5)).isEmpty)
        _ = state.apply(.key(.enter), at: .seconds(5))
        #expect(state.expanded.isEmpty)
    }

    @Test func aSingleChoicePollTakesOneOptionAndEnterWithNothingChosenCollapses() throws {
        var state = try loaded(multiple: false)
        _ = state.apply(.key(.enter), at: .seconds(1))
        #expect(lines(state)[2].contains("( ) 1  four twenty"))
        _ = state.apply(.key(.character("1")), at: .seconds(2))
        _ = state.apply(.key(.character("2")), at: .seconds(2))
        #expect(lines(state)[2].contains("( ) 1") && lines(state)[3].contains("(•) 2"))
        _ = state.apply(.key(.character("2")), at: .seconds(2))
        #expect(lines(state)[3].contains("( ) 2"), "chosen again: unchosen")
        #expect(state.apply(.key(.character("9")), at: .seconds(2)).isEmpty, "no ninth option")
        _ = state.apply(.key(.enter), at: .seconds(3))
        #expect(state.expanded.isEmpty)
    }

    @Test func aRefusedVoteKeepsTheChoicesAndSaysWhy() throws {
        var state = try loaded()
        _ = state.apply(.key(.enter), at: .seconds(1))
        _ = state.apply(.key(.character("2")), at: .seconds(2))
        _ = state.apply(.key(.enter), at: .seconds(3))
        let failure = Failure.httpStatus(code: 422, reason: "Unprocessable Entity", url: "https://mastodon.example")
        _ = state.apply(.voted(request: 1, .failure(failure)), at: .seconds(4))
        #expect(V.status(state, at: .seconds(4)).contains("Could not vote: HTTP 422"))
        #expect(lines(state)[3].contains("[x] 2"), "the choice kept, to try again")
    }

    @Test func withoutAnAccountOrOnceClosedThePollShowsItsResults() throws {
        var state = try loaded(actsOnServer: false)
        _ = state.apply(.key(.enter), at: .seconds(1))
        #expect(lines(state)[2].contains("░░░░░░░░░░   0%  four twenty"))
        // The recorded poll read after it closed.
        var closed = try loaded()
        _ = closed.apply(
            .loaded(
                Feed(
                    title: nil,
                    posts: closed.feed?.posts.map {
                        var post = $0; post.poll?.closed = true; return post
                    } ?? []),
                source: 0, generation: closed.generation, at: Self.recordedAt),
            at: .seconds(1))
        _ = closed.apply(.key(.enter), at: .seconds(2))
        #expect(lines(closed)[2].contains("0%  four twenty") && lines(closed)[4].contains("closed"))
    }
}
