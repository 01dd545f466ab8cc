/// A row's pictures over its text: each picture's cells shimmer as skeleton until its
/// bytes arrive (a BlurHash stands in once the skeleton's show delay has passed), then
/// the picture fades in. A picture that failed leaves its alt text; an avatar that failed
/// leaves the initials.
enum PicturePainter {
    static func paint(
        _ layout: RowLayout, top: Int, state: AppState, into buffer: inout ScreenBuffer, elapsed: Duration,
        skeleton paintSkeleton: (_ spans: [RowLayout.Span], _ buffer: inout ScreenBuffer) -> Void
    ) {
        if let avatar = layout.avatar {
            let spans = layout.spans.filter { if case .avatar = $0.role { true } else { false } }
            paint(
                avatar, spans: spans, top: top, state: state, into: &buffer, elapsed: elapsed, skeleton: paintSkeleton,
                isMedia: false)
        }
        for (index, picture) in layout.pictures.enumerated() {
            let spans = layout.spans.filter { $0.role == .picture(index) }
            paint(
                picture, spans: spans, top: top, state: state, into: &buffer, elapsed: elapsed, skeleton: paintSkeleton)
        }
    }

    private static func paint(
        _ placed: RowLayout.Picture, spans: [RowLayout.Span], top: Int, state: AppState,
        into buffer: inout ScreenBuffer, elapsed: Duration,
        skeleton paintSkeleton: (_ spans: [RowLayout.Span], _ buffer: inout ScreenBuffer) -> Void, isMedia: Bool = true
    ) {
        let url = placed.picture.url
        switch state.pictures.phases[url] {
        case .loaded(let pixels, let arrived):
            if state.options.pictureDrawing != .cells, !placed.picture.inCells, !state.showingHelp,
                drawInPixels(pixels, at: placed, top: top, state: state, into: &buffer)
            {
                return
            }
            let key = PictureCellCache.Key(source: url, columns: placed.columns, rows: placed.rows, isBlurhash: false)
            guard
                let cells = state.pictures.cells.picture(
                    key, make: { CellPicture(pixels, columns: key.columns, rows: key.rows) })
            else { return }
            let fade =
                CrossFade.applies(to: state.options.animation) ? CrossFade.remaining(after: elapsed - arrived) : 0
            draw(cells, at: placed, top: top, fade: fade, into: &buffer)
        case .failed:
            // The avatar keeps its initials; a picture's cells say it did not come, and its
            // alt text stays on the line under them.
            guard isMedia else { return }
            let text = unavailable.first { CellWidth.of($0) <= placed.columns } ?? ""
            buffer.write(
                text, row: top + placed.line + (placed.rows - 1) / 2, column: placed.column, style: Style(.muted))
        case .loading(let since):
            paintWaiting(since: since)
        case nil:
            paintWaiting(since: state.pictures.noticed[url])
        }

        /// Skeleton, or the BlurHash once the post has been in for the show delay.
        func paintWaiting(since: Duration?) {
            if let hash = placed.picture.blurhash, let since, elapsed - since >= SkeletonTiming.showDelay,
                let cells = blurred(hash, placed, state: state)
            {
                draw(cells, at: placed, top: top, fade: 0, into: &buffer)
            } else {
                paintSkeleton(spans, &buffer)
            }
        }
    }

    /// The BlurHash in the picture's cells. It has no size of its own: it is decoded in
    /// the picture's shape as the feed gave it, a few dots more than the cells hold.
    private static func blurred(_ hash: String, _ placed: RowLayout.Picture, state: AppState) -> CellPicture? {
        let key = PictureCellCache.Key(source: hash, columns: placed.columns, rows: placed.rows, isBlurhash: true)
        return state.pictures.cells.picture(key) {
            let height = placed.rows * 2
            let width = max(1, Int((Double(height) * placed.picture.aspect).rounded()))
            guard let pixels = Blurhash.decode(hash, width: width, height: height) else { return nil }
            return CellPicture(pixels, columns: placed.columns, rows: placed.rows)
        }
    }

    private static func draw(
        _ cells: CellPicture, at placed: RowLayout.Picture, top: Int, fade: Int, into buffer: inout ScreenBuffer
    ) {
        for row in 0..<cells.rows {
            let line = top + placed.line + row
            guard line >= 0, line < buffer.height else { continue }
            for column in 0..<cells.columns {
                let cell = cells[row, column]
                buffer.write(
                    String(cell.glyph), row: line, column: placed.column + column, style: Style(cell.ink, fade: fade),
                    maxWidth: 1)
            }
        }
    }

    /// A picture the terminal draws itself: kitty placeholders in its cells, or blank
    /// cells that a sixel picture covers after the frame. Its rows off the screen (above
    /// it, or on the status line) are cut off. False where the terminal cannot place it
    /// (a kitty picture has at most `KittyPlaceholder.limit` rows and columns): cells then.
    private static func drawInPixels(
        _ pixels: PicturePixels, at placed: RowLayout.Picture, top: Int, state: AppState,
        into buffer: inout ScreenBuffer
    ) -> Bool {
        let drawing = state.options.pictureDrawing
        if drawing == .kitty, max(placed.columns, placed.rows) > KittyPlaceholder.limit { return false }
        // Given when the picture was scheduled for the screen: a picture without one is drawn in cells.
        guard let id = state.pictures.ids.id(source: placed.picture.url, columns: placed.columns, rows: placed.rows)
        else { return false }
        let line = top + placed.line
        // Rows above the screen are cut, and so are those on the last line, the status line's.
        let firstVisible = max(0, -line)
        let visible = firstVisible..<max(firstVisible, min(placed.rows, buffer.height - 1 - line))
        for row in visible {
            if drawing == .kitty {
                for column in 0..<placed.columns {
                    buffer.put(
                        KittyPlaceholder.cell(row: row, column: column, id: id), row: line + row,
                        column: placed.column + column, style: Style(.kittyPlaceholder(id: id)))
                }
            } else {
                buffer.fill(row: line + row, column: placed.column, count: placed.columns, style: Style(.underPixels))
            }
        }
        if !visible.isEmpty {
            buffer.graphics.append(
                PlacedGraphic(
                    id: id, pixels: pixels, line: line, column: placed.column, columns: placed.columns,
                    rows: placed.rows, visibleRows: visible))
        }
        return true
    }

    /// After everything else is drawn: a sixel picture keeps only its rows whose cells
    /// nothing has written over since (the "new" marker on the top line), and goes where
    /// that leaves a hole in it; the kitty pictures still in memory are listed, so that the
    /// terminal lets go of the others.
    static func finish(_ buffer: inout ScreenBuffer, state: AppState) {
        if state.options.pictureDrawing == .kitty { buffer.keptGraphicIds = state.pictures.ids.kept }
        guard state.options.pictureDrawing == .sixel else { return }
        buffer.graphics = buffer.graphics.compactMap { graphic in
            let intact = graphic.visibleRows.map { row in
                (graphic.column..<min(buffer.width, graphic.column + graphic.columns)).allSatisfy {
                    buffer[graphic.line + row, $0].style.ink == .underPixels
                }
            }
            guard let first = intact.firstIndex(of: true), let last = intact.lastIndex(of: true),
                intact[first...last].allSatisfy({ $0 })
            else { return nil }
            var kept = graphic
            let start = graphic.visibleRows.lowerBound
            kept.visibleRows = (start + first)..<(start + last + 1)
            return kept
        }
    }

    /// What a picture that did not come shows in its cells: the longest that fits.
    static let unavailable = ["▣ not available", "▣ missing", "▣"]
}
