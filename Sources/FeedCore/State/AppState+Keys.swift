/// Keys: what each does to the session, and moving through the list.
extension AppState {
    mutating func apply(_ key: Key, at now: Duration) -> [AppEffect] {
        guard let action = KeyBinding.action(for: key) else { return [] }
        switch action {
        case .quit:
            return [.cancelLoads, .quit(exitCode: 0)]
        case .reload:
            guard !options.offline else {
                notice = "offline: no reload"
                return []
            }
            return toggleLoading(at: now)
        case .redraw:
            return [.redrawAll]
        case .help:
            showHelp(at: now)
            return []
        case .pause:
            togglePause(at: now)
            return []
        default:
            break
        }
        // The rest act on the rows, which a reload hides and a screen too small cannot
        // show: nothing moves where the reader cannot see it.
        if action == .search, !isLoading, feed != nil { return beginSearch() }
        let posts = shownPosts
        guard !isLoading, !isTooSmall, !posts.isEmpty else { return [] }
        let view = viewport
        var effects: [AppEffect] = []
        let page = max(1, view.height - 2)
        let halfPage = max(1, view.height / 2)
        switch action {
        case .next: moveDown(in: view)
        case .previous: moveUp(in: view)
        case .pageDown: scrollPage(by: page, in: view)
        case .pageUp: scrollPage(by: -page, in: view)
        case .halfPageDown: scrollPage(by: halfPage, in: view)
        case .halfPageUp: scrollPage(by: -halfPage, in: view)
        case .first: select(0, in: view)
        case .last: select(posts.count - 1, in: view)
        case .scrollDown: scrollKeepingSelection(by: 3, in: view)
        case .scrollUp: scrollKeepingSelection(by: -3, in: view)
        case .select:
            if case .click(let row, _) = key, let index = view.row(atLine: row, from: scroll) {
                select(index, in: view)
            }
        case .toggleExpanded:
            let id = posts[selected].id
            if expanded.remove(id) == nil {
                expanded.insert(id)
                effects += setRead([selected], true)
            }
            scroll = viewport.revealing(selected, from: scroll)
        case .like:
            let post = posts[selected]
            let isLiked = liked.remove(post.id) == nil
            if isLiked { liked.insert(post.id) }
            if options.tracksRead {
                effects.append(.keepMarks([.liked(post.id, source: post.source?.index ?? 0, isLiked)]))
            }
        case .openLink:
            return setRead([selected], true) + openLink(of: posts[selected])
        case .nextUnread:
            guard let next = nextUnread(after: selected, in: posts) else {
                notice = "No unread post."
                return []
            }
            select(next, in: view)
        case .toggleRead:
            effects += setRead([selected], !read.contains(posts[selected].id))
        case .markAllRead:
            effects += setRead(posts.indices, true)
        case .quit, .reload, .redraw, .help, .pause, .search:
            break
        }
        // At the top, every new post has been seen. Moving, the reader takes the view;
        // g gives it back to the newest.
        if scroll == .start { newAbove = 0 }
        followsNewest = action == .first
        return effects + pageIfNearTheEnd(at: now)
    }

    /// The first unread post after `index`, else the first from the top.
    private func nextUnread(after index: Int, in posts: [Post]) -> Int? {
        let after = posts.indices.dropFirst(index + 1).first { !read.contains(posts[$0].id) }
        return after ?? posts.indices.prefix(index + 1).first { !read.contains(posts[$0].id) && $0 != index }
    }

    // MARK: moving

    private mutating func select(_ index: Int, in view: FeedViewport) {
        selected = index
        scroll = view.revealing(index, from: scroll)
    }

    /// Down one post; a post taller than the screen scrolls through first.
    private mutating func moveDown(in view: FeedViewport) {
        let bottom = view.top(of: selected, from: scroll) + view.layout(at: selected).height
        if bottom > view.height {
            scroll = view.scrolled(scroll, by: min(max(1, view.height / 2), bottom - view.height))
        } else if selected < view.posts.count - 1 {
            select(selected + 1, in: view)
        }
    }

    /// Up one post; a post whose start is scrolled off shows its start first.
    private mutating func moveUp(in view: FeedViewport) {
        let top = view.top(of: selected, from: scroll)
        if top < 0 {
            scroll = view.scrolled(scroll, by: max(top, -max(1, view.height / 2)))
        } else if selected > 0 {
            select(selected - 1, in: view)
        }
    }

    /// Scrolls by `lines` and selects the first post whose start is in view; at either
    /// end of the list the selection goes to that end.
    private mutating func scrollPage(by lines: Int, in view: FeedViewport) {
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
    private mutating func scrollKeepingSelection(by lines: Int, in view: FeedViewport) {
        scroll = view.scrolled(scroll, by: lines)
        let shown = view.placements(from: scroll)
        let whole = shown.filter { $0.top >= 0 && $0.top + $0.layout.height <= view.height }.map(\.index)
        guard let first = whole.first ?? shown.first?.index, let last = whole.last ?? shown.last?.index else { return }
        selected = min(max(selected, first), last)
    }

    /// After a resize, the selected post stays in view at about the same line.
    mutating func resize(to newSize: TerminalSize) {
        guard feed != nil, !isTooSmall else {
            size = newSize
            return
        }
        let line = viewport.top(of: selected, from: scroll)
        size = newSize
        guard !isTooSmall else { return }
        let view = viewport
        scroll = view.scrolled(ScrollPosition(row: selected), by: -max(0, line))
        scroll = view.revealing(selected, from: scroll)
    }

    private mutating func openLink(of post: Post) -> [AppEffect] {
        guard let url = post.url else {
            notice = "This post has no link."
            return []
        }
        notice = "Link: \(url)"
        guard WebAddress.isWeb(url) else { return [] }
        return [.openLink(url)]
    }
}
