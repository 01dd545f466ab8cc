/// Read and unread: a post is read once opened, expanded, or scrolled past above the
/// screen. With the store the marks are kept (`AppEffect.keepMarks`), rows mark the unread,
/// and the status line counts them.
extension AppState {
    /// Posts at `indices` marked read (or unread again); returns the marks to keep.
    mutating func setRead(_ indices: some Sequence<Int>, _ isRead: Bool) -> [AppEffect] {
        let posts = shownPosts
        var marks: [PostMark] = []
        for index in indices where posts.indices.contains(index) {
            let post = posts[index]
            let changed = isRead ? read.insert(post.id).inserted : read.remove(post.id) != nil
            if changed { marks.append(.read(post.id, source: post.source?.index ?? 0, isRead)) }
        }
        unreadCount += isRead ? -marks.count : marks.count
        return marks.isEmpty || !options.tracksRead ? [] : [.keepMarks(marks)]
    }

    /// After a key: the posts that were on the screen and are now above it are read. A
    /// key changes no post, so the indices kept still name the same posts.
    mutating func readScrolledPast() -> [AppEffect] {
        let first = visiblePosts().first?.index ?? 0
        let passed = onScreen.filter { $0 < first }
        let effects = setRead(passed, true)
        noteOnScreen()
        return effects
    }

    /// Remembers the posts on the screen now.
    mutating func noteOnScreen() {
        guard options.tracksRead, feed != nil, !isLoading else {
            onScreen = []
            return
        }
        onScreen = visiblePosts().map(\.index)
    }

    /// Counts the unread posts again: after posts came or went.
    mutating func recountUnread() {
        guard options.tracksRead else { return }
        unreadCount = feed?.posts.count { !read.contains($0.id) } ?? 0
    }

    private func visiblePosts() -> [FeedViewport.Placement] {
        guard feed != nil, !isTooSmall else { return [] }
        return viewport.placements(from: scroll)
    }
}

/// A mark the store keeps: a post read or unread, liked or not, by the source it came from.
public enum PostMark: Hashable, Sendable {
    case read(PostID, source: Int, Bool)
    case liked(PostID, source: Int, Bool)
}
