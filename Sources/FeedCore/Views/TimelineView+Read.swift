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
            if changed, post.readOnServer != nil, let source = post.source?.index, sources.indices.contains(source),
                sources[source].isLoading
            {
                markedWhileLoading[source, default: []].insert(post.id)
            }
            // Unread only: a post read stays in its place until the reader leaves the view.
            if changed, isRead, unreadOnly { keptInView.insert(post.id) }
        }
        unreadCount += isRead ? -marks.count : marks.count
        for case .read(_, let source, _) in marks where unreadBySource.indices.contains(source) {
            unreadBySource[source] += isRead ? -1 : 1
        }
        return marks.isEmpty || !frame.tracksRead ? [] : [.keepMarks(marks)]
    }

    /// The read state the reader's server holds for `posts` (a reader server's answer),
    /// taken as this view's: read elsewhere is read here. Nothing is sent back (the server
    /// has it), and a post marked here while the answer was on its way keeps its mark.
    mutating func takeServerReadState(_ posts: [Post], in frame: ViewFrame) {
        var changed = false
        var answered: Set<Int> = []
        for post in posts {
            guard let isRead = post.readOnServer else { continue }
            let source = post.source?.index ?? 0
            answered.insert(source)
            guard markedWhileLoading[source]?.contains(post.id) != true else { continue }
            changed = (isRead ? read.insert(post.id).inserted : read.remove(post.id) != nil) || changed
        }
        // Once a source's load has answered, its marks made meanwhile need no keeping.
        for source in answered where sources.indices.contains(source) && !sources[source].isLoading {
            markedWhileLoading[source] = nil
        }
        if changed { recountUnread(in: frame) }
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

    /// Counts the unread posts again, the view's (its scope's) and each source's: after
    /// posts came or went.
    mutating func recountUnread(in frame: ViewFrame) {
        var bySource = [Int](repeating: 0, count: sources.count)
        for post in feed?.posts ?? [] where !read.contains(post.id) && !mutedIDs.contains(post.id) {
            let source = post.source?.index ?? 0
            if bySource.indices.contains(source) { bySource[source] += 1 }
        }
        unreadBySource = bySource
        unreadCount =
            scope.map { $0.sources.reduce(0) { $0 + (bySource.indices.contains($1) ? bySource[$1] : 0) } }
            ?? bySource.reduce(0, +)
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
