/// Draws a frame. A pure function of the state (its size included) and the animation's
/// time: it reads no clock, no terminal and no network.
public enum FeedRenderer {
    /// The frame of `state` at the latest instant it was given (`AppState.advanced(to:)`
    /// gives it a later one), at its animation time then.
    public static func render(_ state: AppState) -> ScreenBuffer {
        render(state, elapsed: state.animationTime(at: state.timing.now))
    }

    /// The frame of `state` at animation time `elapsed`.
    public static func render(_ state: AppState, elapsed: Duration) -> ScreenBuffer {
        let size = state.size
        var buffer = ScreenBuffer(width: size.width, height: size.height)
        guard size.width > 0, size.height > 0 else { return buffer }
        if state.isTooSmall {
            TooSmallScreen.draw(state, into: &buffer)
            return buffer
        }
        let rowsHeight = size.height - 1
        if let top = state.views.top {
            top.draw(
                into: &buffer, height: rowsHeight,
                context: DrawContext(
                    elapsed: elapsed, shimmer: state.shimmer, paletteSkeleton: state.paletteSkeleton,
                    actions: state.actions, inWords: state.options.accessible))
        } else if let pane = state.readingPane {
            drawSplit(state, pane: pane, into: &buffer, height: rowsHeight, elapsed: elapsed)
        } else {
            drawRows(state, into: &buffer, height: rowsHeight, elapsed: elapsed)
        }
        let typing = StatusLine.draw(state, into: &buffer, row: size.height - 1)
        if let typing { buffer.cursor = ScreenBuffer.Cursor(row: size.height - 1, column: typing) }
        if state.showingHelp {
            HelpOverlay.draw(into: &buffer, height: rowsHeight, entries: state.keyHelp, notes: state.notices.recent)
        }
        PicturePainter.finish(&buffer, state: state)
        placeCursor(&buffer, state: state)
        return buffer
    }

    /// The cursor, shown in accessible mode only: where the drawing put it (the selected
    /// row's first line, the search's text, the help's first line), else at the start of
    /// the status line, which then says what is happening.
    private static func placeCursor(_ buffer: inout ScreenBuffer, state: AppState) {
        guard state.options.accessible else {
            buffer.cursor = nil
            return
        }
        if buffer.cursor == nil { buffer.cursor = ScreenBuffer.Cursor(row: buffer.height - 1, column: 1) }
    }

    /// The timeline in the pane's left part, the pane in the rest. In accessible mode the
    /// pane takes the whole area, its text read as lines rather than beside the list's.
    private static func drawSplit(
        _ state: AppState, pane: ReadingPane, into buffer: inout ScreenBuffer, height: Int, elapsed: Duration
    ) {
        var shimmer = state.shimmer
        shimmer.screenWidth = buffer.width
        shimmer.screenHeight = height
        if state.options.accessible {
            guard state.selectedPost != nil, !state.isLoading else {
                return drawRows(state, into: &buffer, height: height, elapsed: elapsed)
            }
            let whole = ReadingPane(listWidth: 0, column: 0, width: buffer.width)
            return PanePainter.draw(
                state, pane: whole, into: &buffer, height: height, elapsed: elapsed, shimmer: shimmer)
        }
        var list = ScreenBuffer(width: pane.listWidth, height: buffer.height)
        drawRows(state, into: &list, height: height, elapsed: elapsed)
        buffer.paste(list)
        PanePainter.draw(state, pane: pane, into: &buffer, height: height, elapsed: elapsed, shimmer: shimmer)
    }

