/// Keys: the help overlay closes on any, the app-wide ones act wherever the reader is, and
/// the rest go to the view on top of the stack.
extension AppState {
    mutating func press(_ key: Key, at now: Duration) -> [AppEffect] {
        // Accessible: a message stays until the next, for the reader to come back to.
        if !options.accessible { notices.clear() }
        if showingHelp {
            // Any key closes the help; quitting keys still quit.
            closeHelp(at: now)
            if case .control("c") = key { return [.cancelLoads, .quit(exitCode: 0)] }
            return []
        }
        guard let top = views.top else { return pressOnTimeline(key, at: now) }
        if top.takesEveryKey { return views.handleOnTop(unbound: key) }
        if key == .escape {
            _ = views.escapeOnTop()
            return []
        }
        guard let action = options.keys.action(for: key) else { return views.handleOnTop(unbound: key) }
        if action.isAppWide { return appWide(action, at: now) }
        if top is SourcesView, action == .toggleExpanded {
            openScope()
            return []
        }
        if let effects = actOnServer(action, on: views.top?.selectedPost) { return effects }
        return views.handleOnTop(action)
    }

    /// `q`, `?`, `p`, Ctrl-L: the same on every view.
    private mutating func appWide(_ action: KeyAction, at now: Duration) -> [AppEffect] {
        switch action {
        case .quit: return [.cancelLoads, .quit(exitCode: 0)]
        case .redraw: return [.redrawAll]
        case .help: showHelp(at: now)
        case .pause: togglePause(at: now)
        default: break
        }
        return []
    }

    /// A key on the timeline: a search being typed takes it first.
    private mutating func pressOnTimeline(_ key: Key, at now: Duration) -> [AppEffect] {
        let frame = frame
        if timeline.search?.typing == true, !TimelineView.movesThroughResults(key) {
            return timeline.typeIntoSearch(key, in: frame)
        }
        if timeline.search != nil, key == .escape {
            timeline.endSearch(in: frame)
            return []
        }
        // A tag's or a source's timeline: Esc goes back to where it was opened from.
        if timeline.scope != nil, key == .escape {
            leaveScope()
            return []
        }
        // A poll being voted in takes the number keys, and Enter once an option is chosen.
        if !timeline.isLoading, !isTooSmall, let effects = pressInPoll(key) { return effects }
        guard let action = options.keys.action(for: key) else { return [] }
        if action.isAppWide { return appWide(action, at: now) }
        if action == .reload {
            guard !options.offline else {
                notices.say("offline: no reload")
                return []
            }
            return toggleLoading(at: now)
        }
        // The rest act on the rows, which a reload hides and a screen too small cannot
        // show: nothing moves where the reader cannot see it.
        if action == .search {
            if !timeline.isLoading, timeline.feed != nil { timeline.beginSearch(in: frame) }
            return []
        }
        if action == .showMuted {
            if !timeline.isLoading, timeline.search == nil { showMuted() }
            return []
        }
        if action == .sources {
            openSources()
            return []
        }
        if action == .pane {
            togglePane()
            return []
        }
        if action == .paneDown || action == .paneUp {
            scrollPane(down: action == .paneDown)
            return []
        }
        if action == .unreadOnly {
            if !timeline.isLoading, timeline.feed != nil { timeline.toggleUnreadOnly(in: frame) }
            return []
        }
        guard !timeline.isLoading, !isTooSmall, !timeline.shownPosts.isEmpty else { return [] }
        if let effects = actOnServer(action, on: timeline.selectedPost) { return effects }
        let outcome = timeline.act(action, key: key, in: frame)
        if let notice = outcome.notice { notices.say(notice) }
        return outcome.moved ? outcome.effects + pageIfNearTheEnd(at: now) : outcome.effects
    }

    /// The keys that reach the selected post's server, on any view: its thread, a reply or
    /// a new post, a favourite, boost or bookmark. Nil for the other keys, and for `l` on a
    /// post no server acts for (a like kept here).
    private mutating func actOnServer(_ action: KeyAction, on post: Post?) -> [AppEffect]? {
        switch action {
        case .links where !(views.top is LinksView): openLinks(of: post)
        case .copyLink where !(views.top is LinksView): copyLink(of: post)
        case .pager: showInPager(post)
        case .thread: openThread(of: post)
        case .notifications: openNotifications(from: post)
        case .reply, .quote, .compose: compose(action, on: post)
        default: pressServerMark(action, on: post)
        }
    }

    /// After a resize, the selected post stays in view at about the same line.
    mutating func resize(to newSize: TerminalSize) {
        let old = frame
        size = newSize
        timeline.resize(from: old, to: frame)
    }
}

extension KeyAction {
    /// Whether the key acts the same on every view: quitting, the help, the pause, a redraw.
    var isAppWide: Bool {
        switch self {
        case .quit, .help, .pause, .redraw: true
        default: false
        }
    }
}
