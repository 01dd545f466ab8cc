/// The `?` overlay: the keys of the view on top, in a box over the rows; and, when the run has said any,
/// its notices whole, newest first (beside the status they may have been cut short).
enum HelpOverlay {
    static let title = "Keys"
    static let footer = "any key closes this"
    static let notesHeading = "Notices"

    static func draw(into buffer: inout ScreenBuffer, height: Int, entries: [KeyHelp], notes: [String] = []) {
        let keysWidth = entries.map { CellWidth.of($0.label) }.max() ?? 0
        let actionsWidth = entries.map { CellWidth.of($0.summary) }.max() ?? 0
        let innerWidth = min(buffer.width - 4, keysWidth + 3 + actionsWidth)
        let boxWidth = innerWidth + 4
        let noteLines =
            notes.isEmpty
            ? []
            : [notesHeading]
                + notes.reversed().flatMap { note in
                    TextWrapper.wrap(note, width: max(1, innerWidth - 2)).enumerated().map {
                        ($0 == 0 ? "· " : "  ") + $1
                    }
                }
        // With notices, or more keys than fit with them, the box's blank lines go and its
        // footer sits on its bottom edge, so that at 24 lines every key fits, or a notice of
        // two lines under them.
        let spacious = noteLines.isEmpty && entries.count + 4 <= height
        let boxHeight = min(height, entries.count + (spacious ? 4 : 2 + noteLines.count))
        guard innerWidth > 4, boxHeight > 4 else { return }
        let left = (buffer.width - boxWidth) / 2
        let top = max(0, (height - boxHeight) / 2)
        let frame = Style(.help)
        let horizontal = String(repeating: "─", count: boxWidth - 2)
        buffer.write("┌" + horizontal + "┐", row: top, column: left, style: frame)
        buffer.write(" \(title) ", row: top, column: left + 2, style: Style(.helpKey))
        // The overlay is where the reader is: its first line, its title's first letter.
        buffer.cursor = ScreenBuffer.Cursor(row: top, column: left + 3)
        for row in (top + 1)..<(top + boxHeight - 1) {
            buffer.write("│", row: row, column: left, style: frame)
            buffer.fill(row: row, column: left + 1, count: boxWidth - 2, style: frame)
            buffer.write("│", row: row, column: left + boxWidth - 1, style: frame)
        }
        buffer.write("└" + horizontal + "┘", row: top + boxHeight - 1, column: left, style: frame)
        let inside = boxHeight - 2
        // The keys first, but the notices keep their heading and a line, where there are.
        let keyRows = min(entries.count, spacious ? inside - 2 : inside - min(2, noteLines.count))
        for (offset, entry) in entries.prefix(keyRows).enumerated() {
            let row = top + (spacious ? 2 : 1) + offset
            buffer.write(entry.label, row: row, column: left + 2, style: Style(.helpKey), maxWidth: keysWidth)
            let actionColumn = left + 2 + min(keysWidth + 3, innerWidth)
            buffer.write(
                entry.summary, row: row, column: actionColumn, style: frame,
                maxWidth: left + 2 + innerWidth - actionColumn)
        }
        for (offset, line) in noteLines.prefix(inside - keyRows).enumerated() {
            let style = offset == 0 ? Style(.helpKey) : frame
            buffer.write(line, row: top + 1 + keyRows + offset, column: left + 2, style: style, maxWidth: innerWidth)
        }
        let footerText = TextWrapper.truncate(spacious ? footer : " \(footer) ", width: innerWidth)
        buffer.write(
            footerText, row: top + boxHeight - (spacious ? 2 : 1),
            column: left + 2 + innerWidth - CellWidth.of(footerText), style: frame)
    }
}
