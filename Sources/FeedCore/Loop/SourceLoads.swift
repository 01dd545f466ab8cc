/// Loads of several sources together, at most `concurrency` at a time: every `.load`
/// effect goes through here, a first load of fifty sources as a refresh of one.
public enum SourceLoads {
    public static let concurrency = 8

    /// Runs `load` for each request, each as it gets its turn; returns when all are done
    /// or the task is cancelled.
    static func run(
        _ work: [(request: SourceRequest, loader: any FeedLoading)],
        _ load: @escaping @Sendable (SourceRequest, any FeedLoading) async -> Void
    ) async {
        await withTaskGroup(of: Void.self) { group in
            var running = 0
            for (request, loader) in work {
                if running == concurrency {
                    await group.next()
                    running -= 1
                }
                guard !Task.isCancelled else { break }
                running += 1
                group.addTask { await load(request, loader) }
            }
        }
    }
}
