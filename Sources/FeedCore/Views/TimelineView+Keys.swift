/// The timeline's keys: moving through the list, and acting on the selected post.
extension TimelineView {
    /// What a key did to the timeline: what the loop must do, what to tell the reader,
    /// and whether the selection moved (which may bring the next page).
    struct KeyOutcome {
        var effects: [AppEffect] = []
        var notice: String?
        var moved = true
    }

    /// A key bound to `action` that acts on the rows; the rows are shown and not empty.
    mutating func act(_ action: KeyAction, key: Key, in frame: ViewFrame) -> KeyOutcome {
        let view = viewport(in: frame)
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
        case .last:
            select(view.posts.count - 1, in: view)
            // The list's end shows what is below it too (a failed source's line, a page
            // loading), where the last post leaves it room.
            if view.layout(at: selected).height + view.footerHeight <= view.height {
                scroll = max(scroll, view.lastPosition)
            }
        case .scrollDown: scrollKeepingSelection(by: 3, in: view)
        case .scrollUp: scrollKeepingSelection(by: -3, in: view)
        case .select:
            if case .click(let row, _) = key, let index = view.row(atLine: row, from: scroll) {
                select(index, in: view)
            }
        default:
            return actOnSelectedPost(action, in: frame)
        }
        endMove(action)
        return KeyOutcome()
    }

    /// The keys that change the selected post or its marks rather than the selection.
    private mutating func actOnSelectedPost(_ action: KeyAction, in frame: ViewFrame) -> KeyOutcome {
        let posts = shownPosts
        var outcome = KeyOutcome()
        switch action {
        case .toggleExpanded:
            let post = posts[selected]
            let id = post.id
            if expanded.remove(id) == nil {
                expanded.insert(id)
                outcome.effects += setRead([selected], true, in: frame)
                if post.poll?.isOpen(at: referenceDate) == true, votes(in: post) { voting[id] = [] }
            } else {
                voting[id] = nil
            }
            scroll = viewport(in: frame).revealing(selected, from: scroll)
        case .like:
            let post = posts[selected]
            let isLiked = liked.remove(post.id) == nil
            if isLiked { liked.insert(post.id) }
            // A server's post liked without an account: the server never hears of it, and
            // the reader is told so, once.
            let source = post.source?.index ?? 0
            if isLiked, !toldLikesStayHere, sources.indices.contains(source), let host = sources[source].signInHost {
                toldLikesStayHere = true
                outcome.notice = "Liked here only: shimmerfeed login \(host) to like on the server"
            }
            if frame.tracksRead {
                outcome.effects.append(.keepMarks([.liked(post.id, source: source, isLiked)]))
            }
        case .openLink:
            outcome = openLink(of: posts[selected])
            outcome.effects = setRead([selected], true, in: frame) + outcome.effects
            return outcome
        case .nextUnread:
            guard let next = nextUnread(after: selected, in: posts) else {
                return KeyOutcome(notice: "No unread post.", moved: false)
            }
            select(next, in: viewport(in: frame))
        case .toggleRead:
            outcome.effects += setRead([selected], !read.contains(posts[selected].id), in: frame)
        case .markAllRead:
            outcome.effects += setRead(posts.indices, true, in: frame)
        default:
            return KeyOutcome(moved: false)
        }
        endMove(action)
        return outcome
    }

    /// What comes into view above has been seen: at the top, every new post. Moving, the
    /// reader takes the view; g gives it back to the newest.
    private mutating func endMove(_ action: KeyAction) {
        newAbove = min(newAbove, scroll.row)
        followsNewest = action == .first
    }

    /// The first unread post after `index`, else the first from the top.
    private func nextUnread(after index: Int, in posts: [Post]) -> Int? {
        let after = posts.indices.dropFirst(index + 1).first { !read.contains(posts[$0].id) }
        return after ?? posts.indices.prefix(index + 1).first { !read.contains(posts[$0].id) && $0 != index }
    }

    private func openLink(of post: Post) -> KeyOutcome {
        guard let url = post.url else { return KeyOutcome(notice: "This post has no link.", moved: false) }
        return KeyOutcome(effects: WebAddress.isWeb(url) ? [.openLink(url)] : [], notice: "Link: \(url)", moved: false)
    }
}
