import Foundation
import TestSupport
import Testing

@testable import BlueskyNetwork
@testable import FeedCore

/// Bluesky's posts in the views: a timeline of Bluesky's alone names no network, the quote
/// count shows, a like and a repost go as records and the next press starts from
/// the server's answer, and `G` shows what failed below the last post.
@Suite struct BlueskyRowsTests {
    private func recorded(_ name: String) throws -> [Post] {
        try FeedDocumentDecoder.decode(try Fixtures.data(name)).posts
    }

    @Test func aTimelineOfOneNetworkNamesNone() throws {
        var state = Views.started(2)
        Views.answer(&state, source: 0, try recorded("bluesky/feed.json"), at: .milliseconds(100))
        Views.answer(&state, source: 1, try recorded("bluesky/list_feed.json"), at: .milliseconds(100))
        let view = state.timeline.viewport(in: state.frame)
        #expect(!state.timeline.namesNetworks)
        #expect((0..<(state.feed?.posts.count ?? 0)).allSatisfy { !view.content(at: $0).meta.contains("Bluesky") })
    }

    /// A quoted post whose text wraps keeps its bar on every line of the row (its
    /// continuation lines ran into the quoting post's text before).
    @Test func aQuotedPostKeepsItsBarWhenItsTextWraps() throws {
        let post = try recorded("bluesky/author_feed.json")[21]
        var state = Views.started(1, size: TerminalSize(width: 50, height: 60))
        Views.answer(&state, source: 0, [post], at: .milliseconds(100))
        _ = state.apply(.key(.enter), at: .seconds(1))
        let lines = Views.frame(state, at: .seconds(1))
        let first = try #require(lines.firstIndex { $0.contains("│ bskyr R package") })
        let last = try #require(lines.lastIndex { $0.contains("│ ") })
        let quoted = post.content.components(separatedBy: "\n\n").last?.split(separator: "\n") ?? []
        #expect(last - first + 1 > quoted.count, "the quote wraps at 50 columns:\n\(lines.joined(separator: "\n"))")
        let column = try #require(lines[first].firstRange(of: "│ ")?.lowerBound).utf16Offset(in: lines[first])
        for line in lines[first...last] {
            #expect(line.firstRange(of: "│ ")?.lowerBound.utf16Offset(in: line) == column, "\(line)")
        }
    }

    @Test func quotesAreCountedInGlyphsAndInWords() throws {
        let post = try #require(try recorded("bluesky/feed.json").first { ($0.quotes ?? 0) > 0 })
        let quotes = try #require(post.quotes)
        let glyphs = RowContent(post: post, now: Fixtures.referenceDate).counts.map(\.text)
        #expect(glyphs.contains("\(RowContent.quoteMark) \(CountFormat.compact(quotes))"))
        let words = RowContent(post: post, now: Fixtures.referenceDate, inWords: true).counts.map(\.text)
        #expect(words.contains("\(CountFormat.compact(quotes)) quotes"))
    }

    /// A view of the recorded timeline, read through a session that acts on it.
    private func signedIn() throws -> AppState {
        var options = Views.options(1)
        options.readFromBluesky(withSession: true)
        var state = AppState(options: options, size: Views.size)
        _ = state.apply(.start, at: .zero)
        Views.answer(&state, source: 0, try recorded("bluesky/timeline.json"), at: .milliseconds(100))
        return state
    }

    @Test func aLikeIsARecordAndItsUndoDeletesTheRecordTheServerMade() throws {
        var state = try signedIn()
        let post = try #require(state.timeline.selectedPost)
        let record = try #require(post.record)
        guard case .sendAction(let like)? = state.apply(.key(.character("l")), at: .seconds(1)).first else {
            Issue.record("no like sent")
            return
        }
        #expect(like.action == ServerAction(mark: .favourited, on: true))
        #expect(like.target.statusID == post.statusID && like.target.record == record)
        #expect(like.target.likes == post.likes)
        // The server made the like: its record is what the undo deletes.
        var answer = StatusState(
            statusID: like.target.statusID, likes: (post.likes ?? 0) + 1, boosts: post.boosts, marks: [.favourited])
        answer.payload = BlueskyRecord(cid: record.cid, like: "at://did:plc:me/app.bsky.feed.like/3k").payload
        _ = state.apply(.actionAnswered(ActionAnswer(request: like.id, outcome: .confirmed(answer))), at: .seconds(2))
        #expect(state.timeline.selectedPost?.record?.like == "at://did:plc:me/app.bsky.feed.like/3k")
        guard case .sendAction(let unlike)? = state.apply(.key(.character("l")), at: .seconds(3)).first else {
            Issue.record("no unlike sent")
            return
        }
        #expect(unlike.action == ServerAction(mark: .favourited, on: false))
        #expect(unlike.target.record?.like == "at://did:plc:me/app.bsky.feed.like/3k")
        #expect(unlike.target.likes == (post.likes ?? 0) + 1)
        // A refusal says it in Bluesky's words.
        _ = state.apply(
            .actionAnswered(
                ActionAnswer(request: unlike.id, outcome: .refused(.httpStatus(code: 500, reason: "", url: "u")))),
            at: .seconds(4))
        #expect(Views.status(state, at: .seconds(4)).contains("Could not unlike"))
    }

    @Test func aBlueskyPostIsNotBookmarked() throws {
        var state = try signedIn()
        #expect(state.apply(.key(.character("m")), at: .seconds(1)).isEmpty)
        #expect(Views.status(state, at: .seconds(1)).contains("A Bluesky post cannot be bookmarked"))
    }

