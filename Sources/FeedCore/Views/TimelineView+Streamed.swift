import FoundationEssentials

/// Posts a live source brings: a new one goes in at its place by
/// time, the top as a rule; an edited one replaces its copy; a deleted one goes. Until the
/// reader moves the view shows from the newest; after that the selected post keeps its
/// line and the new posts above it count in the "▲ new" marker.
extension TimelineView {
    /// `posts`, streamed by source `index`: new, or edited. Returns the new posts' ids.
    @discardableResult
    mutating func takeStreamed(_ posts: [Post], of index: Int, in frame: ViewFrame) -> Set<PostID> {
        guard feed != nil else { return [] }
        var current = allPosts
        var fresh: [Post] = []
        for post in tagged(posts, from: index, paged: false) {
            if let copy = current.firstIndex(where: { $0.id == post.id }) {
                current[copy] = post
            } else {
                fresh.append(post)
            }
        }
        let anchor = anchor(in: frame)
        let known = Set(current.map(\.id))
        let merged = fresh.isEmpty ? current : TimelineMerge.adding(fresh, in: current, owners: &owners)
        place(merged, anchor: anchor, counting: known, in: frame)
        trimStreamed(of: index, in: frame)
        let placed = Set(feed?.posts.map(\.id) ?? [])
        return Set(fresh.map(\.id).filter { placed.contains($0) })
    }

    /// A streaming source keeps at most this many posts in the timeline: a stream that
    /// brings a hundred statuses a second for an hour does not grow the viewer by as many.
    /// The oldest go (the store keeps them), never the one read nor any above it or on the
    /// screen, and the source's next page starts after the oldest kept, to bring them back.
    public static let streamedLimit = 500

    mutating func trimStreamed(of index: Int, in frame: ViewFrame) {
        guard var posts = feed?.posts else { return }
        let own = posts.indices.filter { posts[$0].source?.index == index }
        guard own.count > Self.streamedLimit else { return }
        // The rows shown may be narrowed: the posts to keep are found by id among all.
        let shown = shownPosts
        let lastShownID = visiblePosts(in: frame).last.map { shown[$0.index].id } ?? selectedPost?.id
        let keepAbove = lastShownID.flatMap { id in posts.firstIndex { $0.id == id } } ?? posts.count
        let removable = own.filter { $0 > keepAbove }.suffix(own.count - Self.streamedLimit)
        guard !removable.isEmpty else { return }
        let gone = Set(removable)
        posts = posts.indices.filter { !gone.contains($0) }.map { posts[$0] }
        content = .feed(Feed(posts: posts))
        if let oldest = posts.last(where: { $0.source?.index == index }), let next = sources[index].nextPage,
            let field = sources[index].pageAfterField
        {
            sources[index].nextPage = PageAddress.setting(field, to: oldest.id.untagged(by: index), in: next)
        }
    }

    /// The status `statusID` of source `index` deleted: its row goes, and boosts of it. The
    /// selection stays on its post, or, when that was the one deleted, goes to the next.
    mutating func removeStreamed(_ statusID: String, of index: Int, in frame: ViewFrame) {
        guard var posts = feed?.posts else { return }
        let gone = { (post: Post) in
            post.source?.index == index && (post.id.untagged(by: index) == statusID || post.statusID == statusID)
        }
        guard posts.contains(where: gone) else { return }
        let anchor = anchor(in: frame)
        // The selected post, where it stays; gone, the one after it takes its place (the
        // one before, at the end).
        let keep = selectedPost?.id
        posts.removeAll(where: gone)
        content = .feed(Feed(posts: posts))
        let shown = unsearchedPosts
        let index = keep.flatMap { id in shown.firstIndex { $0.id == id } } ?? max(0, min(selected, shown.count - 1))
        selected = shown.isEmpty ? 0 : index
        let view = viewport(in: frame)
        if let anchor, !shown.isEmpty {
            scroll = view.anchoring(selected, atLine: anchor.top)
        } else {
            scroll = view.revealing(selected, from: min(scroll, view.lastPosition))
        }
    }
}
