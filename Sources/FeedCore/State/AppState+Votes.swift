/// Polls: in an expanded post whose poll is open, on a source an account reads, the number
/// keys choose options (several, where the poll allows) and Enter sends the vote; the
/// server's answer shows the results.
extension AppState {
    /// A number key or Enter on the selected post while its poll may be voted in; nil for
    /// any other key, which then means what it always means.
    mutating func pressInPoll(_ key: Key) -> [AppEffect]? {
        guard let post = timeline.selectedPost, let chosen = timeline.voting[post.id], let poll = post.poll else {
            return nil
        }
        if key == .enter {
            // Nothing chosen: Enter collapses the post, as ever.
            guard !chosen.isEmpty, let pollID = poll.id else { return nil }
            let request = views.nextRequest()
            timeline.votesSent[request] = post.id
            notices.say("Voting…")
            return [
                .vote(request: request, source: post.source?.index ?? 0, pollID: pollID, choices: chosen.sorted())
            ]
        }
        guard case .character(let character) = key, let digit = character.wholeNumberValue, digit >= 1,
            digit <= min(9, poll.options.count)
        else { return nil }
        let option = digit - 1
        if poll.multiple {
            timeline.voting[post.id] = chosen.symmetricDifference([option])
        } else {
            timeline.voting[post.id] = chosen == [option] ? [] : [option]
        }
        return []
    }

    /// The server's answer to a vote: the poll as it stands, in every post that has it.
    mutating func settleVote(_ outcome: Result<Poll, Failure>, request: Int) {
        guard let id = timeline.votesSent.removeValue(forKey: request) else { return }
        switch outcome {
        case .success(let poll):
            timeline.voting[id] = nil
            timeline.update(poll)
            notices.say("Voted.")
        case .failure(let failure):
            notices.say("Could not vote: \(failure.message)")
        }
    }
}

extension TimelineView {
    /// Every post with `poll` (by its id) takes it as the server tells it now.
    mutating func update(_ poll: Poll) {
        guard var feed, let id = poll.id else { return }
        var changed = false
        for index in feed.posts.indices where feed.posts[index].poll?.id == id {
            feed.posts[index].poll = poll
            changed = true
        }
        if changed { content = .feed(feed) }
    }
}
