import FeedCommandLine
import Foundation
import TestSupport
import Testing

@testable import FeedCore

/// Mutes: what a rule matches (tier 1), and a muted post hidden from the rows, a search and
/// the unread count, counted, and shown dimmed on `M` (tier 2). Mastodon's own filters, as
/// a real server sends them, hide or collapse.
@Suite struct MuteTests {
    private func rule(_ line: String) throws -> MuteRules.Rule {
        try MuteRules.rule(try ConfigWords.split(line))
    }

    private func post(
        title: String? = nil, content: String = "", author: String = "Ada Park", handle: String? = nil
    ) -> Post {
        Post(
            id: .string(UUID().uuidString), author: Author(name: author, handle: handle), title: title,
            content: content, likes: nil, createdAt: Fixtures.referenceDate)
    }

    private func mutes(_ line: String, _ post: Post, sourceNames: [String] = []) throws -> Bool {
        MuteRules(everywhere: [try rule(line)]).mutes(post, sourceNames: sourceNames)
    }

    @Test func wordsWholeWithCaseAndAccentsAside() throws {
        #expect(try mutes("crypto", post(content: "All about CRYPTO today")))
        #expect(try mutes("creme", post(title: "Crème brûlée, the recipe")), "accents aside")
        #expect(try mutes("Crème", post(content: "creme for everyone")), "either way")
        #expect(try !mutes("art", post(content: "the party starts at nine")), "a word inside a longer one is not it")
        #expect(try mutes("art", post(content: "modern art, at last")))
        #expect(try mutes("crypto nft", post(title: "Crypto", content: "and an NFT")), "every word, anywhere")
        #expect(try !mutes("crypto nft", post(content: "crypto only")))
        #expect(try mutes("\"super bowl\"", post(content: "The Super Bowl ads")), "a quoted phrase")
        #expect(try !mutes("\"super bowl\"", post(content: "a bowl, super")))
        #expect(try mutes("park", post(content: "hello")), "the author's name is searched too")
        #expect(try mutes("newsdesk", post(content: "hello"), sourceNames: ["The Newsdesk"]), "and the source's")
    }

    @Test func authorsByHandleOrName() throws {
        let ada = post(content: "x", handle: "ada@social.example")
        #expect(try mutes("author @ada", ada), "@ada on any server")
        #expect(try mutes("author @ADA@social.example", ada))
        #expect(try !mutes("author @ada@elsewhere.example", ada))
        #expect(try !mutes("author @ad", ada), "not a prefix of the name")
        #expect(try mutes("author @ada", post(content: "x", handle: "ada")))
        #expect(try mutes("author \"ada park\"", ada), "a name, case aside")
        #expect(try !mutes("author @ada", post(content: "x", author: "ada")), "a handle is not a name")
    }

