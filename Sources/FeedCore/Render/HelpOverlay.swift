/// The `?` overlay: every key, in a box over the rows.
enum HelpOverlay {
    static let title = "Keys"
    static let footer = "any key closes this"

    static func draw(into buffer: inout ScreenBuffer, height: Int) {
        let keysWidth = KeyBinding.all.map { CellWidth.of($0.label) }.max() ?? 0
        let actionsWidth = KeyBinding.all.map { CellWidth.of($0.summary) }.max() ?? 0
        let innerWidth = min(buffer.width - 4, keysWidth + 3 + actionsWidth)
        let boxWidth = innerWidth + 4
        let boxHeight = min(height, KeyBinding.all.count + 4)
        guard innerWidth > 4, boxHeight > 4 else { return }
        let left = (buffer.width - boxWidth) / 2
        let top = max(0, (height - boxHeight) / 2)
        let frame = Style(.help)
        let horizontal = String(repeating: "─", count: boxWidth - 2)
        buffer.write("┌" + horizontal + "┐", row: top, column: left, style: frame)
        buffer.write(" \(title) ", row: top, column: left + 2, style: Style(.helpKey))
        for row in (top + 1)..<(top + boxHeight - 1) {
            buffer.write("│", row: row, column: left, style: frame)
            buffer.fill(row: row, column: left + 1, count: boxWidth - 2, style: frame)
            buffer.write("│", row: row, column: left + boxWidth - 1, style: frame)
        }
        buffer.write("└" + horizontal + "┘", row: top + boxHeight - 1, column: left, style: frame)
        for (offset, entry) in KeyBinding.all.prefix(boxHeight - 4).enumerated() {
            let row = top + 2 + offset
            buffer.write(entry.label, row: row, column: left + 2, style: Style(.helpKey), maxWidth: keysWidth)
            let actionColumn = left + 2 + min(keysWidth + 3, innerWidth)
            buffer.write(
                entry.summary, row: row, column: actionColumn, style: frame,
                maxWidth: left + 2 + innerWidth - actionColumn)
        }
        let footerText = TextWrapper.truncate(footer, width: innerWidth)
        buffer.write(
            footerText, row: top + boxHeight - 2, column: left + 2 + innerWidth - CellWidth.of(footerText), style: frame
        )
    }
}
