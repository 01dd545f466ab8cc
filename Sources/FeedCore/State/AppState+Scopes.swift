/// The sources view and the timelines it opens: `s` pushes the view; Enter on a tag or a
/// source narrows the timeline to their posts (the same timeline, over fewer sources: its
/// loads, marks and streams go on); Esc there comes back to the view as it was, and Esc
/// again to the timeline where the reader left it.
extension AppState {
    /// The sources view's live part, from the timeline now.
    var sourcesLive: SourcesView.Live {
        SourcesView.Live(
            sources: timeline.sources,
            unread: zip(timeline.unreadBySource, timeline.sources).map { $0 + $1.unreadElsewhere }, now: timing.now,
            height: max(1, size.height - 1))
    }

    /// `s`: the sources view over the timeline, on the row of the timeline's scope if it
    /// has one. Its counts are those the timeline holds now: the store's, at the start.
    mutating func openSources() {
        push(SourcesView(live: sourcesLive, selecting: timeline.scope?.sources))
    }

    /// After every event: the sources view shows the sources as they are.
    mutating func refreshSourcesView() {
        guard views.pushed.contains(where: { $0 is SourcesView }) else { return }
        views.refreshSources(sourcesLive)
    }

    /// Enter on the sources view: the timeline of the selected row's sources, from its
    /// newest post; the view waits to come back to.
    mutating func openScope() {
        guard let view = views.top as? SourcesView, let row = view.selectedRow else { return }
        let (title, sources) = view.scope(of: row)
        views.pop()
        let frame = frame
        // Opened from a scope: Esc, at the end, goes back to where the whole timeline was.
        let place = timeline.scope?.place ?? timeline.place(in: frame)
        timeline.search = nil
        timeline.scope = TimelineScope(title: title, sources: sources, place: place, openedFrom: view)
        timeline.keptInView = []
        timeline.renarrow(keeping: nil, from: [], in: frame)
        timeline.followsNewest = true
        timing.needsFrame = true
    }

    /// Esc on a scoped timeline: the view it was opened from, over the timeline as it was.
    mutating func leaveScope() {
        guard let scope = timeline.scope else { return }
        timeline.scope = nil
        timeline.return(to: scope.place, in: frame)
        if let view = scope.openedFrom { push(view) }
        refreshSourcesView()
        timing.needsFrame = true
    }
}

extension TimelineView {
    /// Where the reader is now, to come back to.
    func place(in frame: ViewFrame) -> TimelinePlace {
        let line = selectedPost == nil ? 0 : viewport(in: frame).top(of: selected, from: scroll)
        return TimelinePlace(
            selected: selectedPost?.id, line: line, unreadOnly: unreadOnly, followsNewest: followsNewest,
            search: search)
    }

    /// Back at `place`: its post selected on its line, as far as it is still there.
    mutating func `return`(to place: TimelinePlace, in frame: ViewFrame) {
        unreadOnly = place.unreadOnly
        keptInView = []
        followsNewest = place.followsNewest
        newAbove = 0
        narrowPosts()
        search = place.search
        if search != nil { refreshSearch(keeping: place.selected, in: frame) }
        let posts = shownPosts
        guard let id = place.selected, let index = posts.firstIndex(where: { $0.id == id }) else {
            selected = 0
            scroll = .start
            recountUnread(in: frame)
            return
        }
        selected = index
        scroll = viewport(in: frame).anchoring(index, atLine: place.line)
        recountUnread(in: frame)
        noteOnScreen(in: frame)
    }
}
