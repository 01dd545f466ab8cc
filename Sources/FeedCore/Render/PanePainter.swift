/// The reading pane: the selected post laid out as its expanded row is, at the pane's
/// width (its title, author, time, whole text with the links numbered, its pictures as
/// the row draws them), then the links as `L` lists them; scrolled by `J` and `K`. The
/// layout comes from the state's cache, so that a frame of the shimmer does not wrap a long
/// post again. In accessible mode the pane is the whole rows area: text read as lines, not
/// beside the list.
enum PanePainter {
    /// The selected post's layout for the pane, in the pane's columns; nil for none.
    static func layout(_ state: AppState, pane: ReadingPane) -> RowLayout? {
        guard !state.isLoading, let post = state.selectedPost else { return nil }
        var view = state.viewport
        view.width = pane.width
        view.expanded.insert(post.id)
        var layout = view.layout(at: state.selected)
        for index in layout.spans.indices { layout.spans[index].column += pane.column }
        for index in layout.pictures.indices { layout.pictures[index].column += pane.column }
        layout.avatar?.column += pane.column
        return layout
    }

    /// The lines the pane holds: the post's, a blank, and the links'.
    static func height(of layout: RowLayout, post: Post) -> Int {
        layout.height + (post.links.isEmpty ? 0 : 1 + post.links.count)
    }

    /// The pane where `pane` puts it: the rule at its left, the post from `scroll` lines down.
    static func draw(
        _ state: AppState, pane: ReadingPane, into buffer: inout ScreenBuffer, height: Int, elapsed: Duration,
        shimmer: Shimmer
    ) {
        if !state.options.accessible {
            for row in 0..<height { buffer.write("│", row: row, column: pane.column - 1, style: Style(.muted)) }
        }
        guard let layout = layout(state, pane: pane), let post = state.selectedPost else { return }
        let top = -state.timeline.paneScroll(of: post.id)
        FeedRenderer.paintText(layout, top: top, into: &buffer, fade: 0)
        PicturePainter.paint(layout, top: top, state: state, into: &buffer, elapsed: elapsed) { spans, buffer in
            var part = layout
            part.spans = spans
            FeedRenderer.paintSkeleton(
                part, top: top, into: &buffer, shimmer: shimmer, elapsed: elapsed, inPalette: state.paletteSkeleton)
        }
        let textColumn = pane.column + RowGeometry.textColumn
        let textWidth = max(1, pane.width - RowGeometry.textColumn - RowGeometry.rightMargin)
        for (offset, link) in post.links.enumerated() {
            let row = top + layout.height + 1 + offset
            guard row >= 0, row < height else { continue }
            buffer.write("\(offset + 1)", row: row, column: pane.column + 2, style: Style(.muted))
            buffer.write(
                TextWrapper.truncate(link.url, width: textWidth), row: row, column: textColumn, style: Style(.link))
        }
        if state.options.accessible {
            // The reader is at the start of the text.
            buffer.cursor = ScreenBuffer.Cursor(row: max(0, top), column: textColumn)
        }
    }
}
