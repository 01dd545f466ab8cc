/// The reader's actions on the server: `l`, `B` and `m` on a post whose source reaches its
/// server, and the server's answers. The row changes at once; the server's word replaces
/// it, or a refusal takes it back and says why.
extension AppState {
    /// The key of `action` on `post` (the selected one), when the post's source reaches a
    /// server; nil where the key means something else there (`l` likes here only).
    mutating func pressServerMark(_ action: KeyAction, on post: Post?) -> [AppEffect]? {
        guard let mark = action.statusMark, let post else { return nil }
        let pressed = ServerAction(mark: mark, on: true)
        let source = timeline.source(of: post)
        guard let statusID = post.statusID, source?.capabilities.contains(pressed.capability) == true else {
            // `l` likes here what the server cannot hear of.
            guard action != .like else { return nil }
            let verb = pressed.verb(in: source?.network.words ?? .feed)
            notices.say(cannot(pressed.capability, doing: "\(verb) on the server", source: source))
            return []
        }
        // The counts as shown travel with it: some networks' answers say nothing of them.
        let target = ActionTarget(
            source: post.source?.index ?? 0, statusID: statusID, statusURL: post.url, payload: post.payload,
            likes: post.likes, boosts: post.boosts)
        guard let request = actions.press(mark, on: target, server: post.marks.contains(mark)) else { return [] }
        return [.sendAction(request)]
    }

    /// Why `source`'s reader cannot do `capability` now: where to sign in, where its
    /// network could with an account ("To boost on the server: shimmerfeed login HOST");
    /// else its network's own words on what it lacks.
    func cannot(_ capability: Capabilities, doing: String, source: SourceStatus?) -> String {
        let network = source?.network ?? .webFeed
        guard network.capabilities.contains(capability) else { return network.words.cannot(capability) }
        return "To \(doing): shimmerfeed login \(source?.signInHost ?? "SERVER")"
    }

    /// The server's answer to an action.
    mutating func settle(_ answer: ActionAnswer) -> [AppEffect] {
        switch actions.settle(answer) {
        case .confirmed(let state, let request, let next):
            views.update(request.target, to: state)
            return next.map { [.sendAction($0)] } ?? []
        case .rolledBack(let request, let failure):
            notices.say("Could not \(verb(of: request)): \(failure.message)")
        case .waiting(let request, let failure):
            notices.say(
                "Could not \(verb(of: request)) now (\(failure.message)); it is kept and sent at the next chance")
        case .stale:
            break
        }
        return []
    }

    /// A request's action in the words of its source's network.
    private func verb(of request: ActionRequest) -> String {
        let sources = timeline.sources
        let source = request.target.source
        return request.action.verb(in: sources.indices.contains(source) ? sources[source].network.words : .feed)
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
        let source = timeline.source(of: post)
        guard let statusID = post.statusID, source?.capabilities.contains(.thread) == true else {
            notices.say(cannot(.thread, doing: "read its thread", source: source))
            return []
        }
        let request = views.nextRequest()
        let index = post.source?.index ?? 0
        views.push(ThreadView(request: request, source: index, focus: post, now: timeline.referenceDate))
        return [.loadThread(request: request, source: index, statusID: statusID)]
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
    /// The server's word on a post: every row of it (the post, and boosts of it) takes the
    /// server's counts and marks.
    mutating func update(_ target: ActionTarget, to state: StatusState) {
        guard var feed else { return }
        func updated(_ posts: inout [Post]) -> Bool {
            var changed = false
            for index in posts.indices
            where posts[index].statusID == target.statusID && posts[index].source?.index == target.source {
                posts[index].update(to: state)
                changed = true
            }
            return changed
        }
        if updated(&feed.posts) { content = .feed(feed) }
        if var results = search?.results, updated(&results) { search?.results = results }
    }
}
