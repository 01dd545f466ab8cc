/// Draws a frame. A pure function of the state, the size and the time since loading
/// began: it reads no clock, no terminal and no network.
public enum FeedRenderer {
    public static func render(_ state: AppState, size: TerminalSize, elapsed: Duration) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: size.width, height: size.height)
        guard size.width > 0, size.height > 0 else { return buffer }
        let rowsHeight = size.height - 1
        if rowsHeight > 0 {
            drawRows(state, into: &buffer, height: rowsHeight, elapsed: elapsed)
        }
        StatusLine.draw(state, into: &buffer, row: size.height - 1)
        return buffer
    }

    private static func drawRows(_ state: AppState, into buffer: inout ScreenBuffer, height: Int, elapsed: Duration) {
        let width = buffer.width
        let shimmer = Shimmer(style: state.animation, screenWidth: width)
        if state.isLoading {
            // A reload keeps the shape of the rows it hides; a first load invents shapes.
            if let feed = state.feed {
                drawLayouts(
                    feed.posts.lazy.map { RowContent(post: $0, now: state.referenceDate) }, into: &buffer,
                    height: height
                ) { layout, top, buffer in
                    paintSkeleton(layout, top: top, into: &buffer, shimmer: shimmer, elapsed: elapsed)
                }
            } else {
                drawLayouts((0...).lazy.map(RowContent.placeholder(index:)), into: &buffer, height: height) {
                    layout, top, buffer in
                    paintSkeleton(layout, top: top, into: &buffer, shimmer: shimmer, elapsed: elapsed)
                }
            }
            return
        }
        switch state.content {
        case .empty:
            drawMessage(["No posts in this feed.", "r to reload"], ink: .muted, into: &buffer, height: height)
        case .failure(let error):
            drawMessage(
                ["Could not load \(state.source)", error.message, "r to retry"], ink: .error, into: &buffer,
                height: height)
        case .feed(let feed) where feed.posts.isEmpty:
            drawMessage(["No posts in this feed.", "r to reload"], ink: .muted, into: &buffer, height: height)
        case .feed(let feed):
            drawLayouts(
                feed.posts.lazy.map { RowContent(post: $0, now: state.referenceDate) }, into: &buffer, height: height
            ) { layout, top, buffer in
                paintText(layout, top: top, into: &buffer)
            }
        }
    }

    /// Lays out rows one after another from the top until the rows area is full; only the
    /// rows that show are laid out, however long the feed.
    private static func drawLayouts(
        _ contents: some Sequence<RowContent>, into buffer: inout ScreenBuffer, height: Int,
        paint: (RowLayout, Int, inout ScreenBuffer) -> Void
    ) {
        var top = 0
        for content in contents {
            guard top < height else { break }
            let layout = RowLayout.make(content, screenWidth: buffer.width)
            paint(layout, top, &buffer)
            top += layout.height + RowGeometry.separatorHeight
        }
    }

    private static func paintText(_ layout: RowLayout, top: Int, into buffer: inout ScreenBuffer) {
        for span in layout.spans {
            buffer.write(
                span.text, row: top + span.line, column: span.column, style: Style(ink(for: span.role)),
                maxWidth: span.width)
        }
    }

    /// The skeleton: the same spans, each painted as a grey bar of its width.
    private static func paintSkeleton(
        _ layout: RowLayout, top: Int, into buffer: inout ScreenBuffer, shimmer: Shimmer, elapsed: Duration
    ) {
        for span in layout.spans {
            let row = top + span.line
            for column in span.column..<(span.column + span.width) {
                let level = shimmer.level(column: column, element: span.element, elapsed: elapsed)
                buffer.fill(row: row, column: column, count: 1, style: Style(.skeleton(level: level)))
            }
        }
    }

    static func ink(for role: RowLayout.Role) -> Ink {
        switch role {
        case .avatar(let color): .avatar(color: color)
        case .name: .name
        case .meta: .muted
        case .likes: .likes
        case .title: .title
        case .content: .plain
        }
    }

    /// Lines centred in the rows area, for errors and empty feeds.
    private static func drawMessage(_ lines: [String], ink: Ink, into buffer: inout ScreenBuffer, height: Int) {
        let width = max(1, buffer.width - 2)
        let wrapped = lines.flatMap { TextWrapper.wrap($0, width: width, maxLines: 3) }
        let top = max(0, (height - wrapped.count) / 2)
        for (offset, line) in wrapped.enumerated() where top + offset < height {
            let column = max(0, (buffer.width - CellWidth.of(line)) / 2)
            let style = Style(offset == wrapped.count - 1 ? .muted : ink)
            buffer.write(line, row: top + offset, column: column, style: style)
        }
    }
}
