/// The parts of a row and of the screen a configuration may colour (`color author …`).
/// The skeleton is not among them: its greys come from the terminal's background.
public enum ThemeElement: String, Hashable, Sendable, CaseIterable {
    case author, handle, time, title, text, likes, boosts
    /// The reader's own like, boost or bookmark.
    case liked
    case unread, selection, status, match, link, error, notice
    /// Secondary words: hints, picture labels, the empty feed's message.
    case hint

    /// What the element is, for the manual.
    public var meaning: String {
        switch self {
        case .author: "the author's name"
        case .handle: "the author's handle (@ada)"
        case .time: "the post's age"
        case .title: "the post's title"
        case .text: "the post's text"
        case .likes: "the likes' count"
        case .boosts: "the boosts' count"
        case .liked: "a count of the reader's own like, boost or bookmark"
        case .unread: "the mark of a post not read"
        case .selection: "the bar beside the selected post"
        case .status: "the status line, and the help overlay"
        case .match: "a search's words in the rows"
        case .link: "a link in a post's text"
        case .error: "an error in place of the rows"
        case .notice: "a notice on the status line"
        case .hint: "secondary words: hints, picture labels"
        }
    }
}
