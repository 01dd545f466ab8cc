/// `/` and what it types: the search narrows the rows as each key comes; Enter keeps it,
/// Esc clears it and puts the selection back on the post it was on.
extension AppState {
    /// The posts the rows show: the search's results while there is a search, else the
    /// view's posts.
    public var shownPosts: [Post] {
        search?.results ?? feed?.posts ?? []
    }

    /// `/`: a search begins (or the kept one is edited again).
    mutating func beginSearch() -> [AppEffect] {
        if search != nil {
            search?.typing = true
            return []
        }
        search = PostSearch(query: "", selectedBefore: selectedPost?.id)
        refreshSearch(keepingSelection: false)
        return []
    }

    /// A key while the search is typed into.
    mutating func typeIntoSearch(_ key: Key) -> [AppEffect] {
        switch key {
        case .escape, .control("c"), .control("g"):
            endSearch()
            return []
        case .enter:
            search?.typing = false
            return []
        case .backspace:
            guard search?.query.isEmpty == false else { return [] }
            search?.query.removeLast()
        case .control("u"):
            search?.query = ""
        case .character(let character):
            search?.query.append(character)
        default:
            return []
        }
        refreshSearch(keepingSelection: false)
        guard options.tracksRead, let query = search?.query, !query.trimmingWhitespace().isEmpty else { return [] }
        return [.searchStore(query)]
    }

    /// Esc: the search goes, and the selection goes back to the post it was on (or the
    /// post selected among the results, if the reader moved).
    mutating func endSearch() {
        let chosen = selectedPost?.id
        let before = search?.selectedBefore
        search = nil
        let posts = feed?.posts ?? []
        let target =
            chosen.flatMap { id in posts.firstIndex { $0.id == id } }
            ?? before.flatMap { id in posts.firstIndex { $0.id == id } } ?? 0
        selected = min(target, max(0, posts.count - 1))
        scroll = viewport.revealing(selected, from: .start)
    }

    /// Keys that move through the results while the search is typed into.
    static func movesThroughResults(_ key: Key) -> Bool {
        switch key {
        case .up, .down, .pageUp, .pageDown, .home, .end, .wheelUp, .wheelDown, .click: true
        default: false
        }
    }

    /// The results again, for a new query or new posts; the selection stays on its post
    /// when asked and it still matches, else goes to the first result.
    mutating func refreshSearch(keepingSelection: Bool) {
        refreshSearch(keeping: keepingSelection ? selectedPost?.id : nil)
    }

    mutating func refreshSearch(keeping keep: PostID?) {
        guard var search else { return }
        search.refresh(from: feed?.posts ?? [])
        self.search = search
        let results = search.results
        if let keep, let index = results.firstIndex(where: { $0.id == keep }) {
            selected = index
            scroll = viewport.revealing(index, from: min(scroll, viewport.lastPosition))
        } else {
            selected = 0
            scroll = .start
        }
    }

    /// What the store found for `query`, after the view's own matches: each named by its
    /// source as the view names it (a view of one source names none).
    mutating func takeStoreMatches(_ matches: [Post], for query: String) {
        guard search?.query == query else { return }  // a key came since: an older query
        let named = matches.map { post in
            var post = post
            if let index = post.source?.index, sources.indices.contains(index) {
                post.source?.name = request(for: index).name
            }
            return post
        }
        search?.storeMatches = named
        search?.storeQuery = query
        refreshSearch(keepingSelection: true)
    }
}
