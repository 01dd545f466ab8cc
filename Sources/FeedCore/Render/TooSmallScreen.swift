/// What a terminal below `AppState.minimumSize` shows: a plain request for more room,
/// wrapped to whatever width there is.
enum TooSmallScreen {
    static func draw(_ state: AppState, into buffer: inout ScreenBuffer) {
        let needed = AppState.minimumSize
        let lines =
            TextWrapper.wrap("terminal too small", width: buffer.width)
            + TextWrapper.wrap("\(needed.width)x\(needed.height) needed", width: buffer.width)
        let top = max(0, (buffer.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() where top + offset < buffer.height {
            let column = max(0, (buffer.width - CellWidth.of(line)) / 2)
            buffer.write(line, row: top + offset, column: column, style: Style(offset == 0 ? .error : .muted))
        }
    }
}
