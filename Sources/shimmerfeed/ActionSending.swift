import FeedAccounts
import FeedCore
import FeedStore
import FoundationEssentials
import Synchronization

/// The reader's actions on their way to the servers. Each is written to the store's outbox
/// as it is pressed, before it is sent, and taken out once the server has answered (taken
/// or refused): one
/// that could not be sent (the viewer killed, the network down, `--offline`) stays, and a
/// later start sends it before its timeline's first refresh.
final class ActionSending: Sendable {
    /// Who acts on a source's posts: a Mastodon account (or token) on its server, or a
    /// Bluesky session.
    enum Actor: Sendable {
        case mastodon(MastodonActions.Actor)
        case bluesky(BlueskySession)

        /// The name the outbox keeps its actions by.
        var name: String {
            switch self {
            case .mastodon(let actor): actor.name
            case .bluesky(let session): session.name
            }
        }
    }

    /// Who acts for each source's posts, by index.
    let actors: [Actor?]
    let store: FeedStore?
    let offline: Bool
    let certificateAuthorities: String?
    /// The actors whose kept actions this run has sent already.
    private let drained = Mutex<Set<String>>([])

    init(
        actors: [MastodonActions.Actor?], bluesky: [BlueskySession?], store: FeedStore?, offline: Bool,
        certificateAuthorities: String?
    ) {
        self.actors = zip(actors, bluesky).map { actor, session in
            actor.map(Actor.mastodon) ?? session.map(Actor.bluesky)
        }
        self.store = store
        self.offline = offline
        self.certificateAuthorities = certificateAuthorities
    }

    /// Whether any source's posts can be acted on.
    var acts: Bool { actors.contains { $0 != nil } }

    /// `request` kept in the outbox now; its sending, for later.
    func keep(_ request: ActionRequest) -> @Sendable () async -> ActionAnswer.Outcome {
        guard actors.indices.contains(request.target.source), let actor = actors[request.target.source] else {
            return { .refused(.unexpected("no account acts for this source")) }
        }
        let queued = FeedStore.Queued(
            actor: actor.name, statusID: request.target.statusID, action: request.action,
            statusURL: request.target.statusURL, queuedAt: Date(), record: request.target.record)
        store?.keep { store throws(FeedStore.Unavailable) in try store.queue(queued) }
        let target = request.target
        return { await self.send(queued, as: actor, likes: target.likes, boosts: target.boosts) }
    }

    /// A vote in a poll of source `source`'s posts, by its actor.
    func vote(source: Int, pollID: String, choices: [Int]) async -> Result<Poll, Failure> {
        guard !offline else { return .failure(.offline) }
        guard actors.indices.contains(source), case .mastodon(let actor)? = actors[source] else {
            return .failure(.unexpected("no account votes for this source"))
        }
        return await MastodonActions(actor: actor, certificateAuthorities: certificateAuthorities).vote(
            in: pollID, choices: choices)
    }

    /// `queued`, kept in the outbox, sent; taken out once the server answers it. A Bluesky
    /// record's answer has no counts: `likes` and `boosts` are those shown, moved by one.
    private func send(_ queued: FeedStore.Queued, as actor: Actor, likes: Int? = nil, boosts: Int? = nil) async
        -> ActionAnswer.Outcome
    {
        guard !offline else { return .unsent(.offline) }
        let outcome =
            switch actor {
            case .mastodon(let actor):
                await MastodonActions(actor: actor, certificateAuthorities: certificateAuthorities).send(
                    queued.action, statusID: queued.statusID, statusURL: queued.statusURL)
            case .bluesky(let session):
                await BlueskyActions(session: session).send(
                    queued.action, uri: queued.statusID, record: queued.record, likes: likes, boosts: boosts)
            }
        if case .unsent = outcome { return outcome }
        store?.keep { store throws(FeedStore.Unavailable) in try store.unqueue(queued) }
        return outcome
    }

    /// The actions `actor` kept from an earlier run, sent in order, once a run; what the
    /// server refused, in words for the status line.
    func sendKept(by actor: Actor) async -> [String] {
        guard !offline, let store, drained.withLock({ $0.insert(actor.name).inserted }) else { return [] }
        let kept = (try? store.queued(by: actor.name)) ?? []
        var refusals: [String] = []
        for queued in kept {
            if case .refused(let failure) = await send(queued, as: actor) {
                let verb = queued.action.verb(onBluesky: queued.record != nil)
                refusals.append("The \(verb) kept from the last run was refused: \(failure.message)")
            }
        }
        return refusals
    }
}

/// A source's loader whose first load sends the actions its actor kept from an earlier
/// run before it asks for the timeline, so that the timeline comes back with them.
struct SendingKeptFirst: FeedLoading {
    let base: any FeedLoading
    let actor: ActionSending.Actor
    let sending: ActionSending
    /// Tells the reader of a kept action the server refused.
    let tell: @Sendable (String) -> Void

    func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
        for refusal in await sending.sendKept(by: actor) { tell(refusal) }
        return try await base.load(progress: progress)
    }

    func loadPage(_ url: String) async throws -> Feed {
        try await base.loadPage(url)
    }
}
