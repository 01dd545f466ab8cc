/// What narrows the timeline's rows besides a search: a scope (the sources of a tag, or
/// one source, opened from the sources view) and `U`, unread only. The rows they leave are
/// kept (`narrowed`), made again when the posts, the scope or the switch change, so that a
/// frame never filters thousands of posts. A post read while unread only is on stays in
/// its place until the reader leaves the view or presses `U` again: the selection never
/// jumps from under them.
extension TimelineView {
    /// The rows the scope and unread only leave of the posts, and how many the scope has.
    mutating func narrowPosts() {
        let posts = feed?.posts ?? []
        guard scope != nil || unreadOnly else {
            (narrowed, postsInScope) = (nil, posts.count)
            return
        }
        let sources = scope?.sources
        var inScope = 0
        narrowed = posts.filter { post in
            if let sources, !sources.contains(post.source?.index ?? 0) { return false }
            inScope += 1
            return !unreadOnly || !read.contains(post.id) || keptInView.contains(post.id)
        }
        postsInScope = inScope
    }

    /// The rows before a search: the narrowed ones, else every post.
    var unsearchedPosts: [Post] {
        narrowed ?? feed?.posts ?? []
    }

    /// `U`: unread only, on or off; the selection stays on its post where it can, else on
    /// the nearest after it.
    mutating func toggleUnreadOnly(in frame: ViewFrame) {
        let keep = selectedPost?.id
        let before = unsearchedPosts
        unreadOnly.toggle()
        keptInView = []
        renarrow(keeping: keep, from: before, in: frame)
    }

    /// The rows again, after the scope or the switch changed, the selection on `keep` (or the
    /// first post after it in `before` that is still shown).
    mutating func renarrow(keeping keep: PostID?, from before: [Post], in frame: ViewFrame) {
        narrowPosts()
        let posts = unsearchedPosts
        var target = 0
        if let keep, let position = before.firstIndex(where: { $0.id == keep }) {
            let shown = Dictionary(posts.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
            target = before[position...].lazy.compactMap { shown[$0.id] }.first ?? max(0, posts.count - 1)
        }
        if search != nil {
            refreshSearch(keeping: keep, in: frame)
        } else {
            selected = min(target, max(0, posts.count - 1))
            scroll = posts.isEmpty ? .start : viewport(in: frame).revealing(selected, from: .start)
        }
        newAbove = 0
        recountUnread(in: frame)
        noteOnScreen(in: frame)
    }
}

/// The sources a timeline shows when it is opened from the sources view: a tag's, or one.
public struct TimelineScope: Sendable {
    /// What the status line calls it: the tag, or the source's name.
    public var title: String
    /// The sources' indices.
    public var sources: Set<Int>
    /// Where the timeline was before, to come back to with Esc.
    var place: TimelinePlace
    /// The view it was opened from, pushed again when Esc leaves the scope.
    var openedFrom: (any StackedView)?
}

/// Where the reader was in a timeline: the post selected and its line, unread only.
struct TimelinePlace: Sendable {
    var selected: PostID?
    var line: Int
    var unreadOnly: Bool
    var followsNewest: Bool
    var search: PostSearch?
}