    private static func drawRows(_ state: AppState, into buffer: inout ScreenBuffer, height: Int, elapsed: Duration) {
        var shimmer = state.shimmer
        shimmer.screenWidth = buffer.width
        shimmer.screenHeight = height
        if state.paletteSkeleton, state.drawsSkeleton {
            buffer.paletteLevels = PaletteShimmer.levels(shimmer, elapsed: elapsed)
        }
        if state.isLoading, !state.showsSkeleton {
            // Not yet: a fast load shows no skeleton at all. A reload keeps its rows meanwhile.
            if state.feed != nil { drawFeed(state, into: &buffer, height: height, shimmer: shimmer, elapsed: elapsed) }
            return
        }
        if state.isLoading {
            if state.feed != nil {
                // A reload keeps the shape of the rows it hides, where they were.
                for placement in state.viewport.placements(from: state.scroll) {
                    paintSkeleton(
                        placement.layout, top: placement.top, into: &buffer, shimmer: shimmer, elapsed: elapsed,
                        inPalette: state.paletteSkeleton)
                }
            } else {
                // A first load invents shapes, as many as fill the screen.
                var top = 0
                var index = 0
                while top < height {
                    let layout = state.layouts.placeholder(
                        index, width: buffer.width, unread: state.options.tracksRead)
                    paintSkeleton(
                        layout, top: top, into: &buffer, shimmer: shimmer, elapsed: elapsed,
                        inPalette: state.paletteSkeleton)
                    top += layout.height + RowGeometry.separatorHeight
                    index += 1
                }
            }
            return
        }
        switch state.content {
        case .empty:
            drawMessage(["No posts in this feed.", "r to reload"], ink: .muted, into: &buffer, height: height)
        case .failure(let error):
            let what = state.isSingleSource ? state.sources[0].label : "any of \(state.sources.count) sources"
            drawMessage(
                ["Could not load \(what)", error.message, "r to retry"], ink: .error, into: &buffer, height: height)
        case .feed(let feed) where feed.posts.isEmpty:
            drawMessage(["No posts in this feed.", "r to reload"], ink: .muted, into: &buffer, height: height)
        case .feed where state.search != nil && state.shownPosts.isEmpty:
            drawMessage(
                ["No post matches “\(state.search?.query ?? "")”.", "Esc clears the search"], ink: .muted,
                into: &buffer, height: height)
        case .feed where state.shownPosts.isEmpty:
            // Narrowed to nothing: unread only with all read, or a scope whose sources have no posts.
            let unread = state.unreadOnly && state.postsInScope > 0
            let key = state.options.keys.keys(for: .unreadOnly).first?.displayName
            drawMessage(
                unread
                    ? ["No unread posts.", key.map { "\($0) shows them all" } ?? "unread only is on"]
                    : ["No posts from \(state.scope?.title ?? "these sources") yet.", "Esc goes back"],
                ink: .muted, into: &buffer, height: height)
        case .feed:
            drawFeed(state, into: &buffer, height: height, shimmer: shimmer, elapsed: elapsed)
        }
    }

    /// The posts from the scroll position down, the selection, and the page footer.
    private static func drawFeed(
        _ state: AppState, into buffer: inout ScreenBuffer, height: Int, shimmer: Shimmer, elapsed: Duration
    ) {
        guard state.feed != nil else { return }
        let placements = state.viewport.placements(from: state.scroll)
        let fade = state.fadeStart.map { CrossFade.remaining(after: elapsed - $0) } ?? 0
        let streamedFade = state.timeline.streamedFadeStart.map { CrossFade.remaining(after: elapsed - $0) } ?? 0
        let shown = state.shownPosts
        let words = state.search?.words ?? []
        let pulse = PendingPulse.fade(at: elapsed, animated: shimmer.isAnimated && !state.isPaused)
        for placement in placements {
            var rowFade = placement.index >= state.fadeFirstRow ? fade : 0
            if streamedFade > 0, shown.indices.contains(placement.index),
                state.timeline.streamedFade.contains(shown[placement.index].id)
            {
                rowFade = max(rowFade, streamedFade)
            }
            paintText(
                placement.layout, top: placement.top, into: &buffer, fade: rowFade, pulse: pulse, marking: words)
            if rowFade == 0 {
                PicturePainter.paint(
                    placement.layout, top: placement.top, state: state, into: &buffer, elapsed: elapsed
                ) { spans, buffer in
                    var part = placement.layout
                    part.spans = spans
                    paintSkeleton(
                        part, top: placement.top, into: &buffer, shimmer: shimmer, elapsed: elapsed,
                        inPalette: state.paletteSkeleton)
                }
            }
            if placement.index == state.selected {
                paintSelection(top: placement.top, height: placement.layout.height, into: &buffer, limit: height)
            }
        }
        if let last = placements.last, last.index == state.shownPosts.count - 1, state.search == nil {
            let footerTop = last.top + last.layout.height + RowGeometry.separatorHeight
            SourceFooter.draw(state, top: footerTop, into: &buffer) { layout, top, buffer in
                paintSkeleton(
                    layout, top: top, into: &buffer, shimmer: shimmer, elapsed: elapsed,
                    inPalette: state.paletteSkeleton)
            }
        }
        // Accessible: new posts above change the status line's count, not the rows.
        if state.newAbove > 0, !state.options.accessible { drawNewMarker(state.newAbove, into: &buffer) }
    }

    /// "▲ 4 new · g": posts a refresh put above what the reader is reading, on the top line.
    private static func drawNewMarker(_ count: Int, into buffer: inout ScreenBuffer) {
        let text = " ▲ \(CountFormat.grouped(count)) new · g goes to the newest "
        let shown = TextWrapper.truncate(text, width: buffer.width)
        let column = max(0, (buffer.width - CellWidth.of(shown)) / 2)
        buffer.write(shown, row: 0, column: column, style: Style(.statusBar))
    }

