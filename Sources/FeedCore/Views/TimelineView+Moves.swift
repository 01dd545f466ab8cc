/// Moving through the list: the selection, and the scroll position that keeps it in view.
extension TimelineView {
    mutating func select(_ index: Int, in view: FeedViewport) {
        selected = index
        scroll = view.revealing(index, from: scroll)
    }

    /// Down one post; a post taller than the screen scrolls through first.
    mutating func moveDown(in view: FeedViewport) {
        let bottom = view.top(of: selected, from: scroll) + view.layout(at: selected).height
        if bottom > view.height {
            scroll = view.scrolled(scroll, by: min(max(1, view.height / 2), bottom - view.height))
        } else if selected < view.posts.count - 1 {
            select(selected + 1, in: view)
        }
    }

    /// Up one post; a post whose start is scrolled off shows its start first.
    mutating func moveUp(in view: FeedViewport) {
        let top = view.top(of: selected, from: scroll)
        if top < 0 {
            scroll = view.scrolled(scroll, by: max(top, -max(1, view.height / 2)))
        } else if selected > 0 {
            select(selected - 1, in: view)
        }
    }

    /// Scrolls by `lines` and selects the first post whose start is in view; at either
    /// end of the list the selection goes to that end.
    mutating func scrollPage(by lines: Int, in view: FeedViewport) {
        let moved = view.scrolled(scroll, by: lines)
        if moved == scroll {
            selected = lines > 0 ? view.posts.count - 1 : 0
            scroll = view.revealing(selected, from: scroll)
            return
        }
        scroll = moved
        selected = view.placements(from: scroll).first { $0.top >= 0 }?.index ?? scroll.row
    }

    /// The mouse wheel scrolls the view; the selection follows only if it leaves the view.
    mutating func scrollKeepingSelection(by lines: Int, in view: FeedViewport) {
        scroll = view.scrolled(scroll, by: lines)
        let shown = view.placements(from: scroll)
        let whole = shown.filter { $0.top >= 0 && $0.top + $0.layout.height <= view.height }.map(\.index)
        guard let first = whole.first ?? shown.first?.index, let last = whole.last ?? shown.last?.index else { return }
        selected = min(max(selected, first), last)
    }

    /// The screen became `newSize`: the selected post stays in view at about the line it
    /// was on.
    mutating func resize(from old: ViewFrame, to new: ViewFrame) {
        guard feed != nil, !old.isTooSmall, !new.isTooSmall else { return }
        let line = viewport(in: old).top(of: selected, from: scroll)
        let view = viewport(in: new)
        scroll = view.scrolled(ScrollPosition(row: selected), by: -max(0, line))
        scroll = view.revealing(selected, from: scroll)
    }
}
