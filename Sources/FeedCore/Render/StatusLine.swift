/// The bottom line: what is happening, the source, and the main keys.
enum StatusLine {
    static let keys = "r reload · q quit"

    static func draw(_ state: AppState, into buffer: inout ScreenBuffer, row: Int) {
        let width = buffer.width
        let style = Style(.statusBar)
        buffer.fill(row: row, column: 0, count: width, style: style)
        let status = describe(state)
        let left = " \(status) · \(state.source)"
        let keysWidth = CellWidth.of(keys) + 1
        // The keys go first when space is short: the status is what must be read.
        let showKeys = width - keysWidth >= CellWidth.of(status) + 4
        let leftWidth = showKeys ? width - keysWidth - 1 : width
        buffer.write(TextWrapper.truncate(left, width: leftWidth), row: row, column: 0, style: style)
        if showKeys {
            buffer.write(keys, row: row, column: width - keysWidth, style: style)
        }
    }

    static func describe(_ state: AppState) -> String {
        if state.isLoading { return "Loading…" }
        switch state.content {
        case .empty:
            return "No posts"
        case .failure(let error):
            return "Error: \(error.message)"
        case .feed(let feed):
            var parts = ["\(feed.posts.count) post\(feed.posts.count == 1 ? "" : "s")"]
            if feed.skipped > 0 { parts.append("\(feed.skipped) skipped") }
            if let duration = state.lastLoadDuration {
                parts.append("loaded in \(DurationFormat.short(duration))")
            }
            return parts.joined(separator: " · ")
        }
    }
}
