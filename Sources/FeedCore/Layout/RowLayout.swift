/// The cells one row occupies, as spans of text. The real row draws each span's text; the
/// skeleton draws a grey bar over each span's cells. Nothing else decides geometry.
public struct RowLayout: Hashable, Sendable {
    public enum Role: Hashable, Sendable {
        case avatar(color: Int)
        case unread
        case name
        case meta
        /// A count of the header; the reader's own, and its action on its way.
        case count(own: Bool, pending: Bool)
        case title
        case content
        /// The cells of `pictures[index]`, one span a line.
        case picture(Int)
    }

    /// A picture in the row: its cells, and what it is.
    public struct Picture: Hashable, Sendable {
        public var picture: RowPicture
        public var line: Int
        public var column: Int
        public var columns: Int
        public var rows: Int
    }

    /// Cells of a span drawn in a colour of their own: the handle and the time in the meta,
    /// a count of boosts, a link in the text. The skeleton does not see them.
    public struct Accent: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            case handle, time, boosts, link
            /// The word "unread" (`--accessible`), in the unread mark's ink.
            case unread
        }

        /// From the span's first cell.
        public var column: Int
        public var width: Int
        public var kind: Kind
    }

    public struct Span: Hashable, Sendable {
        /// The line within the row, from 0.
        public var line: Int
        public var column: Int
        public var width: Int
        public var text: String
        public var role: Role
        /// The order in which skeleton elements start to pulse (0.2 s apart).
        public var element: Int
        public var accents: [Accent] = []
    }

    /// Lines the row occupies, not counting the separator after it.
    public var height: Int
    public var spans: [Span]
    /// The row's pictures, in its order; the author's, when it has one, in the avatar's
    /// cells (`avatar`).
    public var pictures: [Picture] = []
    public var avatar: Picture?
    /// A muted post the reader chose to see: its text drawn in the hint's colour.
    public var dimmed = false

    /// Lays out `content` for a screen `screenWidth` cells wide. `maxContentLines` nil
    /// shows the whole content (an expanded post).
    public static func make(
        _ content: RowContent, screenWidth: Int,
        maxContentLines: Int? = RowGeometry.maxContentLines
    ) -> RowLayout {
        var builder = RowLayoutBuilder(screenWidth: screenWidth, maxContentLines: maxContentLines)
        let avatar = builder.addAvatar(of: content)
        builder.addHeader(of: content)
        builder.addBody(of: content)
        builder.addExtras(of: content)
        return RowLayout(
            height: max(RowGeometry.avatarHeight, builder.line), spans: builder.spans, pictures: builder.pictures,
            avatar: avatar, dimmed: content.dimmed)
    }
}