    /// The spans' text; while the cross-fade runs, with `fade` of the skeleton still showing,
    /// and a mark whose action is on its way with `pulse` of it. A search's words are
    /// marked where they appear.
    static func paintText(
        _ layout: RowLayout, top: Int, into buffer: inout ScreenBuffer, fade: Int, pulse: Int = 0,
        marking words: [String] = []
    ) {
        for span in layout.spans {
            let spanFade = if case .count(_, pending: true) = span.role { max(fade, pulse) } else { fade }
            let style = Style(layout.dimmed ? dimmedInk(for: span.role) : ink(for: span.role), fade: spanFade)
            if spanFade > 0 {
                // The whole bar fades, not only the glyphs: a short text still has its bar.
                buffer.fill(row: top + span.line, column: span.column, count: span.width, style: style)
            }
            buffer.write(span.text, row: top + span.line, column: span.column, style: style, maxWidth: span.width)
            for accent in span.accents where !layout.dimmed {
                buffer.restyle(
                    row: top + span.line, column: span.column + accent.column, count: accent.width,
                    style: Style(ink(for: accent.kind), fade: spanFade))
            }
            guard !words.isEmpty, span.role != .unread else { continue }
            if case .avatar = span.role { continue }
            if case .picture = span.role { continue }
            for run in SearchMarks.cells(in: span.text, words: words) where run.column < span.width {
                buffer.restyle(
                    row: top + span.line, column: span.column + run.column,
                    count: min(run.width, span.width - run.column), style: Style(.match))
            }
        }
    }

    /// A bar in the left margin beside every line of the selected row.
    static func paintSelection(top: Int, height: Int, into buffer: inout ScreenBuffer, limit: Int) {
        let start = max(0, top)
        let end = min(limit, top + height)
        guard start < end else { return }
        for row in start..<end {
            buffer.write("▌", row: row, column: 0, style: Style(.selection))
        }
        // The reader is at the selected row's first line shown.
        if buffer.cursor == nil { buffer.cursor = ScreenBuffer.Cursor(row: start, column: 0) }
    }

    /// The skeleton: the same spans, each painted as a grey bar of its width. A cell with
    /// a band edge inside it keeps both halves' levels; in palette mode each cell names
    /// its element's palette entry instead of a level.
    static func paintSkeleton(
        _ layout: RowLayout, top: Int, into buffer: inout ScreenBuffer, shimmer: Shimmer, elapsed: Duration,
        inPalette: Bool
    ) {
        // The band where it crosses each row, worked out once for the row's bars.
        let seconds = elapsed.seconds
        var band: (row: Int, band: Shimmer.Band)?
        for span in layout.spans {
            let row = top + span.line
            guard row >= 0, row < buffer.height else { continue }
            if inPalette {
                let style = Style(.skeletonSlot(PaletteShimmer.slot(for: span.element)))
                buffer.fill(row: row, column: span.column, count: span.width, style: style)
                continue
            }
            // The whole bar at its base shade, then the band's cells over it.
            let base = shimmer.baseLevel(element: span.element, elapsed: elapsed)
            buffer.fill(row: row, column: span.column, count: span.width, style: Style(.skeleton(level: base)))
            guard shimmer.style == .slide else { continue }
            if band?.row != row { band = (row, shimmer.band(row: row, seconds: seconds)) }
            guard let crossing = band?.band else { continue }
            // The bar is spaces now: the band only changes their style.
            for column in crossing.columns.clamped(to: span.column..<(span.column + span.width)) {
                let shade = crossing.shade(column: column)
                let ink: Ink =
                    shade.isEdge ? .skeletonEdge(left: shade.left, right: shade.right) : .skeleton(level: shade.left)
                buffer.restyle(row: row, column: column, count: 1, style: Style(ink))
            }
        }
    }

    static func ink(for accent: RowLayout.Accent.Kind) -> Ink {
        switch accent {
        case .handle: .handle
        case .time: .time
        case .boosts: .boosts
        case .link: .link
        case .unread: .unread
        }
    }

    /// A muted post's row, shown: its words in the hint's colour; its avatar and pictures
    /// as they are.
    static func dimmedInk(for role: RowLayout.Role) -> Ink {
        switch role {
        case .avatar, .picture, .unread: ink(for: role)
        default: .muted
        }
    }

    static func ink(for role: RowLayout.Role) -> Ink {
        switch role {
        case .avatar(let color): .avatar(color: color)
        case .unread: .unread
        case .name: .name
        case .meta: .muted
        case .count(let own, _): own ? .liked : .likes
        case .title: .title
        case .content, .picture: .plain
        }
    }

    /// Lines centred in the rows area, for errors and empty feeds.
    private static func drawMessage(_ lines: [String], ink: Ink, into buffer: inout ScreenBuffer, height: Int) {
        let width = max(1, buffer.width - 2)
        let wrapped = lines.flatMap { TextWrapper.wrap($0, width: width, maxLines: 3) }
        let top = max(0, (height - wrapped.count) / 2)
        if !wrapped.isEmpty {
            buffer.cursor = ScreenBuffer.Cursor(
                row: top, column: max(0, (buffer.width - CellWidth.of(wrapped[0])) / 2))
        }
        for (offset, line) in wrapped.enumerated() where top + offset < height {
            let column = max(0, (buffer.width - CellWidth.of(line)) / 2)
            let style = Style(offset == wrapped.count - 1 ? .muted : ink)
            buffer.write(line, row: top + offset, column: column, style: style)
        }
    }
}
