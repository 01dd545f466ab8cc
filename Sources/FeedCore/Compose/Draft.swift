/// A post as the reader wrote it in the editor: its text and its settings.
public struct Draft: Equatable, Sendable {
    /// Who may see it, in Mastodon's words.
    public enum Visibility: String, CaseIterable, Sendable {
        case `public`, unlisted, `private`, direct
    }

    public var text: String
    public var contentWarning: String?
    public var visibility: Visibility
    public var language: String?
    /// The status it answers, on the source's server.
    public var inReplyToID: String?

    public init(
        text: String, contentWarning: String? = nil, visibility: Visibility = .public, language: String? = nil,
        inReplyToID: String? = nil
    ) {
        self.text = text
        self.contentWarning = contentWarning
        self.visibility = visibility
        self.language = language
        self.inReplyToID = inReplyToID
    }

    /// Its length as Mastodon counts it against `max_characters`: the content warning and
    /// the text, a link as 23 characters whatever its length, a mention of another
    /// server's account by its name alone, each character as the reader sees one.
    public var length: Int {
        Self.countable(text).count + (contentWarning.map { Self.countable($0).count } ?? 0)
    }

    /// The characters reserved for each link, as Mastodon reserves them.
    public static let charactersPerLink = 23

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
