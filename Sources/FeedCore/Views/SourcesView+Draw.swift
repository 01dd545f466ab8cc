/// The sources view's rows, one line each: a tag's name and its count; a source's name
/// under it, its network, its state and its count, in columns from the right edge so that
/// the counts line up. Below 60 columns the network and the state give way to the names.
extension SourcesView {
    /// The count's column, from the right: room for "12,345".
    static let countWidth = 6
    static let networkWidth = 9
    static let stateWidth = 26

    public func draw(into buffer: inout ScreenBuffer, height: Int, context: DrawContext) {
        let width = buffer.width
        let countColumn = width - 1 - Self.countWidth
        let wide = width >= 60
        let stateColumn = countColumn - 2 - Self.stateWidth
        let networkColumn = stateColumn - 1 - Self.networkWidth
        let nameEnd = wide ? networkColumn - 1 : countColumn - 1
        var shimmer = context.shimmer
        shimmer.screenWidth = width
        shimmer.screenHeight = height
        guard !shown.isEmpty else {
            let words = query == nil ? "No sources." : "No source's name holds “\(query ?? "")”."
            buffer.write(TextWrapper.truncate(words, width: width - 4), row: 1, column: 2, style: Style(.muted))
            return
        }
        for (line, index) in shown.indices.dropFirst(top).prefix(height).enumerated() {
            let row = rows[shown[index]]
            let indent: Int
            switch row {
            case .tag(let name, let depth, _):
                indent = 2 + 2 * depth
                let label = "▾ " + (name.split(separator: "/").last.map(String.init) ?? name)
                buffer.write(
                    TextWrapper.truncate(label, width: max(1, nameEnd - indent)), row: line, column: indent,
                    style: Style(.title))
            case .untagged:
                indent = 2
                buffer.write(
                    TextWrapper.truncate("▾ no tag", width: max(1, nameEnd - indent)), row: line, column: indent,
                    style: Style(.muted))
            case .source(let source, let depth):
                indent = 2 + 2 * depth
                let status = live.sources[source]
                buffer.write(
                    TextWrapper.truncate(status.name, width: max(1, nameEnd - indent)), row: line, column: indent,
                    style: Style(.name))
                if wide {
                    let network = status.isSavedSearch ? "search" : status.network.words.name
                    buffer.write(
                        TextWrapper.truncate(network, width: Self.networkWidth), row: line, column: networkColumn,
                        style: Style(.muted))
                    let state = state(of: source)
                    let failed = if case .failed = status.outcome { !status.isLoading } else { false }
                    buffer.write(
                        TextWrapper.truncate(state, width: Self.stateWidth), row: line, column: stateColumn,
                        style: Style(failed ? .error : .muted))
                }
            }
            drawCount(of: row, line: line, column: countColumn, into: &buffer, shimmer: shimmer, context: context)
            if index == selected { FeedRenderer.paintSelection(top: line, height: 1, into: &buffer, limit: height) }
        }
    }

    /// The row's unread count, right-aligned; while one of its sources loads, a skeleton of
    /// the count's width (the store's count's, as it stands), shimmering as every skeleton.
    private func drawCount(
        of row: SourcesListing.Row, line: Int, column: Int, into buffer: inout ScreenBuffer, shimmer: Shimmer,
        context: DrawContext
    ) {
        let count = unread(row)
        let text = CountFormat.grouped(count)
        let cells = CellWidth.of(text)
        let start = column + Self.countWidth - cells
        if isLoading(row) {
            // In words there is no skeleton: the state says "loading".
            guard !context.inWords else { return }
            // Two cells at least: a count not known yet is not a sliver.
            let barWidth = max(2, cells)
            let bar = RowLayout(
                height: 1,
                spans: [
                    RowLayout.Span(
                        line: 0, column: column + Self.countWidth - barWidth, width: barWidth, text: text, role: .meta,
                        element: 3)
                ])
            FeedRenderer.paintSkeleton(
                bar, top: line, into: &buffer, shimmer: shimmer, elapsed: context.elapsed,
                inPalette: context.paletteSkeleton)
            return
        }
        let isSource = row.isSource
        buffer.write(
            text, row: line, column: start,
            style: Style(count > 0 ? (isSource ? .unread : .title) : .muted))
    }
}
