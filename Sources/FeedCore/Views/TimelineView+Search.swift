/// `/` and what it types: the search narrows the rows as each key comes; Enter keeps it,
/// Esc clears it and puts the selection back on the post it was on.
extension TimelineView {
    /// `/`: a search begins (or the kept one is edited again).
    mutating func beginSearch(in frame: ViewFrame) {
        if search != nil {
            search?.typing = true
            return
        }
        search = PostSearch(query: "", selectedBefore: selectedPost?.id)
        refreshSearch(keeping: nil, in: frame)
    }

    /// A key while the search is typed into.
    mutating func typeIntoSearch(_ key: Key, in frame: ViewFrame) -> [AppEffect] {
        var query = search?.query ?? ""
        switch TypedQuery.type(key, into: &query) {
        case .cleared:
            endSearch(in: frame)
            return []
        case .kept:
            search?.typing = false
            return []
        case .ignored:
            return []
        case .edited:
            search?.query = query
        }
        refreshSearch(keeping: nil, in: frame)
        guard frame.tracksRead, let query = search?.query, !query.trimmingWhitespace().isEmpty else { return [] }
        return [.searchStore(query)]
    }

    /// Esc: the search goes, and the selection goes back to the post it was on (or the
    /// post selected among the results, if the reader moved).
    mutating func endSearch(in frame: ViewFrame) {
        let chosen = selectedPost?.id
        let before = search?.selectedBefore
        search = nil
        let posts = unsearchedPosts
        let target =
            chosen.flatMap { id in posts.firstIndex { $0.id == id } }
            ?? before.flatMap { id in posts.firstIndex { $0.id == id } } ?? 0
        selected = min(target, max(0, posts.count - 1))
        scroll = viewport(in: frame).revealing(selected, from: .start)
    }

    /// Keys that move through the results while the search is typed into.
    static func movesThroughResults(_ key: Key) -> Bool {
        switch key {
        case .up, .down, .pageUp, .pageDown, .home, .end, .wheelUp, .wheelDown, .click: true
        default: false
        }
    }

    /// The results again, for a new query or new posts; the selection stays on `keep`
    /// when it still matches, else goes to the first result.
    mutating func refreshSearch(keeping keep: PostID?, in frame: ViewFrame) {
        guard var search else { return }
        search.refresh(from: unsearchedPosts)
        self.search = search
        let results = search.results
        if let keep, let index = results.firstIndex(where: { $0.id == keep }) {
            selected = index
            let view = viewport(in: frame)
            scroll = view.revealing(index, from: min(scroll, view.lastPosition))
        } else {
            selected = 0
            scroll = .start
        }
    }

    /// What the store found for `query`, after the view's own matches: each (as the store
    /// keeps it, by its source's index) tagged and named as the view knows its source's
    /// posts (a view of one source names none).
    mutating func takeStoreMatches(_ matches: [Post], for query: String, in frame: ViewFrame) {
        guard search?.query == query else { return }  // a key came since: an older query
        let named = matches.compactMap { post -> Post? in
            guard let index = post.source?.index, sources.indices.contains(index) else { return nil }
            var post = post
            post.tag(with: request(for: index).tag)
            return !showsMuted && isMuted(post) ? nil : post
        }
        search?.storeMatches = named
        search?.storeQuery = query
        refreshSearch(keeping: selectedPost?.id, in: frame)
    }
}
