/// A timeline's sources loaded together, at most `concurrency` at a time: the viewer's
/// loads and `--dump`'s both go through here.
public enum SourceLoads {
    public static let concurrency = 8

    /// Runs `load` for each source, each as it gets its turn; returns when all are done
    /// or the task is cancelled.
    static func run(
        _ loaders: [(index: Int, loader: any FeedLoading)],
        _ load: @escaping @Sendable (Int, any FeedLoading) async -> Void
    ) async {
        await withTaskGroup(of: Void.self) { group in
            var running = 0
            for (index, loader) in loaders {
                if running == concurrency {
                    await group.next()
                    running -= 1
                }
                guard !Task.isCancelled else { break }
                running += 1
                group.addTask { await load(index, loader) }
            }
        }
    }
}
