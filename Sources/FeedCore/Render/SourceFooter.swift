import FoundationEssentials

/// Below the last post: skeleton rows that shimmer for posts still to come (sources still
/// to bring their first posts, pages loading), then a line for each source whose load or
/// page failed, with its error and "r to retry".
public enum SourceFooter {
    /// Each source still to bring posts stands for this many skeleton rows...
    public static let skeletonRowsPerSource = 2
    /// ...and however many there are, no more than this many are drawn.
    public static let maximumSkeletonRows = 3

    /// Skeleton rows for `sources`: their first posts awaited, or a page loading.
    public static func skeletonRows(_ sources: SourceTally) -> Int {
        min(maximumSkeletonRows, skeletonRowsPerSource * sources.pending)
    }

    /// The failures' lines, what to do and since when first, so that a narrow screen cuts
    /// the detail: "⚠ Blog failed, r to retry · last loaded 5m ago · HTTP 404 …". A view
    /// of one source names none.
    static func failureLines(_ sources: [SourceStatus], now: Date) -> [String] {
        let single = sources.count == 1
        var lines: [String] = []
        for source in sources {
            if let failure = source.failure {
                var parts = [single ? "⚠ Reload failed, r to retry" : "⚠ \(source.name) failed, r to retry"]
                if let last = source.lastSuccess {
                    let age = RelativeTime.describe(last, now: now)
                    parts.append(age == "now" ? "last loaded just now" : "last loaded \(age) ago")
                }
                parts.append(failure.message)
                lines.append(parts.joined(separator: " · "))
            }
            if let failure = source.pageFailure {
                let what = single ? "⚠ Could not load more" : "⚠ \(source.name): could not load more"
                lines.append("\(what), r to retry · \(failure.message)")
            }
        }
        return lines
    }

    /// The footer's lines: the skeleton rows with their separators, then the failures with
    /// a blank line before them.
    static func height(
        of sources: SourceTally, skeletonRows: Int, width: Int, cache: RowLayoutCache, unread: Bool = false
    ) -> Int {
        var height = 0
        for index in 0..<skeletonRows {
            height += cache.placeholder(index, width: width, unread: unread).height + RowGeometry.separatorHeight
        }
        let failures = sources.failed + sources.pagesFailed
        return height + failures + (failures > 0 ? 1 : 0)
    }

    static func draw(
        _ state: AppState, top: Int, into buffer: inout ScreenBuffer,
        skeleton: (RowLayout, Int, inout ScreenBuffer) -> Void
    ) {
        var line = top
        for index in 0..<state.footerSkeletonRows {
            let layout = state.layouts.placeholder(index, width: buffer.width, unread: state.options.tracksRead)
            skeleton(layout, line, &buffer)
            line += layout.height + RowGeometry.separatorHeight
        }
        let width = RowGeometry.textWidth(screenWidth: buffer.width)
        for text in failureLines(state.sources, now: state.referenceDate) {
            buffer.write(
                TextWrapper.truncate(text, width: width), row: line, column: RowGeometry.textColumn,
                style: Style(.error))
            line += 1
        }
    }
}
