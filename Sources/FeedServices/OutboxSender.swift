import FeedCore
import FeedNetwork
import FeedStore
import FoundationEssentials
import Synchronization

/// The reader's actions on their way to the servers. Each is written to the store's outbox
/// as it is pressed, before it is sent, and taken out once the server has answered (taken
/// or refused): one that could not be sent (the viewer killed, the network down,
/// `--offline`) stays, and a later start sends it before its timeline's first refresh.
public final class OutboxSender: Sendable {
    /// Who acts for each source's posts, by index.
    let actors: [(any ServerActor)?]
    let store: FeedStore?
    /// Each source's network's words, by index, for what is said of a refusal.
    let words: [NetworkWords]
    /// The actors whose kept actions this run has sent already.
    private let drained = Mutex<Set<String>>([])

    public init(actors: [(any ServerActor)?], words: [NetworkWords], store: FeedStore?) {
        self.actors = actors
        self.words = words
        self.store = store
    }

    /// Whether any source's posts can be acted on.
    public var acts: Bool { actors.contains { $0 != nil } }

    /// `request` kept in the outbox now; its sending, for later.
    public func keep(_ request: ActionRequest) -> @Sendable () async -> ActionAnswer.Outcome {
        guard actors.indices.contains(request.target.source), let actor = actors[request.target.source] else {
            return { .refused(.unexpected("no account acts for this source")) }
        }
        let queued = FeedStore.Queued(
            actor: actor.name, action: request.action, target: request.target, queuedAt: Date())
        store?.keep { store throws(FeedStore.Unavailable) in try store.queue(queued) }
        let target = request.target
        return { await self.send(queued, as: actor, target: target) }
    }

    /// A vote in a poll of source `source`'s posts, by its actor.
    public func vote(source: Int, pollID: String, choices: [Int]) async -> Result<Poll, Failure> {
        guard actors.indices.contains(source), let actor = actors[source] else {
            return .failure(.unexpected("no account votes for this source"))
        }
        return await actor.vote(in: pollID, choices: choices)
    }

    /// `queued`, kept in the outbox, sent; taken out once the server answers it. `target`
    /// carries the post's counts as shown, for a network whose answer has none.
    private func send(_ queued: FeedStore.Queued, as actor: any ServerActor, target: ActionTarget) async
        -> ActionAnswer.Outcome
    {
        guard let action = queued.action else { return .refused(.unexpected("not an action on a post's marks")) }
        let outcome = await actor.send(action, on: target)
        if case .unsent = outcome { return outcome }
        store?.keep { store throws(FeedStore.Unavailable) in try store.unqueue(queued) }
        return outcome
    }

    /// The actions source `source`'s actor kept from an earlier run, sent in order, once a
    /// run; what the server refused, in words for the status line.
    public func sendKept(forSource source: Int) async -> [String] {
        guard actors.indices.contains(source), let actor = actors[source], let store,
            drained.withLock({ $0.insert(actor.name).inserted })
        else { return [] }
        let kept = (try? store.queued(by: actor.name)) ?? []
        var refusals: [String] = []
        for queued in kept {
            guard let action = queued.action else { continue }
            let target = ActionTarget(
                source: source, statusID: queued.target, statusURL: queued.targetURL, payload: queued.payload)
            if case .refused(let failure) = await send(queued, as: actor, target: target) {
                let verb = action.verb(in: words.indices.contains(source) ? words[source] : .feed)
                refusals.append("The \(verb) kept from the last run was refused: \(failure.message)")
            }
        }
        return refusals
    }
}

/// A source's loader whose first load sends the actions its actor kept from an earlier
/// run before it asks for the timeline, so that the timeline comes back with them.
struct KeptActionsFirst: FeedLoading {
    let base: any FeedLoading
    let source: Int
    let outbox: OutboxSender
    /// Tells the reader of a kept action the server refused.
    let tell: @Sendable (String) -> Void

    func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
        for refusal in await outbox.sendKept(forSource: source) { tell(refusal) }
        return try await base.load(progress: progress)
    }

    func loadPage(_ url: String) async throws -> Feed {
        try await base.loadPage(url)
    }
}
