/// `/`: the timeline narrowed, as the reader types, to the posts whose title, text, author
/// or source hold every word typed (case and accents aside, as the store's index reads
/// them). With the store, posts its feeds no longer list can match too: they come from the
/// store's full-text index, after the posts in view.
public struct PostSearch: Sendable, Equatable {
    /// What was typed.
    public var query: String
    /// Whether keys still type into it (until Enter keeps it, or Esc clears it).
    public var typing = true
    /// The matches among the view's posts, newest first, then the store's.
    public internal(set) var results: [Post] = []
    /// Posts the store found for `storeQuery` that the view does not hold.
    var storeMatches: [Post] = []
    var storeQuery: String?
    /// The post selected when the search began, to go back to when it is cleared.
    var selectedBefore: PostID?

    /// The query's words, lowercased and without accents: each must appear.
    public var words: [String] {
        Self.folded(query).split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// Text as a search compares it: lowercased, accents off ("Crème" is "creme").
    static func folded(_ text: String) -> String {
        DiacriticFolding.fold(text.lowercased())
    }

    /// Whether `post` holds every word, in its title, text, author's name or handle, or
    /// its source's name.
    static func matches(_ post: Post, words: [String]) -> Bool {
        guard !words.isEmpty else { return true }
        let haystack = [
            post.title ?? "", post.content, post.author.name, post.author.handle ?? "", post.source?.name ?? "",
        ]
        .map(folded)
        return words.allSatisfy { word in haystack.contains { $0.contains(word) } }
    }

    /// The results for `posts`: the matches among them, then the store's that they lack.
    mutating func refresh(from posts: [Post]) {
        let words = words
        var found = posts.filter { Self.matches($0, words: words) }
        if storeQuery == query, !storeMatches.isEmpty {
            let known = Set(posts.map(\.id))
            found += storeMatches.filter { !known.contains($0.id) && Self.matches($0, words: words) }
        }
        results = found
    }
}
