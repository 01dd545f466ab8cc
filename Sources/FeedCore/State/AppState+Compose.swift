/// `R`, `"` and `c`: a reply to the selected post, a quote of it, or a new post, written in
/// the reader's editor and posted by the account that reads the source. The post shows at
/// the top at once, sending, and becomes the server's status when it answers.
extension AppState {
    /// `R` or `"` on `post`, or `c` (a new post by the account of `post`'s source, else of
    /// the first source an account reads).
    mutating func compose(_ action: KeyAction, on post: Post?) -> [AppEffect] {
        let index = post?.source?.index ?? 0
        let source = post.flatMap(timeline.source(of:))
        if action == .reply || action == .quote {
            guard let post else { return [] }
            let (capability, doing): (Capabilities, String) = action == .reply ? (.reply, "reply") : (.quote, "quote")
            guard let statusID = post.statusID, source?.capabilities.contains(capability) == true else {
                notices.say(cannot(capability, doing: doing, source: source))
                return []
            }
            let target = ComposeRequest.Target(
                statusID: statusID, handle: post.author.handle ?? post.author.name, statusURL: post.url,
                text: post.content)
            let request =
                action == .reply
                ? ComposeRequest(id: views.nextRequest(), source: index, replyTo: target)
                : ComposeRequest(id: views.nextRequest(), source: index, quoting: target)
            return [.compose(request)]
        }
        // A new post goes with the account of the selected post's source, else of the first
        // source whose account posts.
        func posts(_ source: SourceStatus?) -> Bool { source?.capabilities.contains(.post) == true }
        let acting = posts(source) ? index : timeline.sources.firstIndex { posts($0) }
        guard let acting else {
            notices.say("To post: shimmerfeed login, and read a timeline with the account")
            return []
        }
        return [.compose(ComposeRequest(id: views.nextRequest(), source: acting))]
    }

    /// A post's progress: shown sending, then the server's, read (the reader wrote it);
    /// taken away if it failed.
    mutating func follow(_ posting: Posting, id: Int) -> [AppEffect] {
        let sending = PostID.string("sending-\(id)")
        switch posting {
        case .sending(var post):
            post.id = sending
            timeline.insertOutgoing(post)
        case .posted(let post, let note):
            timeline.replaceOutgoing(sending, with: post)
            notices.say(note.map { "Posted; \($0)" } ?? "Posted.")
            let frame = frame
            if let made = timeline.shownPosts.firstIndex(where: { $0.statusID == post.statusID && post.statusID != nil }
            ) {
                let marks = timeline.setRead([made], true, in: frame)
                // The count never counted it: counted again, not one less.
                timeline.recountUnread(in: frame)
                return marks
            }
        case .failed(let message):
            timeline.replaceOutgoing(sending, with: nil)
            notices.say(message)
        case .cancelled(let message):
            notices.say(message)
        }
        return []
    }
}

extension TimelineView {
    /// A post the reader is sending, at the top, named by its source; the view follows it
    /// when it was at the top.
    mutating func insertOutgoing(_ post: Post) {
        var feed = feed ?? Feed(title: nil, posts: [])
        var post = post
        if let index = post.source?.index, sources.indices.contains(index) {
            post.source = request(for: index).tag
        }
        feed.posts.insert(post, at: 0)
        outgoing.insert(post.id)
        content = .feed(feed)
        if !followsNewest { selected += 1 }
    }

    /// The post being sent as `id` becomes the server's `post`, tagged by its source; nil
    /// takes it away.
    mutating func replaceOutgoing(_ id: PostID, with post: Post?) {
        guard var feed, let index = feed.posts.firstIndex(where: { $0.id == id }) else { return }
        outgoing.remove(id)
        if var post {
            let tag = feed.posts[index].source ?? PostSource(index: 0, name: nil)
            post.tag(with: tag)
            feed.posts[index] = post
        } else {
            let keep = selectedPost?.id
            feed.posts.remove(at: index)
            content = .feed(feed)
            let shown = unsearchedPosts
            selected = keep.flatMap { id in shown.firstIndex { $0.id == id } } ?? min(selected, max(0, shown.count - 1))
            return
        }
        content = .feed(feed)
    }
}
