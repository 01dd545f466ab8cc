import FoundationEssentials
import Synchronization

/// The loads the loop runs off the main actor: at most one load and one page load at a
/// time, each posting its result to the inbox tagged with its generation.
@MainActor
final class LoadTasks {
    private let loader: any FeedLoading
    private let inbox: EventInbox
    private var loadTask: Task<Void, Never>?
    private var pageTask: Task<Void, Never>?

    init(loader: any FeedLoading, inbox: EventInbox) {
        self.loader = loader
        self.inbox = inbox
    }

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
                    let handOver = handedOver.withLock { last in
                        guard partial.posts.count >= 2 * last else { return false }
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
