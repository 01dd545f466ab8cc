import FeedTransport
import Foundation
import TestSupport
import Testing

@testable import FeedCore
@testable import MastodonNetwork

/// `R` and `c`: the draft's file as the editor opens it and as it is read back, its length
/// as Mastodon counts it, and the post at the top of the timeline, sending, then the
/// server's.
@Suite struct ComposeTests {
    typealias V = Views

    @Test func aReplysFileHasItsHeadersHelpAndMentionAndReadsBack() throws {
        let poster = MastodonPosting(
            actor: .init(server: "https://mastodon.example", token: "t", name: "@me@mastodon.example", resolves: false),
            client: HTTPClient())
        let file = DraftFile.template(
            replyTo: "ada@elsewhere.example", mentions: "@ada@elsewhere.example ", limit: poster.limitNote(500))
        #expect(file.hasPrefix("# A reply to @ada@elsewhere.example."))
        #expect(file.contains("\nCW: \nVisibility: public\nLanguage: \n\n@ada@elsewhere.example "))
        #expect(file.contains("# At most 500 characters; a link counts as 23."))
        // Left as it was given: nothing to post.
        #expect(try DraftFile.parse(file, given: "@ada@elsewhere.example ") == nil)
        let written =
            file.replacingOccurrences(of: "CW: ", with: "CW: spoilers")
            .replacingOccurrences(of: "Visibility: public", with: "Visibility: Unlisted")
            .replacingOccurrences(of: "Language: ", with: "Language: de") + "Danke!\n# a note to myself\n\n"
        let draft = try #require(try DraftFile.parse(written, given: "@ada@elsewhere.example "))
        #expect(
            draft
                == Draft(
                    text: "@ada@elsewhere.example Danke!", contentWarning: "spoilers", visibility: .unlisted,
                    language: "de"))
    }

    /// A quote's draft names what it quotes and shows its first lines in comments, safe for
    /// the editor's terminal; the comments are left out of the text read back.
    @Test func aQuotesFileShowsTheQuotedPostsFirstLinesSafely() throws {
        let context = (["Line one \u{1B}]52;c;aGk=\u{07}", ""] + (2...12).map { "Line \($0)" }).joined(separator: "\n")
        let file = DraftFile.template(replyTo: nil, quoting: "ada.bsky.social", context: context, limit: nil)
        #expect(file.hasPrefix("# A quote of @ada.bsky.social's post."))
        let shown = file.split(separator: "\n").filter { $0.hasPrefix("# │") }
        #expect(shown.count == DraftFile.contextLineLimit + 1 && shown.last == "# │ …")
        #expect(shown.first?.hasPrefix("# │ Line one") == true && !file.contains("\u{1B}") && !file.contains("\u{07}"))
        #expect(try DraftFile.parse(file + "My words") == Draft(text: "My words"))
    }

    @Test func anEmptyTextCancelsAndAnUnknownVisibilityIsSaid() throws {
        #expect(try DraftFile.parse(DraftFile.template(replyTo: nil, limit: nil)) == nil)
        #expect(try DraftFile.parse("# only help\n\n   \n") == nil)
        #expect(throws: DraftFile.Problem.self) { try DraftFile.parse("Visibility: everyone\n\nHello") }
        do {
            _ = try DraftFile.parse("Visibility: everyone\n\nHello")
        } catch {
            #expect(error.message.contains("not “everyone”"))
            let again = DraftFile.reopened("Visibility: everyone\n\nHello", saying: error.message)
            #expect(again.hasPrefix("# Visibility must be"), "the problem on top, as a comment the parse leaves out")
        }
        // A text whose first line looks like a header is the text.
        #expect(try DraftFile.parse("Note: this is the text") == Draft(text: "Note: this is the text"))
    }

    @Test func theLengthCountsLinksAs23AndAnotherServersMentionByItsName() {
        #expect(Draft(text: "hello").mastodonLength == 5)
        let link = "https://example.org/" + String(repeating: "a", count: 200)
        #expect(Draft(text: "see \(link)").mastodonLength == 4 + Draft.charactersPerLink)
        #expect(Draft(text: "@ada@mastodon.example hi").mastodonLength == "@ada hi".count)
        #expect(Draft(text: "👩‍👩‍👧 é", contentWarning: "cw").mastodonLength == 3 + 2, "characters as the reader sees them")
    }

    /// The recorded home timeline, read with an account.
    private func loaded(actsOnServer: Bool = true) throws -> AppState {
        var options = V.options(1, animation: .none)
        options.readFromMastodon(withAccount: actsOnServer)
        var state = AppState(options: options, size: TerminalSize(width: 100, height: 30))
        _ = state.apply(.start, at: .zero)
        let feed = try FeedDocumentDecoder.decode(Fixtures.data("mastodon-api/timelines_home.json"))
        _ = V.answer(&state, source: 0, feed.posts, at: .milliseconds(100))
        return state
    }

    @Test func rAsksForAReplyAndThePostShowsSendingThenTheServers() throws {
        var state = try loaded()
        _ = state.apply(.key(.character("j")), at: .seconds(1))
        let effects = state.apply(.key(.character("R")), at: .seconds(1))
        let target = ComposeRequest.Target(
            statusID: "117020592137523525", handle: "admin",
            statusURL: "http://localhost:3000/@admin/117020592137523525", text: state.selectedPost?.content ?? "-")
        #expect(effects == [.compose(ComposeRequest(id: 1, source: 0, replyTo: target))])
        #expect(state.apply(.key(.character("c")), at: .seconds(1)) == [.compose(ComposeRequest(id: 2, source: 0))])
        // The draft at the top, sending; the selection stays on its post.
        let count = state.feed?.posts.count ?? 0
        let unread = state.timeline.unreadCount
        var draft = Post(
            id: .string("draft"), author: Author(name: "@me@mastodon.example"), content: "Hi!", likes: nil,
            createdAt: V.now)
        draft.source = PostSource(index: 0, name: nil)
        _ = state.apply(.posting(id: 1, .sending(draft)), at: .seconds(2))
        #expect(state.feed?.posts.count == count + 1)
        #expect(state.selectedPost?.author.handle == "admin", "the selection kept its post")
        let lines = V.frame(state, at: .seconds(2))
        #expect(lines[0].contains("@me@mastodon.example") && lines[0].contains("sending…"), "\(lines[0])")
        #expect(lines.dropFirst().allSatisfy { !$0.contains("sending…") }, "the other rows as they were")
        // The server's status takes its place.
        let posted = try MastodonAnswer.post(from: Fixtures.data("mastodon-api/status_post.json"))
        _ = state.apply(.posting(id: 1, .posted(posted, note: nil)), at: .seconds(3))
        #expect(state.feed?.posts.count == count + 1)
        #expect(state.feed?.posts.first?.statusID == "117020585985737016")
        #expect(state.feed?.posts.first?.id == PostID.string("117020585985737016").tagged(by: 0))
        #expect(!V.frame(state, at: .seconds(3))[0].contains("sending…"))
        #expect(V.status(state, at: .seconds(3)).contains("Posted."))
        // The reader's own post is read: the count as it was, and so after a recount.
        #expect(state.timeline.unreadCount == unread)
        state.timeline.recountUnread(in: state.frame)
        #expect(state.timeline.unreadCount == unread)
    }

    @Test func aFailedPostIsTakenAwayAndTheMessageSaysWhereItsDraftIs() throws {
        var state = try loaded()
        let count = state.feed?.posts.count ?? 0
        var draft = Post(id: .string("draft"), author: Author(name: "me"), content: "Hi!", likes: nil, createdAt: V.now)
        draft.source = PostSource(index: 0, name: nil)
        _ = state.apply(.posting(id: 7, .sending(draft)), at: .seconds(2))
        _ = state.apply(
            .posting(id: 7, .failed("Could not post: HTTP 422; the draft is kept in /x/draft.txt")), at: .seconds(3))
        #expect(state.feed?.posts.count == count && state.timeline.outgoing.isEmpty)
        #expect(V.status(state, at: .seconds(3)).contains("the draft is kept in /x/draft.txt"))
    }

    /// The reader moved down while their post was sending: when it fails and goes, the
    /// selection stays on the post it was on.
    @Test func aFailedPostTakenAwayLeavesTheSelectionWhereItWas() throws {
        var state = try loaded()
        _ = state.apply(.key(.character("j")), at: .seconds(1))
        _ = state.apply(.key(.character("j")), at: .seconds(1))
        let selected = try #require(state.timeline.selectedPost?.id)
        var draft = Post(id: .string("draft"), author: Author(name: "me"), content: "Hi!", likes: nil, createdAt: V.now)
        draft.source = PostSource(index: 0, name: nil)
        _ = state.apply(.posting(id: 8, .sending(draft)), at: .seconds(2))
        #expect(state.timeline.selectedPost?.id == selected)
        _ = state.apply(.posting(id: 8, .failed("Could not post")), at: .seconds(3))
        #expect(state.timeline.selectedPost?.id == selected)
    }

    @Test func withoutAnAccountRSaysWhereToSignIn() throws {
        var state = try loaded(actsOnServer: false)
        #expect(state.apply(.key(.character("R")), at: .seconds(1)).isEmpty)
        #expect(V.status(state, at: .seconds(1)).contains("To reply: shimmerfeed login mastodon.example"))
        #expect(state.apply(.key(.character("c")), at: .seconds(2)).isEmpty)
        #expect(V.status(state, at: .seconds(2)).contains("To post: shimmerfeed login"))
    }
}
