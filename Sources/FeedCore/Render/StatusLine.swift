/// The bottom line: what is happening, the source, and the main keys.
enum StatusLine {
    /// The key hints, longest first; the first that leaves room for the status is shown.
    static let keyHints = ["? help · r reload · q quit", "? help"]

    static func draw(_ state: AppState, into buffer: inout ScreenBuffer, row: Int) {
        let width = buffer.width
        let style = Style(.statusBar)
        buffer.fill(row: row, column: 0, count: width, style: style)
        let status = describe(state)
        // A timeline's status names its sources already.
        let left = state.isTimeline ? " \(status)" : " \(status) · \(state.source)"
        // The hints give way when space is short: the status is what must be read.
        let hint = keyHints.first { width - CellWidth.of($0) - 1 >= CellWidth.of(status) + 4 } ?? ""
        let hintWidth = hint.isEmpty ? 0 : CellWidth.of(hint) + 1
        buffer.write(
            TextWrapper.truncate(left, width: width - hintWidth - (hint.isEmpty ? 0 : 1)), row: row, column: 0,
            style: style)
        if !hint.isEmpty {
            buffer.write(hint, row: row, column: width - hintWidth, style: style)
        }
    }

    static func describe(_ state: AppState) -> String {
        if let notice = state.notice { return notice }
        if state.isTimeline { return describeTimeline(state) }
        if state.isLoading { return state.isPaused ? "Loading… (paused: p resumes)" : "Loading…" }
        switch state.content {
        case .empty:
            return "No posts"
        case .failure(let error):
            return "Error: \(error.message)"
        case .feed(let feed):
            var parts: [String] = []
            if let title = feed.title, !title.isEmpty { parts.append(title) }
            if state.isReceiving {
                parts.append(
                    "\(posts(feed.posts.count)) · receiving…")
            } else if let decoding = state.decoding {
                parts.append(
                    "decoding \(CountFormat.grouped(decoding.decoded)) / \(CountFormat.grouped(decoding.total))")
            } else {
                parts.append(posts(feed.posts.count))
            }
            if state.page == .loading {
                parts.append("loading more…")
            } else if state.decoding == nil, let duration = state.lastLoadDuration {
                parts.append("loaded in \(DurationFormat.short(duration))")
            }
            // Last, being the longest: what was left out, and why.
            if feed.skipped > 0 {
                let count = "\(CountFormat.grouped(feed.skipped)) skipped"
                parts.append(feed.firstSkipReason.map { "\(count) (\($0))" } ?? count)
            }
            if let cutShort = feed.cutShort { parts.append("cut short: \(cutShort)") }
            return parts.joined(separator: " · ")
        }
    }

    /// "3 of 12 sources loading" until each has answered once; then the posts, the
    /// sources, how long they took and how many failed. A quiet refresh says nothing.
    static func describeTimeline(_ state: AppState) -> String {
        let sources = state.sources
        let awaited = state.sourcesAwaited
        let count = state.feed?.posts.count ?? 0
        var parts: [String] = []
        if awaited > 0 {
            if count > 0 { parts.append(posts(count)) }
            parts.append("\(awaited) of \(sources.count) sources loading")
            return parts.joined(separator: " · ")
        }
        if case .failure(let error) = state.content { return "Error: \(error.message)" }
        parts.append("\(posts(count)) from \(sources.count) sources")
        if let duration = state.lastLoadDuration { parts.append("loaded in \(DurationFormat.short(duration))") }
        let failed = sources.count { $0.failure != nil }
        if failed > 0 { parts.append("\(failed) failed") }
        return parts.joined(separator: " · ")
    }

    /// "1 post", "1,204 posts".
    static func posts(_ count: Int) -> String {
        "\(CountFormat.grouped(count)) post\(count == 1 ? "" : "s")"
    }
}
