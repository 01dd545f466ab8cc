/// A post as the reader wrote it in the editor: its text and its settings.
public struct Draft: Equatable, Sendable {
    /// Who may see it: everyone, everyone but the public timelines, followers, those mentioned.
    public enum Visibility: String, CaseIterable, Sendable {
        case `public`, unlisted, `private`, direct
    }

    public var text: String
    public var contentWarning: String?
    public var visibility: Visibility
    public var language: String?
    /// The post it answers, on the source's server.
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
}
