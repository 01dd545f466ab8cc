import FeedCore

extension Draft {
    /// Its length as Mastodon counts it against `max_characters`: the content warning and
    /// the text, a link as 23 characters whatever its length, a mention of another
    /// server's account by its name alone, each character as the reader sees one.
    var mastodonLength: Int {
        Self.countable(text).count + (contentWarning.map { Self.countable($0).count } ?? 0)
    }

    /// The characters reserved for each link, as Mastodon reserves them.
    static let charactersPerLink = 23

    private static func countable(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            let lower = word.lowercased()
            if lower.hasPrefix("https://") || lower.hasPrefix("http://") {
                return String(repeating: "x", count: charactersPerLink)
            }
            // "@ada@mastodon.example" counts as "@ada".
            if word.hasPrefix("@"), let second = word.dropFirst().firstIndex(of: "@") {
                return String(word[..<second])
            }
            return String(word)
        }.joined(separator: " ")
    }
}