    @Test func sourcesAndPatterns() throws {
        #expect(
            try mutes("source Tech News", post(content: "x"), sourceNames: ["tech news", "https://t.example/feed"]))
        #expect(try !mutes("source Tech", post(content: "x"), sourceNames: ["Tech News"]))
        #expect(
            try mutes(
                "source https://t.example/feed", post(content: "x"), sourceNames: ["T", "https://t.example/feed"]))
        #expect(try mutes("/b[io]tcoin/", post(content: "BITCOIN to the moon")), "case aside")
        #expect(try mutes("\"/^re: /\"", post(title: "Re: your mail")), "quoted, with its spaces")
        #expect(try !mutes("\"/^re: /\"", post(title: "more: your mail")))
        #expect(try mutes("/@ada$/", post(content: "x", handle: "@ada")))
    }

    @Test(arguments: [
        ("mute", "config:1: mute takes words, author @handle, source NAME or /regex/: mute crypto"),
        ("mute author", "config:1: mute author takes one handle or a quoted name: mute author @ada"),
        ("mute author @a @b", "config:1: mute author takes one handle or a quoted name: mute author @ada"),
        ("mute source", "config:1: mute source takes a source's name"),
    ])
    func badMuteLines(_ line: String, _ message: String) {
        #expect(throws: Configuration.ParseError.self) { try Configuration.parse(line, file: "config") }
        do {
            _ = try Configuration.parse(line, file: "config")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func aBadRegexIsAnErrorOfItsLine() {
        do {
            _ = try Configuration.parse("refresh 5m\nmute /b[io/", file: "config")
            Issue.record("no error")
        } catch {
            #expect(error.description.hasPrefix("config:2: /b[io/ is not a regular expression: "))
        }
    }

    // MARK: the view

    private static func mutedView(_ lines: String) throws -> AppState {
        var options = Views.options(2)
        options.tracksRead = true
        options.mutes.everywhere = try Configuration.parse(lines, file: "config").mutes
        var state = AppState(options: options, size: Views.size)
        _ = state.apply(.start, at: .zero)
        var crypto = Views.post("c", minutesAgo: 3)
        crypto.content = "Buy crypto now"
        Views.answer(&state, source: 0, [Views.post("a", minutesAgo: 1), crypto], at: .milliseconds(50))
        Views.answer(
            &state, source: 1, [Views.post("b", minutesAgo: 2), Views.post("d", minutesAgo: 4)], at: .milliseconds(60))
        return state
    }

    @Test func mutedPostsAreHiddenCountedThenShownDimmed() throws {
        var state = try Self.mutedView("mute crypto\nmute source Source 1")
        #expect(Views.titles(state) == ["Post a"], "the crypto post and source 1's are hidden")
        #expect(state.unreadCount == 1, "and not counted unread")
        let status = Views.status(state, at: .seconds(1))
        #expect(status.contains("1 post from 2 sources · 1 unread · 3 muted (M)"))

        _ = state.apply(.key(.character("M")), at: .seconds(2))
        #expect(Views.titles(state) == ["Post a", "Post b", "Post c", "Post d"])
        #expect(state.unreadCount == 1, "muted posts shown are still not unread")
        #expect(Views.status(state, at: .seconds(3)).contains("3 muted shown"))
        let frame = FeedRenderer.render(state.advanced(to: .seconds(3)))
        let bLine = try #require(frame.lines.firstIndex { $0.contains("Post b") })
        let styles = (0..<frame.width).map { frame[bLine, $0].style.ink }
        #expect(styles.contains(Ink.muted) && !styles.contains(Ink.title), "a muted post is drawn dimmed")
        let aLine = try #require(frame.lines.firstIndex { $0.contains("Post a") })
        #expect((0..<frame.width).contains { frame[aLine, $0].style.ink == Ink.title })

        _ = state.apply(.key(.character("M")), at: .seconds(4))
        #expect(Views.titles(state) == ["Post a"], "hidden again")
    }

    /// Hiding the muted posts while one is selected: the selection stays where it was, on
    /// the post that takes its place.
    @Test func hidingTheSelectedMutedPostKeepsTheSelectionsPlace() throws {
        var state = try Self.mutedView("mute crypto")
        let more = [("b", 2), ("d", 4), ("e", 5), ("f", 6)].map { Views.post($0.0, minutesAgo: $0.1) }
        Views.answer(&state, source: 1, more, at: .milliseconds(70))
        _ = state.apply(.key(.character("M")), at: .seconds(1))
        #expect(Views.titles(state) == ["Post a", "Post b", "Post c", "Post d", "Post e", "Post f"])
        for _ in 0..<2 { _ = state.apply(.key(.character("j")), at: .seconds(1)) }
        #expect(state.selectedPost?.title == "Post c", "the muted one")
        _ = state.apply(.key(.character("M")), at: .seconds(2))
        #expect(Views.titles(state) == ["Post a", "Post b", "Post d", "Post e", "Post f"])
        #expect(state.selectedPost?.title == "Post d", "its place, not the last nor the first")
    }

    /// A post changed to hold a muted word (an edit) is judged again, and hidden.
    @Test func anEditedPostIsJudgedAgain() throws {
        var state = try Self.mutedView("mute crypto")
        #expect(Views.titles(state).contains("Post a"))
        var edited = Views.post("a", minutesAgo: 1)
        edited.content = "now about crypto"
        Views.answer(&state, source: 0, [edited], at: .seconds(1))
        #expect(!Views.titles(state).contains("Post a"))
        #expect(state.mutedCount == 2)
    }

    /// The hint names the key as bound.
    @Test func theCountsHintIsTheKeyAsBound() throws {
        var state = try Self.mutedView("mute crypto")
        #expect(Views.status(state, at: .seconds(1)).contains("1 muted (M)"))
        var options = state.options
        options.keys = try Configuration.parse("unbind M\nbind F2 show-muted", file: "config").keys
        state = AppState(options: options, size: Views.size)
        _ = state.apply(.start, at: .zero)
        var crypto = Views.post("c", minutesAgo: 3)
        crypto.content = "crypto"
        Views.answer(&state, source: 0, [crypto, Views.post("a", minutesAgo: 1)], at: .milliseconds(50))
        #expect(Views.status(state, at: .seconds(1)).contains("1 muted (F2)"))
        _ = state.apply(.key(.function(2)), at: .seconds(2))
        #expect(Views.titles(state).count == 2)
    }

    @Test func aSearchFindsNoMutedPost() throws {
        var state = try Self.mutedView("mute crypto")
        _ = state.apply(.key(.character("/")), at: .seconds(1))
        for character in "buy" { _ = state.apply(.key(.character(character)), at: .seconds(1)) }
        #expect(state.search?.results.isEmpty == true)
        var stored = Views.post("s", minutesAgo: 9)
        stored.content = "buy crypto, from the store"
        stored.tag(with: PostSource(index: 0, name: "Source 0", paged: false))
        _ = state.apply(.storeMatches([stored], query: "buy"), at: .seconds(1))
        #expect(state.search?.results.isEmpty == true, "nor a muted one the store finds")
    }

    @Test func aMutedPostThatArrivesLaterStaysHiddenAndCounted() throws {
        var state = try Self.mutedView("mute crypto")
        #expect(state.mutedCount == 1)
        var more = Views.post("e", minutesAgo: 5)
        more.content = "crypto again"
        Views.answer(
            &state, source: 1, [more, Views.post("b", minutesAgo: 2), Views.post("d", minutesAgo: 4)], at: .seconds(1))
        #expect(!Views.titles(state).contains("Post e"))
        #expect(state.mutedCount == 2)
        // A reload of source 0 keeps its muted post aside, not lost: M still shows it.
        Views.answer(&state, source: 0, [Views.post("a", minutesAgo: 1)], at: .seconds(2))
        _ = state.apply(.key(.character("M")), at: .seconds(3))
        #expect(Views.titles(state).contains("Post e"))
    }

}
