import FoundationEssentials

/// The rows of a pushed view (a thread, the notifications), drawn as the timeline draws its
/// own: posts, and skeleton rows where posts will come, indented where asked; from the top,
/// unless the selected row would not fit, then from as far down as it needs.
struct StackedRows {
    enum Row {
        case post(Post, selected: Bool, indent: Int)
        case skeleton(index: Int, indent: Int)

        var indent: Int {
            switch self {
            case .post(_, _, let indent), .skeleton(_, let indent): indent
            }
        }
    }

    var rows: [Row]
    var expanded: Set<PostID>
    /// "now" for the rows' ages.
    var now: Date

    /// The keys every list of rows takes: moving the selection among `count` rows,
    /// expanding the selected post, opening its link.
    static func handle(
        _ action: KeyAction, selected: inout Int, count: Int, expanded: inout Set<PostID>, post: Post?
    ) -> [AppEffect] {
        guard count > 0, !move(action, selected: &selected, count: count) else { return [] }
        switch action {
        case .toggleExpanded:
            if let id = post?.id, expanded.remove(id) == nil { expanded.insert(id) }
        case .openLink:
            if let url = post?.url, WebAddress.isWeb(url) { return [.openLink(url)] }
        default: break
        }
        return []
    }

    /// Moves the selection among `count` rows (more than none) for `next`, `previous`,
    /// `first` and `last`; false for any other action.
    static func move(_ action: KeyAction, selected: inout Int, count: Int) -> Bool {
        switch action {
        case .next: selected = min(count - 1, selected + 1)
        case .previous: selected = max(0, selected - 1)
        case .first: selected = 0
        case .last: selected = count - 1
        default: return false
        }
        return true
    }

    func draw(into buffer: inout ScreenBuffer, height: Int, context: DrawContext) {
        let layouts = rows.map {
            layout(of: $0, width: buffer.width, actions: context.actions, inWords: context.inWords)
        }
        let chosen = rows.firstIndex { if case .post(_, true, _) = $0 { true } else { false } } ?? 0
        var first = 0
        func span(_ range: ClosedRange<Int>) -> Int {
            range.reduce(0) { $0 + layouts[$1].height + RowGeometry.separatorHeight }
        }
        while first < chosen, span(first...chosen) > height { first += 1 }
        var top = 0
        let pulse = PendingPulse.fade(at: context.elapsed, animated: context.shimmer.isAnimated)
        for index in first..<rows.count where top < height {
            let layout = layouts[index]
            switch rows[index] {
            case .skeleton:
                FeedRenderer.paintSkeleton(
                    layout, top: top, into: &buffer, shimmer: context.shimmer, elapsed: context.elapsed,
                    inPalette: context.paletteSkeleton)
            case .post(_, let isSelected, _):
                FeedRenderer.paintText(layout, top: top, into: &buffer, fade: 0, pulse: pulse)
                if isSelected {
                    FeedRenderer.paintSelection(top: top, height: layout.height, into: &buffer, limit: height)
                }
            }
            top += layout.height + RowGeometry.separatorHeight
        }
    }

    private func layout(of row: Row, width: Int, actions: ServerActions, inWords: Bool) -> RowLayout {
        let content: RowContent
        let isExpanded: Bool
        switch row {
        case .skeleton(let index, _):
            content = RowContent.placeholder(index: index)
            isExpanded = false
        case .post(let post, _, _):
            var marks = RowMarks()
            (marks.own, marks.pending) = actions.shown(for: post)
            isExpanded = expanded.contains(post.id)
            content = RowContent(post: post, now: now, marks: marks, expanded: isExpanded, inWords: inWords)
        }
        let indent = row.indent
        var layout = RowLayout.make(
            content, screenWidth: max(1, width - indent),
            maxContentLines: isExpanded ? nil : RowGeometry.maxContentLines)
        for index in layout.spans.indices { layout.spans[index].column += indent }
        return layout
    }
}
