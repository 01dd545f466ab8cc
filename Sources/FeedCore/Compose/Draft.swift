/// A post as the reader wrote it in the editor: its text and its settings.
public struct Draft: Equatable, Sendable, Codable {
    /// Who may see it: everyone, everyone but the public timelines, followers, those mentioned.
    public enum Visibility: String, CaseIterable, Sendable, Codable {
        case `public`, unlisted, `private`, direct
    }

    public var text: String
    public var contentWarning: String?
    public var visibility: Visibility
    public var language: String?
    /// The post it answers, on the source's server.
    public var inReplyToID: String?
    /// The post it quotes, on the source's server.
    public var quoting: ComposeRequest.Target?

    public init(
        text: String, contentWarning: String? = nil, visibility: Visibility = .public, language: String? = nil,
        inReplyToID: String? = nil, quoting: ComposeRequest.Target? = nil
    ) {
        self.text = text
        self.contentWarning = contentWarning
        self.visibility = visibility
        self.language = language
        self.inReplyToID = inReplyToID
        self.quoting = quoting
    }
}

extension Draft {
    /// The post's text as its row shows it: a quoted post follows behind a bar, its
    /// author's handle first, as a quote the server sends back is drawn.
    public var shownText: String {
        guard let quoting else { return text }
        let quoted = ["@" + quoting.handle] + quoting.text.split(separator: "\n").map(String.init)
        return text + "\n\n" + quoted.map { HTMLText.quoteBar + $0 }.joined(separator: "\n")
    }
}
