/// The cells one row occupies, as spans of text. The real row draws each span's text; the
/// skeleton draws a grey bar over each span's cells. Nothing else decides geometry.
public struct RowLayout: Hashable, Sendable {
    public enum Role: Hashable, Sendable {
        case avatar(color: Int)
        case unread
        case name
        case meta
        case likes(liked: Bool)
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

    public struct Span: Hashable, Sendable {
        /// The line within the row, from 0.
        public var line: Int
        public var column: Int
        public var width: Int
        public var text: String
        public var role: Role
        /// The order in which skeleton elements start to pulse (0.2 s apart).
        public var element: Int
    }

    /// Lines the row occupies, not counting the separator after it.
    public var height: Int
    public var spans: [Span]
    /// The row's pictures, in its order; the author's, when it has one, in the avatar's
    /// cells (`avatar`).
    public var pictures: [Picture] = []
    public var avatar: Picture?

    /// Lays out `content` for a screen `screenWidth` cells wide. `maxContentLines` nil
    /// shows the whole content (an expanded post).
    public static func make(
        _ content: RowContent, screenWidth: Int,
        maxContentLines: Int? = RowGeometry.maxContentLines
    ) -> RowLayout {
        let textColumn = RowGeometry.textColumn
        let textWidth = RowGeometry.textWidth(screenWidth: screenWidth)
        var spans: [Span] = []
        var element = 0
        func add(_ line: Int, _ column: Int, _ text: String, _ role: Role) {
            let width = CellWidth.of(text)
            guard width > 0, column < screenWidth else { return }
            spans.append(Span(line: line, column: column, width: width, text: text, role: role, element: element))
            element += 1
        }

        // The avatar: a block two lines tall, the initials centred on the first.
        let avatarColor = Role.avatar(color: content.avatarColor)
        let avatarWidth = min(RowGeometry.avatarWidth, max(0, screenWidth - RowGeometry.leftMargin))
        if avatarWidth > 0 {
            let initials = TextWrapper.prefix(content.initials, width: avatarWidth)
            let padding = avatarWidth - CellWidth.of(initials)
            let left = String(repeating: " ", count: padding / 2)
            let right = String(repeating: " ", count: padding - padding / 2)
            for line in 0..<RowGeometry.avatarHeight {
                let text = line == 0 ? left + initials + right : String(repeating: " ", count: avatarWidth)
                spans.append(
                    Span(
                        line: line, column: RowGeometry.leftMargin, width: avatarWidth, text: text, role: avatarColor,
                        element: 0))
            }
            element = 1
        }
        let avatar = content.avatarPicture.map {
            Picture(
                picture: RowPicture(url: $0, aspect: 1), line: 0, column: RowGeometry.leftMargin, columns: avatarWidth,
                rows: RowGeometry.avatarHeight)
        }
        // The unread mark, in the gap after the avatar: a post that arrives fills the
        // skeleton's cell (a post not yet known is unread).
        if content.unread, RowGeometry.unreadColumn < screenWidth {
            spans.append(
                Span(
                    line: 0, column: RowGeometry.unreadColumn, width: 1, text: RowContent.unreadMark, role: .unread,
                    element: 0))
        }

        // The header: name and meta on the left, likes flush right.
        let likes = TextWrapper.truncate(content.likes, width: max(0, textWidth / 3))
        let likesWidth = CellWidth.of(likes)
        let headerWidth = likesWidth > 0 ? max(0, textWidth - likesWidth - RowGeometry.headerGap) : textWidth
        let name = TextWrapper.truncate(content.name, width: headerWidth)
        add(0, textColumn, name, .name)
        let metaColumn = textColumn + CellWidth.of(name) + RowGeometry.headerGap
        let metaWidth = textColumn + headerWidth - metaColumn
        if metaWidth > 0 {
            add(0, metaColumn, TextWrapper.truncate(content.meta, width: metaWidth), .meta)
        }
        add(0, textColumn + textWidth - likesWidth, likes, .likes(liked: content.liked))

        var line = 1
        if let title = content.title, !title.isEmpty {
            add(line, textColumn, TextWrapper.truncate(title, width: textWidth), .title)
            line += 1
        }

        var bodyLines: [String]
        switch content.body {
        case .text(let text) where text.isEmpty && !content.extras.isEmpty:
            bodyLines = []  // a post that is all pictures: no blank line above them
        case .text(let text):
            if let maxContentLines {
                bodyLines = TextWrapper.wrap(text, width: textWidth, maxLines: maxContentLines)
            } else {
                bodyLines = TextWrapper.wrap(text, width: textWidth)
            }
        case .placeholderLines(let count):
            let lastWidth = max(1, Int((Double(textWidth) * RowGeometry.lastLineFraction).rounded()))
            bodyLines = (0..<count).map { index in
                String(repeating: "x", count: index == count - 1 ? lastWidth : textWidth)
            }
        }
        for text in bodyLines {
            if !text.isEmpty { add(line, textColumn, text, .content) }
            line += 1
        }
        var pictures: [Picture] = []
        for extra in content.extras {
            switch extra {
            case .line(let extra):
                // A line that fits stays as it is: a poll's columns are aligned with spaces.
                let lines =
                    maxContentLines != nil
                    ? [TextWrapper.truncate(extra, width: textWidth)]
                    : CellWidth.of(extra) <= textWidth ? [extra] : TextWrapper.wrap(extra, width: textWidth)
                for text in lines {
                    if !text.isEmpty { add(line, textColumn, text, .content) }
                    line += 1
                }
            case .picture(let picture):
                let maxLines = maxContentLines == nil ? RowPicture.expandedLines : RowPicture.stripLines
                let (columns, rows) = picture.cells(width: textWidth, maxLines: maxLines)
                guard textColumn < screenWidth else { continue }
                let blank = String(repeating: " ", count: columns)
                for row in 0..<rows {
                    spans.append(
                        Span(
                            line: line + row, column: textColumn, width: columns, text: blank,
                            role: .picture(pictures.count), element: element))
                }
                element += 1
                pictures.append(Picture(picture: picture, line: line, column: textColumn, columns: columns, rows: rows))
                line += rows
            }
        }

        return RowLayout(
            height: max(RowGeometry.avatarHeight, line), spans: spans, pictures: pictures,
            avatar: avatarWidth > 0 ? avatar : nil)
    }
}
