import Foundation
import TestSupport
import Testing

@testable import FeedCore

private typealias V = Views

/// What a search matches in the view: numbers, the source's name, accents aside (as the
/// store's index matches them), and the store's matches are not dropped again.
@Suite struct SearchMatchingTests {
    /// Two sources, "Release Notes" and "Kitchen", with posts that hold numbers and accents.
    private func loaded() -> AppState {
        var options = ViewerOptions(sources: [
            SourceStatus(name: "Release Notes", label: "releases.xml"), SourceStatus(name: "Kitchen", label: "k.xml"),
        ])
        options.tracksRead = true
        var state = AppState(options: options, size: V.size)
        _ = state.apply(.start, at: .zero)
        var releases = [
            V.post("Swift v6 is out", minutesAgo: 1), V.post("Shipping on iOS 18", minutesAgo: 2),
            V.post("Plans for 2026", minutesAgo: 3), V.post("iOS 17 notes", minutesAgo: 4),
        ]
        releases[0].content = "Version six."
        V.answer(&state, source: 0, releases, at: .milliseconds(100))
        var kitchen = [V.post("Crème brûlée", minutesAgo: 5), V.post("Bread", minutesAgo: 6)]
        kitchen[1].content = "Flour, water, salt."
        V.answer(&state, source: 1, kitchen, at: .milliseconds(100))
        return state
    }

    private func search(_ text: String, in state: inout AppState) -> [String] {
        _ = state.apply(.key(.character("/")), at: .seconds(1))
        for character in text { _ = state.apply(.key(.character(character)), at: .seconds(1)) }
        return state.shownPosts.compactMap(\.title)
    }

    @Test(arguments: [
        ("2026", ["Post Plans for 2026"]), ("v6", ["Post Swift v6 is out"]), ("iOS 18", ["Post Shipping on iOS 18"]),
    ])
    func numbersAreFound(query: String, titles: [String]) {
        var state = loaded()
        #expect(search(query, in: &state) == titles)
    }

    @Test func theSourcesNameIsMatched() {
        var state = loaded()
        #expect(search("kitchen", in: &state) == ["Post Crème brûlée", "Post Bread"])
        var again = loaded()
        #expect(search("release 18", in: &again) == ["Post Shipping on iOS 18"], "every word, in any field")
    }

    @Test func accentsAreAsideInTheViewAndInTheMarks() {
        var state = loaded()
        #expect(search("creme brulee", in: &state) == ["Post Crème brûlée"])
        let frame = FeedRenderer.render(state.advanced(to: .seconds(1)))
        let marked = (0..<frame.width).filter { frame[1, $0].style.ink == .match }
        #expect(marked.count == "Crèmebrûlée".count, "both words marked where they are spelled with accents")
        // And the other way round: accents typed find the plain word.
        var plain = loaded()
        #expect(search("bréad", in: &plain) == ["Post Bread"])
    }

    /// The store's index finds "creme" in "Crème": the view keeps that match.
    @Test func aStoreMatchWithAccentsIsShown() {
        var state = loaded()
        _ = search("creme", in: &state)
        var old = V.post("Crème caramel", minutesAgo: 60 * 24 * 30)
        old.id = PostID.string("old")
        old.source = PostSource(index: 1, name: nil)
        _ = state.apply(.storeMatches([old], query: "creme"), at: .seconds(2))
        #expect(state.shownPosts.compactMap(\.title) == ["Post Crème brûlée", "Post Crème caramel"])
    }

    @Test func foldingTakesOffAccentsAndNothingElse() {
        #expect(
            DiacriticFolding.fold("Crème Brûlée, Ångström, Dvořák, Tiếng Việt")
                == "Creme Brulee, Angstrom, Dvorak, Tieng Viet")
        #expect(DiacriticFolding.fold("ёлка й Ελλάδα") == "елка и Ελλαδα")
        #expect(DiacriticFolding.fold("e\u{301}") == "e", "a combining accent too")
        for unchanged in ["plain ASCII 123", "한글 漢字 かな", "👩🏽‍💻", "ø ł đ", ""] {
            #expect(DiacriticFolding.fold(unchanged) == unchanged)
        }
    }
}
