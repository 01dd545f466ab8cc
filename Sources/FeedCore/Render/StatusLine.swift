import FoundationEssentials

/// The bottom line: what is happening, the source, and the main keys. One description for
/// any number of sources; a view of one names its feed's title and its path or URL (or the
/// name its reader gave it), a view of several counts its sources.
enum StatusLine {
    /// The key hints, longest first; the first that leaves room for the status is shown.
    static let keyHints = ["? help · r reload · q quit", "? help"]

    static func draw(_ state: AppState, into buffer: inout ScreenBuffer, row: Int) {
        let width = buffer.width
        let style = Style(.statusBar)
        buffer.fill(row: row, column: 0, count: width, style: style)
        let status = describe(state)
        // One source is named by the name its reader gave it (subscriptions), else its path or URL.
        let source = state.sources[0].named ? state.sources[0].name : state.sources[0].label
        let left = state.isSingleSource ? " \(status) · \(source)" : " \(status)"
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
        if let search = state.search, let feed = state.feed {
            let found = search.results.count
            let of = "\(CountFormat.grouped(found)) of \(posts(feed.posts.count)) match"
            return search.typing
                ? "/\(search.query)▏ \(of) · Enter keeps · Esc clears"
                : "\(of) “\(search.query)” · / edits · Esc clears"
        }
        let sources = state.sources
        let single = state.isSingleSource
        if state.isLoading {
            let loading = single ? "Loading…" : "\(state.sourcesLoading) of \(sources.count) sources loading"
            return state.isPaused ? "\(loading) (paused: p resumes)" : loading
        }
        switch state.content {
        case .empty:
            return "No posts"
        case .failure(let error):
            return "Error: \(error.message)"
        case .feed(let feed):
            var parts: [String] = []
            if single, let title = sources[0].title, !title.isEmpty { parts.append(title) }
            if let restoredFrom = state.restoredFrom {
                parts.append("from \(age(of: restoredFrom, now: state.referenceDate))")
            }
            let awaited = state.sourcesAwaited
            let count = posts(feed.posts.count)
            if single, awaited > 0, let progress = sources[0].progress, progress.total > 0 {
                let decoded = CountFormat.grouped(progress.decoded)
                parts.append("decoding \(decoded) / \(CountFormat.grouped(progress.total))")
            } else if single {
                parts.append(awaited > 0 ? "\(count) · receiving…" : count)
            } else {
                parts.append(
                    awaited > 0
                        ? "\(count) · \(awaited) of \(sources.count) sources loading"
                        : "\(count) from \(sources.count) sources")
            }
            if state.options.tracksRead, !feed.posts.isEmpty {
                parts.append(state.unreadCount > 0 ? "\(CountFormat.grouped(state.unreadCount)) unread" : "all read")
            }
            if sources.contains(where: { $0.page == .loading }) {
                parts.append("loading more…")
            } else if awaited == 0, let duration = state.lastLoadDuration {
                parts.append("loaded in \(DurationFormat.short(duration))")
            }
            let failed = sources.count { $0.failure != nil }
            if failed > 0 { parts.append(single ? "reload failed" : "\(failed) failed") }
            // Why the document ended early, then, being the longest: what was left out, and why.
            if let cutShort = sources.lazy.compactMap(\.cutShort).first { parts.append("cut short: \(cutShort)") }
            let skipped = sources.reduce(0) { $0 + $1.skipped }
            if skipped > 0 {
                let count = "\(CountFormat.grouped(skipped)) skipped"
                let reason = sources.lazy.compactMap(\.firstSkipReason).first
                parts.append(reason.map { "\(count) (\($0))" } ?? count)
            }
            return parts.joined(separator: " · ")
        }
    }

    /// How long ago stored posts were kept: "12 min ago", "3 h ago", "2 days ago".
    static func age(of date: Date, now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return "\(seconds / 60) min ago"
        case ..<86_400: return "\(seconds / 3600) h ago"
        default:
            let days = seconds / 86_400
            return days == 1 ? "1 day ago" : "\(days) days ago"
        }
    }

    /// "1 post", "1,204 posts".
    static func posts(_ count: Int) -> String {
        "\(CountFormat.grouped(count)) post\(count == 1 ? "" : "s")"
    }
}
