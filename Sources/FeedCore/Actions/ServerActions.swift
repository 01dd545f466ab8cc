/// The reader's actions on statuses their server keeps (favourite, boost, bookmark), from
/// the press to the server's answer. A press shows at once; the request is in flight
/// until the server answers. For each status and mark one request at a time is in
/// flight: presses meanwhile change what is wanted, and when the answer comes the next
/// request asks for the last of them, so the last press wins and no two requests race.
public struct ServerActions: Sendable {
    struct Key: Hashable {
        var status: StatusKey
        var mark: StatusMarks
    }

    /// One status's one mark, from the first press until the server agrees with the last.
    struct Entry {
        var target: ActionTarget
        /// The mark as the server last said.
        var confirmed: Bool
        /// The mark as the reader's last press wants it: what the row shows.
        var wanted: Bool
        /// The request in flight.
        var sending: ActionRequest?
        /// Could not be sent: kept in the outbox until the next chance.
        var waiting = false
    }

    private var entries: [Key: Entry] = [:]
    private var nextRequest = 1

    public init() {}

    /// Whether no action is in flight or waiting.
    public var isEmpty: Bool { entries.isEmpty }

    /// Requests in flight: while there are any, their marks pulse. (One waiting for the
    /// next chance does not: it may wait for minutes.)
    public var inFlight: Int { entries.values.count { $0.sending != nil } }

    /// What `post`'s row shows of the reader's marks: the server's, as the presses pending on
    /// its status want them, and which of them are on their way now.
    public func shown(for post: Post) -> (marks: StatusMarks, pending: StatusMarks) {
        guard !entries.isEmpty, let statusID = post.statusID else { return (post.marks, []) }
        let status = StatusKey(source: post.source?.index ?? 0, statusID: statusID)
        var shown = post.marks
        var pending: StatusMarks = []
        for mark in StatusMarks.each {
            guard let entry = entries[Key(status: status, mark: mark)] else { continue }
            if entry.sending != nil { pending.insert(mark) }
            if entry.wanted { shown.insert(mark) } else { shown.remove(mark) }
        }
        return (shown, pending)
    }

    /// The reader pressed the key of `mark` on `target`, whose mark the server last said
    /// is `server`. Returns the request to send now: none while one is in flight.
    mutating func press(_ mark: StatusMarks, on target: ActionTarget, server: Bool) -> ActionRequest? {
        let key = Key(status: target.status, mark: mark)
        guard var entry = entries[key] else {
            var entry = Entry(target: target, confirmed: server, wanted: !server)
            let request = send(&entry, mark: mark)
            entries[key] = entry
            return request
        }
        entry.wanted.toggle()
        defer { entries[key] = entry }
        // Waiting for the next chance: send the last press now, even one back to the
        // server's state, which takes the waiting one's place in the outbox.
        if entry.sending == nil { return send(&entry, mark: mark, evenIfAgreed: true) }
        return nil
    }

    /// What an answer means for the view.
    enum Result {
        /// The server's word on the status the request acted on, and the next request, if a
        /// press came meanwhile.
        case confirmed(StatusState, ActionRequest, next: ActionRequest?)
        /// Back to the server's state; the request that was refused.
        case rolledBack(ActionRequest, Failure)
        /// Kept for the next chance.
        case waiting(ActionRequest, Failure)
        /// An answer to nothing pending (a request of an entry rolled back since).
        case stale
    }

    mutating func settle(_ answer: ActionAnswer) -> Result {
        guard let (key, entry) = entries.first(where: { $0.value.sending?.id == answer.request }),
            let request = entry.sending
        else { return .stale }
        var updated = entry
        updated.sending = nil
        switch answer.outcome {
        case .confirmed(let state):
            updated.confirmed = state.marks.contains(key.mark)
            updated.target.update(to: state)
            guard updated.wanted != updated.confirmed else {
                entries[key] = nil
                return .confirmed(state, request, next: nil)
            }
            let next = send(&updated, mark: key.mark)
            entries[key] = updated
            return .confirmed(state, request, next: next)
        case .refused(let failure):
            entries[key] = nil
            return .rolledBack(request, failure)
        case .unsent(let failure):
            updated.waiting = true
            entries[key] = updated
            return .waiting(request, failure)
        }
    }

    /// The actions of `source` kept for the next chance, sent now (its server answered).
    mutating func resendWaiting(from source: Int) -> [ActionRequest] {
        var requests: [ActionRequest] = []
        for (key, var entry) in entries where key.status.source == source && entry.waiting {
            if let request = send(&entry, mark: key.mark, evenIfAgreed: true) { requests.append(request) }
            entries[key] = entry
        }
        return requests.sorted { $0.id < $1.id }
    }

    /// The request that takes the server from its state to the wanted one; nil when they
    /// agree (the entry is then done), unless `evenIfAgreed`.
    private mutating func send(_ entry: inout Entry, mark: StatusMarks, evenIfAgreed: Bool = false) -> ActionRequest? {
        entry.waiting = false
        guard entry.wanted != entry.confirmed || evenIfAgreed else { return nil }
        let request = ActionRequest(
            id: nextRequest, target: entry.target, action: ServerAction(mark: mark, on: entry.wanted))
        nextRequest += 1
        entry.sending = request
        return request
    }
}
