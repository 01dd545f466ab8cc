/// The reader's actions on the server: `l`, `B` and `m` on a post whose source reaches its
/// server, and the server's answers. The row changes at once; the server's word replaces
/// it, or a refusal takes it back and says why.
extension AppState {
    /// The key of `action` on `post` (the selected one), when the post's source reaches a
    /// server; nil where the key means something else there (`l` likes here only).
    mutating func pressServerMark(_ action: KeyAction, on post: Post?) -> [AppEffect]? {
        guard let mark = action.statusMark, let post else { return nil }
        let source = timeline.source(of: post)
        guard let statusID = post.statusID, source?.actsOnServer == true else {
            guard action != .like else { return nil }
            let pressed = ServerAction(mark: mark, on: true)
            let verb = pressed.verb(onBluesky: post.network == .bluesky)
            if let host = source?.signInHost {
                notices.say("To \(verb) on the server: shimmerfeed login \(host)")
            } else {
                notices.say("Only a Mastodon post can be \(verb == "boost" ? "boosted" : "bookmarked").")
            }
            return []
        }
        if post.network == .bluesky, mark == .bookmarked {
            notices.say("A Bluesky post cannot be bookmarked: Bluesky keeps no bookmarks that other apps see.")
            return []
        }
        // A Bluesky record's answer has no counts: its target carries them as shown.
        let bluesky = post.blueskyRecord != nil
        let target = ActionTarget(
            source: post.source?.index ?? 0, statusID: statusID, statusURL: post.url, record: post.blueskyRecord,
            likes: bluesky ? post.likes : nil, boosts: bluesky ? post.boosts : nil)
        guard let request = actions.press(mark, on: target, server: post.marks.contains(mark)) else { return [] }
        return [.sendAction(request)]
    }

    /// The server's answer to an action.
    mutating func take(_ answer: ActionAnswer) -> [AppEffect] {
        switch actions.take(answer) {
        case .confirmed(let state, let request, let next):
            views.update(request.target, to: state)
            return next.map { [.sendAction($0)] } ?? []
        case .rolledBack(let request, let failure):
            notices.say("Could not \(request.action.verb(onBluesky: request.target.record != nil)): \(failure.message)")
        case .waiting(let request, let failure):
            notices.say(
                "Could not \(request.action.verb(onBluesky: request.target.record != nil)) now (\(failure.message)); it is kept and sent at the next chance"
            )
        case .stale:
            break
        }
        return []
    }

    /// Actions kept for the next chance go when their source's server has answered.
    mutating func resendWaiting(after answers: [SourceAnswer]) -> [AppEffect] {
        var effects: [AppEffect] = []
        for answer in answers {
            guard case .loaded = answer.outcome, !actions.isEmpty else { continue }
            effects += actions.resendWaiting(from: answer.source).map(AppEffect.sendAction)
        }
        return effects
    }
}

extension AppState {
    /// `t`: the thread of `post`, pushed over the view it was opened from.
    mutating func openThread(of post: Post?) -> [AppEffect] {
        guard let post else { return [] }
        guard let statusID = post.statusID, post.network != .bluesky else {
            notices.say(
                post.network == .bluesky
                    ? "A Bluesky post's thread is not shown here yet: o opens it in the browser."
                    : "Only a Mastodon post has a thread.")
            return []
        }
        let request = views.nextRequest()
        let source = post.source?.index ?? 0
        views.push(ThreadView(request: request, source: source, focus: post, now: timeline.referenceDate))
        return [.loadThread(request: request, source: source, statusID: statusID)]
    }
}

extension KeyAction {
    /// The mark on the server a key sets or takes away.
    var statusMark: StatusMarks? {
        switch self {
        case .like: .favourited
        case .boost: .boosted
        case .bookmark: .bookmarked
        default: nil
        }
    }
}

extension TimelineView {
    /// The server's word on a status: every row of it (the status, and boosts of it) takes
    /// the server's counts and marks.
    mutating func update(_ target: ActionTarget, to state: StatusState) {
        guard var feed else { return }
        func updated(_ posts: inout [Post]) -> Bool {
            var changed = false
            for index in posts.indices
            where posts[index].statusID == target.statusID && posts[index].source?.index == target.source {
                posts[index].take(state)
                changed = true
            }
            return changed
        }
        if updated(&feed.posts) { content = .feed(feed) }
        if var results = search?.results, updated(&results) { search?.results = results }
    }
}
