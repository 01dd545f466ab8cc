extension Post {
    /// The post with every string made safe for the terminal (see `TextSanitizer`); every
    /// decoder hands its posts through here.
    public func sanitized() -> Post {
        func line(_ text: String?) -> String? {
            text.map(TextSanitizer.singleLine).flatMap { $0.isEmpty ? nil : $0 }
        }
        var post = self
        if case .string(let text) = id { post.id = .string(TextSanitizer.singleLine(text)) }
        post.author = Author(
            name: TextSanitizer.singleLine(author.name), handle: line(author.handle),
            avatarURL: line(author.avatarURL))
        post.title = line(title)
        post.content = TextSanitizer.multiline(content)
        post.likes = likes.map { max(0, $0) }
        post.boosts = boosts.map { max(0, $0) }
        post.replies = replies.map { max(0, $0) }
        post.url = line(url)
        post.boostedBy = line(boostedBy)
        post.statusID = line(statusID)
        post.inReplyToID = line(inReplyToID)
        post.replyTo = line(replyTo)
        post.links = links.compactMap { link in
            line(link.url).map { PostLink(text: TextSanitizer.singleLine(link.text), url: $0) }
        }
        post.attachments = attachments.map {
            Attachment(
                kind: $0.kind, description: line($0.description), url: line($0.url),
                thumbnailURL: line($0.thumbnailURL), width: $0.width.flatMap { $0 > 0 ? $0 : nil },
                height: $0.height.flatMap { $0 > 0 ? $0 : nil }, blurhash: line($0.blurhash))
        }
        post.poll = poll.map { poll in
            var poll = poll
            poll.options = poll.options.map {
                Poll.Option(title: TextSanitizer.singleLine($0.title), votes: $0.votes.map { max(0, $0) })
            }
            poll.votes = poll.votes.map { max(0, $0) }
            poll.id = line(poll.id)
            poll.ownVotes = poll.ownVotes.filter { poll.options.indices.contains($0) }
            poll.voters = poll.voters.map { max(0, $0) }
            return poll
        }
        return post
    }
}
