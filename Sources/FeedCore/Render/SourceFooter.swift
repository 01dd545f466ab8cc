import FoundationEssentials

/// Below a timeline's last post: a skeleton row for each source still to answer (three at
/// most), then a line for each source that failed, with its error and "r to retry".
public enum SourceFooter {
    public static let maximumSkeletonRows = 3

    static func skeletonRows(_ sources: [SourceStatus]) -> Int {
        min(maximumSkeletonRows, sources.count { $0.isLoading && !$0.hasLoaded })
    }

    /// The failed sources' lines: "⚠ Blog failed, r to retry · last loaded 5m ago · HTTP
    /// 404 …": what to do and since when first, so that a narrow screen cuts the detail.
    static func failureLines(_ sources: [SourceStatus], now: Date) -> [String] {
        sources.compactMap { source in
            guard let failure = source.failure else { return nil }
            var parts = ["⚠ \(source.name) failed, r to retry"]
            if let last = source.lastSuccess {
                let age = RelativeTime.describe(last, now: now)
                parts.append(age == "now" ? "last loaded just now" : "last loaded \(age) ago")
            }
            parts.append(failure.message)
            return parts.joined(separator: " · ")
        }
    }

    public static func height(of sources: [SourceStatus], width: Int) -> Int {
        var height = 0
        for index in 0..<skeletonRows(sources) {
            height += RowLayoutCache.placeholder(index, width: width).height + RowGeometry.separatorHeight
        }
        let failures = sources.count { $0.failure != nil }
        return height + failures + (failures > 0 ? 1 : 0)
    }

    static func draw(
        _ state: AppState, top: Int, into buffer: inout ScreenBuffer,
        skeleton: (RowLayout, Int, inout ScreenBuffer) -> Void
    ) {
        var line = top
        for index in 0..<skeletonRows(state.sources) {
            let layout = RowLayoutCache.placeholder(index, width: buffer.width)
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
