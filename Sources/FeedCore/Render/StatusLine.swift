import FoundationEssentials

/// The bottom line: what is happening, the source, and the main keys. One description for
/// any number of sources; a view of one names its feed's title and its path or URL (or the
/// name its reader gave it), a view of several counts its sources.
enum StatusLine {
    /// The key hints, longest first; the first that leaves room for the status is shown.
    static let keyHints = ["? help · r reload · q quit", "? help"]
    /// Cells between the status and a notice beside it.
    static let noticeGap = 3

    /// One line, in this order of precedence: the status (what is happening, whole
    /// wherever the line can hold it), a notice (on the right, where the key hints go),
    /// the source's name beside the status, and the key hints. A notice never takes the
    /// status's place: it shares the line, and gives way itself. Returns the column where
    /// a search being typed goes on, for the cursor.
    @discardableResult
    static func draw(_ state: AppState, into buffer: inout ScreenBuffer, row: Int) -> Int? {
        let width = buffer.width
        let style = Style(.statusBar)
        buffer.fill(row: row, column: 0, count: width, style: style)
        let status =
            " " + describe(state)
            + notifications(state.notificationsUnread, key: keyName(of: .notifications, in: state.options.keys))
        // One source is named by the name its reader gave it (subscriptions), else its path or URL.
        let source = state.sources[0].named ? state.sources[0].name : state.sources[0].label
        let right: String
        if let notice = state.notice {
            let room = width - CellWidth.of(status) - noticeGap - 1
            right = room > 0 ? TextWrapper.truncate(notice, width: room) : ""
        } else {
            // The hints give way when space is short: the status is what must be read.
            right = keyHints.first { width - CellWidth.of($0) - 1 >= CellWidth.of(status) + 3 } ?? ""
        }
        let rightWidth = right.isEmpty ? 0 : CellWidth.of(right) + 1
        let gap = right.isEmpty ? 0 : (state.notice == nil ? 1 : noticeGap)
        let named = state.isSingleSource && state.views.top == nil
        let left = withSource(status, named ? source : nil, width: width - rightWidth - gap)
        buffer.write(left, row: row, column: 0, style: style)
        if !right.isEmpty {
            buffer.write(
                right, row: row, column: width - rightWidth, style: state.notice == nil ? style : Style(.notice))
        }
        guard state.views.top == nil, let search = state.search, search.typing else { return nil }
        let column = CellWidth.of(" /" + search.query)
        return column < width ? column : nil
    }

    /// The unread notifications, on every view: " · 3 notifications (i)".
    static func notifications(_ count: Int, key: String) -> String {
        count > 0 ? " · \(CountFormat.grouped(count)) notification\(count == 1 ? "" : "s")\(key)" : ""
    }

    /// " (i)": the key bound to `action` as the help shows it, for a hint; nothing where
    /// none is.
    static func keyName(of action: KeyAction, in keys: KeyMap) -> String {
        keys.keys(for: action).first.map { " (\($0.displayName))" } ?? ""
    }

    /// The status, then as much of the source's name as fits (none, rather than a sliver).
    private static func withSource(_ status: String, _ source: String?, width: Int) -> String {
        let statusWidth = CellWidth.of(status)
        guard statusWidth < width else { return TextWrapper.truncate(status, width: width) }
        guard let source else { return status }
        let room = width - statusWidth - 3
        return room >= min(CellWidth.of(source), 4)
            ? "\(status) · \(TextWrapper.truncate(source, width: room))" : status
    }

    /// What is happening: loading, the posts and what became of them, a search, an error.
    static func describe(_ state: AppState) -> String {
        if let top = state.views.top { return top.status }
        if let search = state.search, state.feed != nil {
            let found = search.results.count
            let of = "\(CountFormat.grouped(found)) of \(posts(state.postsInScope)) match"
            return search.typing
                ? "/\(search.query)▏ \(of) · Enter keeps · Esc clears"
                : "\(of) “\(search.query)” · / edits · Esc clears"
        }
        let sources = state.sources
        let single = state.isSingleSource
        // Accessible: the count said last, which changes at most once a second.
        let stillLoading = state.options.accessible ? state.timing.announcedLoading : nil
        if state.isLoading {
            let loading =
                single
                ? "Loading…"
                : stillLoading.map { "Loading \($0) of \(sources.count) sources" }
                    ?? "\(state.sourcesLoading) of \(sources.count) sources loading"
            return state.isPaused ? "\(loading) (paused: p resumes)" : loading
        }
        switch state.content {
        case .empty:
            return "No posts"
        case .failure(let error):
            return "Error: \(error.message)"
        case .feed(let feed):
            var parts: [String] = []
            if let scope = state.scope {
                // A tag's or a source's timeline, opened from the sources view.
                parts.append(scope.title)
                let count = posts(state.postsInScope)
                parts.append(scope.sources.count == 1 ? count : "\(count) from \(scope.sources.count) sources")
                if state.options.tracksRead {
                    parts.append(
                        state.unreadCount > 0 ? "\(CountFormat.grouped(state.unreadCount)) unread" : "all read")
                }
                if state.unreadOnly { parts.append("unread only") }
                parts.append("Esc back")
                return parts.joined(separator: " · ")
            }
            if single, let title = sources[0].title, !title.isEmpty { parts.append(title) }
            if let restoredFrom = state.restoredFrom {
                parts.append("from \(age(of: restoredFrom, now: state.referenceDate))")
            }
            let awaited = stillLoading ?? state.sourcesAwaited
            let count = posts(feed.posts.count)
            if single, awaited > 0, stillLoading == nil, let progress = sources[0].progress, progress.total > 0 {
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
            if state.options.accessible, state.newAbove > 0 {
                // In words, where the other modes draw a marker over the rows.
                parts.append(
                    "\(CountFormat.grouped(state.newAbove)) new above\(keyName(of: .first, in: state.options.keys))")
            }
            if state.options.tracksRead, !feed.posts.isEmpty {
                parts.append(state.unreadCount > 0 ? "\(CountFormat.grouped(state.unreadCount)) unread" : "all read")
            }
            if state.unreadOnly { parts.append("unread only") }
            if state.mutedCount > 0 {
                let key = keyName(of: .showMuted, in: state.options.keys)
                parts.append("\(CountFormat.grouped(state.mutedCount)) muted" + (state.showsMuted ? " shown" : key))
            }
            if state.tally.pagesLoading > 0 {
                parts.append("loading more…")
            } else if awaited == 0, let duration = state.lastLoadDuration {
                parts.append("loaded in \(DurationFormat.short(duration))")
            }
            let failed = state.tally.failed
            if failed > 0 { parts.append(single ? "reload failed" : "\(failed) failed") }
            // Why the document ended early, then, being the longest: what was left out, and why.
            if let cutShort = sources.lazy.compactMap(\.cutShort).first { parts.append("cut short: \(cutShort)") }
            let skipped = state.tally.skipped
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
