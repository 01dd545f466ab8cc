/// A row's spans as they are laid out, part by part, top to bottom: the avatar and the
/// unread mark, the header, the title and text, then the lines and pictures below them.
/// Each element takes the next pulse order, so the skeleton pulses in reading order.
struct RowLayoutBuilder {
    typealias Span = RowLayout.Span
    typealias Role = RowLayout.Role

    let screenWidth: Int
    let maxContentLines: Int?
    let textColumn = RowGeometry.textColumn
    let textWidth: Int
    private(set) var spans: [Span] = []
    private(set) var pictures: [RowLayout.Picture] = []
    /// The next line to fill.
    private(set) var line = 0
    private var element = 0

    init(screenWidth: Int, maxContentLines: Int?) {
        self.screenWidth = screenWidth
        self.maxContentLines = maxContentLines
        textWidth = RowGeometry.textWidth(screenWidth: screenWidth)
    }

    private mutating func add(
        _ line: Int, _ column: Int, _ text: String, _ role: Role, accents: [RowLayout.Accent] = []
    ) {
        let width = CellWidth.of(text)
        guard width > 0, column < screenWidth else { return }
        // An accent cut short with the text keeps the cells it still has.
        let kept = accents.compactMap { accent -> RowLayout.Accent? in
            guard accent.column < width else { return nil }
            var cut = accent
            cut.width = min(accent.width, width - accent.column)
            return cut
        }
        spans.append(
            Span(line: line, column: column, width: width, text: text, role: role, element: element, accents: kept))
        element += 1
    }

    /// The avatar: a block two lines tall, the initials centred on the first; and the
    /// unread mark in the gap after it (a post that arrives fills the skeleton's cell: a
    /// post not yet known is unread). Returns the author's picture in the avatar's cells.
    mutating func addAvatar(of content: RowContent) -> RowLayout.Picture? {
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
                        line: line, column: RowGeometry.leftMargin, width: avatarWidth, text: text,
                        role: .avatar(color: content.avatarColor), element: 0))
            }
            element = 1
        }
        if content.unread, RowGeometry.unreadColumn < screenWidth {
            spans.append(
                Span(
                    line: 0, column: RowGeometry.unreadColumn, width: 1, text: RowContent.unreadMark, role: .unread,
                    element: 0))
        }
        guard avatarWidth > 0, let url = content.avatarPicture else { return nil }
        return RowLayout.Picture(
            picture: avatarPicture(url, inCells: content.picturesInCells), line: 0, column: RowGeometry.leftMargin,
            columns: avatarWidth,
            rows: RowGeometry.avatarHeight)
    }

    private func avatarPicture(_ url: String, inCells: Bool) -> RowPicture {
        var picture = RowPicture(url: url, aspect: 1)
        picture.inCells = inCells
        return picture
    }

    /// The header: name and meta on the left, the counts flush right; then the title.
    mutating func addHeader(of content: RowContent) {
        let counts = countSpans(of: content.counts, room: content.inWords ? textWidth / 2 : textWidth / 3)
        let countsWidth = counts.last.map { $0.column + CellWidth.of($0.text) } ?? 0
        let headerWidth = countsWidth > 0 ? max(0, textWidth - countsWidth - RowGeometry.headerGap) : textWidth
        let name = TextWrapper.truncate(content.name, width: headerWidth)
        add(0, textColumn, name, .name)
        let metaColumn = textColumn + CellWidth.of(name) + RowGeometry.headerGap
        let metaWidth = textColumn + headerWidth - metaColumn
        if metaWidth > 0 {
            add(
                0, metaColumn, TextWrapper.truncate(content.meta, width: metaWidth), .meta, accents: content.metaAccents
            )
        }
        let countsColumn = textColumn + textWidth - countsWidth
        for count in counts {
            let boosts = count.isBoosts && !count.own
            add(
                0, countsColumn + count.column, count.text, .count(own: count.own, pending: count.pending),
                accents: boosts ? [RowLayout.Accent(column: 0, width: CellWidth.of(count.text), kind: .boosts)] : [])
        }
        line = 1
        if let title = content.title, !title.isEmpty {
            add(line, textColumn, TextWrapper.truncate(title, width: textWidth), .title)
            line += 1
        }
    }

    /// The counts from the left of their block, two cells apart, in at most `room` cells (a
    /// third of the text's width; in words, half); where they do not fit, one span of them
    /// all, cut short.
    private func countSpans(of counts: [RowCount], room: Int) -> [(
        column: Int, text: String, own: Bool, pending: Bool, isBoosts: Bool
    )] {
        let room = max(0, room)
        let joined = counts.map(\.text).joined(separator: "  ")
        guard CellWidth.of(joined) > room else {
            var column = 0
            return counts.map { count in
                defer { column += CellWidth.of(count.text) + 2 }
                return (column, count.text, count.own, count.pending, count.isBoosts)
            }
        }
        let text = TextWrapper.truncate(joined, width: room)
        return text.isEmpty
            ? [] : [(0, text, counts.contains(where: \.own), counts.contains(where: \.pending), false)]
    }

    /// The text, wrapped (its first lines, unless the post is expanded); a skeleton's
    /// placeholder lines, the last one shorter.
    mutating func addBody(of content: RowContent) {
        let bodyLines: [String]
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
            if !text.isEmpty { add(line, textColumn, text, .content, accents: Self.links(in: text, content.linkMarks)) }
            line += 1
        }
    }

    /// The cells of a line that are a link's words and number (or, where the words wrapped
    /// onto the line before, its number alone).
    static func links(in line: String, _ marks: [String]) -> [RowLayout.Accent] {
        guard !marks.isEmpty else { return [] }
        var accents: [RowLayout.Accent] = []
        for mark in marks {
            let number = mark.hasSuffix("]") ? String(mark[mark.lastIndex(of: "[")!...]) : mark
            for candidate in [mark, number] {
                guard let found = line.firstRange(of: candidate) else { continue }
                let column = CellWidth.of(String(line[..<found.lowerBound]))
                accents.append(RowLayout.Accent(column: column, width: CellWidth.of(candidate), kind: .link))
                break
            }
        }
        return accents
    }

    /// What follows the text: lines (a poll, attachments' alt text) and pictures' cells.
    mutating func addExtras(of content: RowContent) {
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
            case .picture(var picture):
                picture.inCells = content.picturesInCells
                addPicture(picture)
            }
        }
    }

    private mutating func addPicture(_ picture: RowPicture) {
        let maxLines = maxContentLines == nil ? RowPicture.expandedLines : RowPicture.stripLines
        let (columns, rows) = picture.cells(width: textWidth, maxLines: maxLines)
        guard textColumn < screenWidth else { return }
        let blank = String(repeating: " ", count: columns)
        for row in 0..<rows {
            spans.append(
                Span(
                    line: line + row, column: textColumn, width: columns, text: blank,
                    role: .picture(pictures.count), element: element))
        }
        element += 1
        pictures.append(
            RowLayout.Picture(picture: picture, line: line, column: textColumn, columns: columns, rows: rows))
        line += rows
    }
}