    @Test func theListsEndShowsTheFailedSourceBelowTheLastPost() throws {
        var state = Views.started(2)
        Views.answer(&state, source: 0, try recorded("bluesky/feed.json"), at: .milliseconds(100))
        Views.fail(&state, source: 1, .unknownHandle("nobody.example", network: "Bluesky"), at: .milliseconds(100))
        _ = state.apply(.key(.character("G")), at: .seconds(1))
        let frame = Views.frame(state, at: .seconds(1))
        #expect(frame.contains { $0.contains("⚠ Source 1 failed, r to retry · no Bluesky account has the handle") })
        #expect(frame.contains { $0.hasPrefix("▌") })
    }
    /// Signed in, `R` on a Bluesky post asks a reply to it (its `at://` address, its
    /// author's handle), and `t` its thread: Bluesky writes and reads them now.
    @Test func aBlueskyPostIsRepliedToAndItsThreadAsked() throws {
        var state = try signedIn()
        let post = try #require(state.selectedPost)
        let reply = state.apply(.key(.character("R")), at: .seconds(1))
        guard case .compose(let request)? = reply.first else {
            Issue.record("R asked no reply: \(reply)")
            return
        }
        #expect(request.replyTo?.statusID == post.statusID && request.replyTo?.statusID.hasPrefix("at://") == true)
        #expect(request.replyTo?.handle == post.author.handle)
        let asked = state.apply(.key(.character("t")), at: .seconds(2))
        #expect(asked.contains { if case .loadThread = $0 { true } else { false } }, "\(asked)")
    }

    /// `"` on a Bluesky post asks a quote of it, with its text for the draft's context;
    /// the post, sent, shows the quote behind its bar, and a mention left as text is said.
    @Test func aBlueskyPostIsQuotedAndThePostedNoteSaid() throws {
        var state = try signedIn()
        let post = try #require(state.selectedPost)
        guard case .compose(let request)? = state.apply(.key(.character("\"")), at: .seconds(1)).first else {
            Issue.record("Q asked no quote")
            return
        }
        #expect(request.replyTo == nil && request.quoting?.statusID == post.statusID)
        #expect(request.quoting?.handle == post.author.handle && request.quoting?.text == post.content)
        var sending = Post(
            id: .string("draft"), author: Author(name: "@me.bsky.social"),
            content: Draft(text: "So true", quoting: request.quoting).shownText, likes: nil, createdAt: Views.now)
        sending.source = PostSource(index: 0, name: nil)
        _ = state.apply(.posting(id: request.id, .sending(sending)), at: .seconds(2))
        _ = state.apply(.key(.character("g")), at: .seconds(2))
        _ = state.apply(.key(.enter), at: .seconds(2))
        let frame = Views.frame(state, at: .seconds(2))
        let handle = try #require(post.author.handle)
        #expect(frame.contains { $0.contains("│ @\(handle)") }, "\(frame.joined(separator: "\n"))")
        var posted = sending
        posted.id = .string("at://did:plc:me/app.bsky.feed.post/3lprdue7g0000")
        _ = state.apply(
            .posting(id: request.id, .posted(posted, note: "@nobody.example is no Bluesky account: left as text")),
            at: .seconds(3))
        #expect(Views.status(state, at: .seconds(3)).contains("Posted; @nobody.example is no Bluesky account"))
    }

    /// Where the network has no quotes to write, `"` says so and asks nothing.
    @Test func aFeedsPostIsNotQuoted() throws {
        var state = Views.started(1)
        Views.answer(&state, source: 0, try recorded("bluesky/feed.json"), at: .milliseconds(100))
        #expect(state.apply(.key(.character("\"")), at: .seconds(1)).isEmpty)
        #expect(Views.status(state, at: .seconds(1)).contains("cannot be quoted here"))
    }

    @Test func withoutAnAccountARepostSaysWhereToSignIn() throws {
        var options = Views.options(1)
        options.readFromBluesky(withSession: false)
        var state = AppState(options: options, size: Views.size)
        _ = state.apply(.start, at: .zero)
        Views.answer(&state, source: 0, try recorded("bluesky/feed.json"), at: .milliseconds(100))
        #expect(state.apply(.key(.character("B")), at: .seconds(1)).isEmpty)
        #expect(Views.status(state, at: .seconds(1)).contains("To repost on the server: shimmerfeed login bsky."))
    }

    @Test func anUndoPressedWhileTheLikeIsOnItsWayDeletesTheRecordTheLikeMade() throws {
        var state = try signedIn()
        let post = try #require(state.timeline.selectedPost)
        guard case .sendAction(let like)? = state.apply(.key(.character("l")), at: .seconds(1)).first else {
            Issue.record("no like sent")
            return
        }
        // Pressed again before the server answered: the undo waits for the like's answer.
        #expect(state.apply(.key(.character("l")), at: .seconds(1)).isEmpty)
        var answer = StatusState(
            statusID: like.target.statusID, likes: (post.likes ?? 0) + 1, boosts: post.boosts, marks: [.favourited])
        answer.payload =
            BlueskyRecord(cid: like.target.record?.cid ?? "", like: "at://did:plc:me/app.bsky.feed.like/3m")
            .payload
        let effects = state.apply(
            .actionAnswered(ActionAnswer(request: like.id, outcome: .confirmed(answer))), at: .seconds(2))
        guard case .sendAction(let unlike)? = effects.first else {
            Issue.record("no unlike sent after the like's answer: \(effects)")
            return
        }
        #expect(unlike.action == ServerAction(mark: .favourited, on: false))
        #expect(unlike.target.record?.like == "at://did:plc:me/app.bsky.feed.like/3m")
        #expect(unlike.target.likes == (post.likes ?? 0) + 1)
    }
}
