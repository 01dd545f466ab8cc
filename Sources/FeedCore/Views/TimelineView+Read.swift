/// Read and unread: a post is read once opened, expanded, or scrolled past above the
/// screen. With the store the marks are kept (`AppEffect.keepMarks`), rows mark the unread,
/// and the status line counts them.
extension TimelineView {
    /// Posts at `indices` marked read (or unread again); returns the marks to keep.
    mutating func setRead(_ indices: some Sequence<Int>, _ isRead: Bool, in frame: ViewFrame) -> [AppEffect] {
        let posts = shownPosts
        var marks: [PostMark] = []
        for index in indices where posts.indices.contains(index) {
            let post = posts[index]
            let changed = isRead ? read.insert(post.id).inserted : read.remove(post.id) != nil
            if changed { marks.append(.read(post.id, source: post.source?.index ?? 0, isRead)) }
        }
        unreadCount += isRead ? -marks.count : marks.count
        return marks.isEmpty || !frame.tracksRead ? [] : [.keepMarks(marks)]
    }

    /// After a key: the posts that were on the screen and are now above it are read. A
    /// key changes no post, so the indices kept still name the same posts.
    mutating func readScrolledPast(in frame: ViewFrame) -> [AppEffect] {
        let first = visiblePosts(in: frame).first?.index ?? 0
        let passed = onScreen.filter { $0 < first }
        let effects = setRead(passed, true, in: frame)
        noteOnScreen(in: frame)
        return effects
    }

    /// Remembers the posts on the screen now.
    mutating func noteOnScreen(in frame: ViewFrame) {
        guard frame.tracksRead, feed != nil, !isLoading else {
            onScreen = []
            return
        }
        onScreen = visiblePosts(in: frame).map(\.index)
    }

    /// Counts the unread posts again: after posts came or went.
    mutating func recountUnread(in frame: ViewFrame) {
        guard frame.tracksRead else { return }
        unreadCount = feed?.posts.count { !read.contains($0.id) && !mutedIDs.contains($0.id) } ?? 0
    }

    func visiblePosts(in frame: ViewFrame) -> [FeedViewport.Placement] {
        guard feed != nil, !frame.isTooSmall else { return [] }
        return viewport(in: frame).placements(from: scroll)
    }
}

/// A mark the store keeps: a post read or unread, liked or not, by the source it came from.
public enum PostMark: Hashable, Sendable {
    case read(PostID, source: Int, Bool)
    case liked(PostID, source: Int, Bool)
}
