import FoundationEssentials
import Synchronization

/// The loads the loop runs off the main actor, one task for each `.load` effect, each
/// loading its sources at most `SourceLoads.concurrency` at a time and posting every
/// answer to the inbox, tagged with its generation.
@MainActor
final class LoadTasks {
    private let loaders: [any FeedLoading]
    private let inbox: EventInbox
    /// The tasks running, by a number of their own. Each says when it has ended (the
    /// loop's thread never awaits, so it is told, not called), and the next start lets it
    /// go: a refresh every few seconds keeps none.
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var nextID = 0
    private let ended = Ended()
    /// Tasks cancelled that may still be ending: the next start waits for them, so that
    /// however fast `r` is pressed, a source never loads twice at once.
    private var cancelled: [Task<Void, Never>] = []

    final class Ended: Sendable {
        let ids = Mutex<[Int]>([])
        /// Each task's requests not yet done (running, or queued behind the limit).
        let pending = Mutex<[Int: Int]>([:])

        func finished(_ count: Int, of task: Int) {
            pending.withLock { pending in
                pending[task, default: 0] -= count
                if pending[task] == 0 { pending[task] = nil }
            }
        }
    }

    init(loaders: [any FeedLoading], inbox: EventInbox) {
        self.loaders = loaders
        self.inbox = inbox
    }

    /// Requests running or about to run (not those queued behind the limit): a manual
    /// clock moves on only once each of them sleeps on it, so that time never runs ahead
    /// of a load.
    nonisolated var awakeRequests: Int {
        ended.pending.withLock { $0.values.reduce(0) { $0 + min($1, SourceLoads.concurrency) } }
    }

    /// The tasks kept: those running, and those ended since the last start.
    var keptTasks: Int { tasks.count }

    /// Loads `requests` for load `generation`, each posting its own answers as they come.
    func start(_ requests: [SourceRequest], generation: Int) {
        for id in ended.ids.withLock({ ids in
            defer { ids = [] }; return ids
        }) { tasks[id] = nil }
        let work = requests.filter { loaders.indices.contains($0.source) }.map {
            (request: $0, loader: loaders[$0.source])
        }
        let previous = cancelled
        cancelled = []
        let (inbox, ended) = (inbox, ended)
        let id = nextID
        nextID += 1
        ended.pending.withLock { $0[id] = work.count }
        tasks[id] = Task.detached {
            let done = Atomic<Int>(0)
            for task in previous { await task.value }
            if !Task.isCancelled {
                await SourceLoads.run(work) { request, loader in
                    if let answer = await Self.load(request, with: loader, generation: generation, inbox: inbox) {
                        inbox.post(.answer(answer))
                    }
                    done.add(1, ordering: .relaxed)
                    ended.finished(1, of: id)
                    inbox.wakeLoop()
                }
            }
            // Those a cancel left unstarted are done too.
            ended.finished(work.count - done.load(ordering: .relaxed), of: id)
            ended.ids.withLock { $0.append(id) }
            inbox.wakeLoop()
        }
    }

    /// Cancels every load; the cancelled ones are kept for the next start to wait for.
    func cancelAll() {
        for task in tasks.values { task.cancel() }
        cancelled += tasks.values
        tasks = [:]
    }

    /// One source's first page or further page, as its answer; nil when cancelled (there
    /// is nothing to say).
    private nonisolated static func load(
        _ request: SourceRequest, with loader: any FeedLoading, generation: Int, inbox: EventInbox
    ) async -> SourceAnswer? {
        @Sendable func answer(_ outcome: SourceAnswer.Outcome) -> SourceAnswer {
            SourceAnswer(
                generation: generation, source: request.source, page: request.page, outcome: outcome, date: Date())
        }
        let outcome: SourceAnswer.Outcome
        do {
            // Posts are tagged with their source here, off the main thread, in place: the
            // loader's list is this task's alone.
            var feed: Feed
            if let page = request.page {
                feed = try await loader.loadPage(page)
            } else {
                let handedOver = Mutex(0)  // posts in the last partial feed handed over
                feed = try await loader.load { partial, decoded, total in
                    // Hand over the posts when they have doubled since last time, else
                    // only the counts: every hand-over copies the growing list. A body
                    // still arriving (total 0) hands over each post.
                    let handOver = handedOver.withLock { last in
                        guard total == 0 || partial.posts.count >= 2 * last else { return false }
                        last = max(1, partial.posts.count)
                        return true
                    }
                    var tagged: Feed?
                    if handOver {
                        tagged = partial
                        tagged?.posts.tag(with: request.tag)
                    }
                    inbox.post(.answer(answer(.partial(tagged, decoded: decoded, total: total))))
                }
            }
            feed.posts.tag(with: request.tag)
            outcome = .loaded(feed)
        } catch is CancellationError {
            return nil
        } catch {
            outcome = .failed(Failure(error))
        }
        return Task.isCancelled ? nil : answer(outcome)
    }
}
