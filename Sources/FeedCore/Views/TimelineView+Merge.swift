import FoundationEssentials

/// Posts into the timeline: each source's answer merged into the rest newest first, and
/// the selected post kept on its line whatever arrives.
extension TimelineView {
    /// Source `index`'s first page: its posts replace their old copies and the posts gone
    /// from it (older ones and further pages' stay), merged into the rest.
    mutating func mergeFirstPage(_ loaded: Feed, of index: Int, date: Date, in frame: ViewFrame) {
        mergeFirstPages([(index, loaded)], date: date, in: frame)
    }

    /// Several sources' first pages at once, each as `mergeFirstPage` takes it, in one merge.
    mutating func mergeFirstPages(_ pages: [(source: Int, feed: Feed)], date: Date, in frame: ViewFrame) {
        let pages = pages.map { (source: $0.source, posts: tagged($0.feed.posts, from: $0.source, paged: false)) }
        let anchor = anchor(in: frame)
        let known = anchor.map { _ in Set(feed?.posts.map(\.id) ?? []) }
        // The old list is handed to the merge, not kept beside its result: for a big feed
        // that is tens of megabytes at the peak.
        let merged = TimelineMerge.replacing(pages, in: takePosts(), owners: &owners)
        referenceDate = date
        place(merged, anchor: anchor, counting: known, in: frame)
        for page in pages { takeServerReadState(page.posts, in: frame) }
    }

    /// Several sources' first pages into an empty view at once: the store's answers at
    /// the start.
    mutating func placeFirstPages(_ pages: [(source: Int, feed: Feed)], date: Date, in frame: ViewFrame) {
        let pages = pages.map { (source: $0.source, posts: tagged($0.feed.posts, from: $0.source, paged: false)) }
        let merged = TimelineMerge.combining(pages, owners: &owners)
        referenceDate = date
        place(merged, anchor: nil, counting: nil, in: frame)
    }

    /// Source `index`'s further page: its posts join the rest. Returns the index of the
    /// first post that is new, if any.
    mutating func mergePage(_ page: Feed, of index: Int, in frame: ViewFrame) -> Int? {
        let before = allPosts
        let arrived = tagged(page.posts, from: index, paged: true)
        let merged = TimelineMerge.adding(arrived, in: before, owners: &owners)
        let known = Set(before.map(\.id))
        takeServerReadState(arrived, in: frame)
        // A page of one source may hold posts newer than another's selected post: above it,
        // they count as new.
        place(merged, anchor: anchor(in: frame), counting: known, in: frame)
        return unsearchedPosts.firstIndex { !known.contains($0.id) }
    }

    /// `posts` tagged as source `index`'s. The loop's load tasks tag their answers in
    /// place before they come (no copy here); an answer made another way is tagged now.
    func tagged(_ posts: [Post], from index: Int, paged: Bool) -> [Post] {
        let source = PostSource(index: index, name: request(for: index).name, paged: paged)
        var posts = posts
        if posts.isTagged(with: source) {
            // Tagged on its way, under the name the source had when it was asked.
            if posts.contains(where: { $0.source != source }) { posts.rename(to: source) }
        } else {
            posts.tag(with: source)
        }
        return posts
    }

    /// The selected post and the line it is on, to keep it there through a merge; nil
    /// while the view follows the newest posts.
    func anchor(in frame: ViewFrame) -> (post: Post, top: Int)? {
        guard !followsNewest, let post = selectedPost else { return nil }
        return (post, viewport(in: frame).top(of: selected, from: scroll))
    }

    /// The posts, the muted ones too, moved out of the view (left empty until `place` puts
    /// the merge in).
    private mutating func takePosts() -> [Post] {
        guard feed != nil else { return [] }
        let posts = allPosts
        content = .feed(Feed(posts: []))
        mutedAside = []
        return posts
    }

    /// The posts become `merged`. Until the reader moves, the view shows from the newest;
    /// after that, the selected post (`anchor`) keeps its line, and the posts new above it
    /// (not in `counting`, the ids before) are counted for the "▲ new" marker.
    mutating func place(
        _ all: [Post], anchor: (post: Post, top: Int)?, counting known: Set<PostID>?, in frame: ViewFrame
    ) {
        content = .feed(Feed(posts: setMutedAside(all)))
        // The rows shown: a scope or unread only narrow them.
        let merged = unsearchedPosts
        guard !merged.isEmpty, let anchor else {
            selected = 0
            scroll = .start
            return
        }
        guard let index = merged.firstIndex(where: { $0.id == anchor.post.id }) else {
            selected = min(selected, merged.count - 1)
            let view = viewport(in: frame)
            scroll = view.revealing(selected, from: min(scroll, view.lastPosition))
            return
        }
        selected = index
        scroll = viewport(in: frame).anchoring(index, atLine: anchor.top)
        // New posts out of sight above the screen; those the reader can see are not news.
        if let known { newAbove += merged[..<min(index, scroll.row)].count { !known.contains($0.id) } }
        newAbove = min(newAbove, scroll.row)
    }

    /// `all` without the muted posts, which wait aside, unless the reader shows them.
    private mutating func setMutedAside(_ all: [Post]) -> [Post] {
        mutedAside = []
        mutedIDs = []
        guard !mutes.isEmpty || all.contains(where: { $0.serverFilter?.hides == true }) else { return all }
        var shown: [Post] = []
        shown.reserveCapacity(all.count)
        // Each post is judged once: a merge hands the same posts back (the same boxes, equal
        // at once), and judging 15,000 posts' words at every answer took most of a second.
        var judged: [PostID: (post: Post, muted: Bool)] = [:]
        judged.reserveCapacity(all.count)
        for post in all {
            let muted: Bool
            if let known = muteJudgements[post.id], known.post == post {
                muted = known.muted
            } else {
                muted = isMuted(post)
            }
            judged[post.id] = (post, muted)
            guard muted else {
                shown.append(post)
                continue
            }
            mutedIDs.insert(post.id)
            if showsMuted { shown.append(post) } else { mutedAside.append(post) }
        }
        muteJudgements = judged
        return shown
    }

    /// `M`: the muted posts shown, dimmed, or hidden again; the selection stays on its post.
    mutating func toggleMuted(in frame: ViewFrame) {
        guard feed != nil else { return }
        showsMuted.toggle()
        let keep = selectedPost?.id
        content = .feed(Feed(posts: setMutedAside(allPosts)))
        let shown = unsearchedPosts
        selected = keep.flatMap { id in shown.firstIndex { $0.id == id } } ?? min(selected, max(0, shown.count - 1))
        scroll = viewport(in: frame).revealing(selected, from: .start)
        recountUnread(in: frame)
    }
}
