import FoundationEssentials
import Synchronization

/// The loads the loop runs off the main actor: at most one load and one page load at a
/// time, each posting its result to the inbox tagged with its generation; for a timeline,
/// its sources' loads, at most `SourceLoads.concurrency` at a time.
@MainActor
final class LoadTasks {
    private let loader: any FeedLoading
    private let sources: [any FeedLoading]
    private let inbox: EventInbox
    private var loadTask: Task<Void, Never>?
    private var pageTask: Task<Void, Never>?
    /// The timeline loads running, by a number of their own. Each says when it has
    /// ended (the loop's thread never awaits, so it is told, not called), and the next
    /// start lets it go: a refresh every few seconds keeps none.
    private var sourceTasks: [Int: Task<Void, Never>] = [:]
    private var nextSourceTask = 0
    private let endedSourceTasks = EndedTasks()

    final class EndedTasks: Sendable {
        let ids = Mutex<[Int]>([])
    }

    init(loader: any FeedLoading, sources: [any FeedLoading] = [], inbox: EventInbox) {
        self.loader = loader
        self.sources = sources
        self.inbox = inbox
    }

    /// Loads the timeline's sources `indices`, each posting its own result as it comes.
    func startSources(_ indices: [Int], generation: Int) {
        let endedSince = endedSourceTasks.ids.withLock { ids in
            defer { ids = [] }
            return ids
        }
        for id in endedSince { sourceTasks[id] = nil }
        let loaders = indices.filter(sources.indices.contains).map { (index: $0, loader: sources[$0]) }
        let inbox = inbox
        let ended = endedSourceTasks
        let id = nextSourceTask
        nextSourceTask += 1
        sourceTasks[id] = Task.detached {
            await SourceLoads.run(loaders) { index, loader in
                let outcome = await Self.result {
                    try await loader.load { partial, _, total in
                        guard total == 0 else { return }  // only a body arriving
                        inbox.post(.sourcePartial(generation: generation, source: index, feed: partial))
                    }
                }
                guard let outcome else { return }
                inbox.post(.sourceLoaded(generation: generation, source: index, result: outcome, at: Date()))
            }
            ended.ids.withLock { $0.append(id) }
        }
    }

    /// The timeline loads kept: those running, and those ended since the last start.
    var keptSourceLoads: Int { sourceTasks.count }

    /// Starts load `generation` once the cancelled one before it has ended, so that however
    /// fast `r` is pressed, at most one load runs at a time.
    func startLoad(generation: Int) {
        cancelAll()
        loadTask = Self.load(loader, generation: generation, after: loadTask, inbox: inbox)
    }

    func startPage(_ url: String, generation: Int) {
        pageTask?.cancel()
        pageTask = Self.page(loader, url: url, generation: generation, inbox: inbox)
    }

    /// Cancels both; the cancelled load is kept, for the next load to wait for.
    func cancelAll() {
        loadTask?.cancel()
        pageTask?.cancel()
        for task in sourceTasks.values { task.cancel() }
        sourceTasks = [:]
    }

    private nonisolated static func load(
        _ loader: any FeedLoading, generation: Int, after previous: Task<Void, Never>?, inbox: EventInbox
    ) -> Task<Void, Never> {
        Task.detached {
            await previous?.value
            guard !Task.isCancelled else { return }
            let clock = ContinuousClock()
            let start = clock.now
            let handedOver = Mutex(0)  // posts in the last partial feed handed over
            let outcome = await result {
                try await loader.load { partial, decoded, total in
                    // Hand over the posts when they have doubled since last time, else only
                    // the counts: every hand-over makes the decoder copy its growing list.
                    // A body still arriving (total 0) hands over every post as it comes.
                    let handOver = handedOver.withLock { last in
                        guard total == 0 || partial.posts.count >= 2 * last else { return false }
                        last = max(1, partial.posts.count)
                        return true
                    }
                    inbox.post(
                        .progress(
                            generation: generation, feed: handOver ? partial : nil, decoded: decoded, total: total,
                            at: Date()))
                }
            }
            guard let outcome else { return }
            inbox.post(.loaded(generation: generation, result: outcome, duration: clock.now - start, at: Date()))
        }
    }

    private nonisolated static func page(
        _ loader: any FeedLoading, url: String, generation: Int, inbox: EventInbox
    ) -> Task<Void, Never> {
        Task.detached {
            guard let outcome = await result({ try await loader.loadPage(url) }) else { return }
            inbox.post(.pageLoaded(generation: generation, result: outcome))
        }
    }

    /// A load's outcome as a result, or nil when it was cancelled (nothing to post).
    private nonisolated static func result(_ load: () async throws -> Feed) async -> Result<Feed, Failure>? {
        let outcome: Result<Feed, Failure>
        do {
            outcome = .success(try await load())
        } catch is CancellationError {
            return nil
        } catch {
            outcome = .failure(Failure(error))
        }
        return Task.isCancelled ? nil : outcome
    }
}
