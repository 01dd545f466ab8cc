import FeedCore
import FeedNetwork
import Synchronization

/// The timelines kept live, each by its network (a stream, or a poll where the server has
/// none), unless `--no-stream`, `stream=off`, `--offline` or `--dump`. A source's live
/// updates start once its first load has come, from the newest post that load brought,
/// and run until the viewer ends, or until they are stopped.
public final class LiveTimelines: Sendable {
    /// Each source's live updates, by index; nil for those that are not live.
    let sources: [(any LiveSource)?]
    /// Where the updates go: the loop, once it is there.
    private let post = Mutex<(@Sendable (AppEvent) -> Void)?>(nil)
    private let started = Mutex<Set<Int>>([])
    private let running = Mutex<[Task<Void, Never>]>([])

    public init(sources: [(any LiveSource)?]) {
        self.sources = sources
    }

    public var isLive: Bool { sources.contains { $0 != nil } }

    /// Updates go to `post` from now.
    public func connect(_ post: @escaping @Sendable (AppEvent) -> Void) {
        self.post.withLock { $0 = post }
    }

    /// Source `index` loaded `feed`: its live updates start, the first time.
    func loaded(_ feed: Feed, source index: Int) {
        guard sources.indices.contains(index), let live = sources[index],
            started.withLock({ $0.insert(index).inserted })
        else { return }
        let task = Task.detached { [self] in
            await live.run(after: feed) { report in
                guard let post = self.post.withLock({ $0 }) else { return }
                switch report {
                case .event(let event):
                    post(.streamed(source: index, event))
                case .missed(let posts):
                    for status in posts { post(.streamed(source: index, .update(status))) }
                case .polling(let notice):
                    post(.notice(notice))
                }
            }
        }
        running.withLock { $0.append(task) }
    }

    /// Ends every live update, and waits until each has let go of its connection: what
    /// ends without leaving the process (a test) leaves no transfer running on its own
    /// thread. The viewer needs none of it: it leaves with `_exit`.
    public func stop() async {
        let tasks = running.withLock { tasks in
            defer { tasks.removeAll() }
            return tasks
        }
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
    }
}

/// A live source's loader: each load that brings posts tells the live timelines, whose
/// updates for it start with the first.
struct LiveAfterLoad: FeedLoading {
    let base: any FeedLoading
    let index: Int
    let live: LiveTimelines

    func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
        do {
            let feed = try await base.load(progress: progress)
            live.loaded(feed, source: index)
            return feed
        } catch Failure.notModified {
            // Nothing new since the kept posts: the updates catch up from the newest page.
            live.loaded(Feed(posts: []), source: index)
            throw Failure.notModified
        }
    }

    func loadPage(_ url: String) async throws -> Feed {
        try await base.loadPage(url)
    }
}
