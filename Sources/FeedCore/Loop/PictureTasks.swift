import Synchronization

/// The picture loads the loop runs off the main actor, one task a picture, each posting
/// its outcome to the inbox. The state decides which run and how many; this only starts
/// and cancels them.
@MainActor
final class PictureTasks {
    private let loader: (any PictureLoading)?
    private let inbox: EventInbox
    private var tasks: [String: (id: Int, task: Task<Void, Never>)] = [:]
    private var nextID = 0
    private let progress = Progress()

    /// What the tasks say of themselves: how many are on their way to an outcome (a
    /// manual clock waits for them, `--dump`), and which have ended (the loop's thread
    /// never awaits, so it is told, and lets them go at the next start).
    final class Progress: Sendable {
        let running = Atomic<Int>(0)
        let ended = Mutex<[(url: String, id: Int)]>([])
    }

    init(loader: (any PictureLoading)?, inbox: EventInbox) {
        self.loader = loader
        self.inbox = inbox
    }

    nonisolated var awake: Int { progress.running.load(ordering: .relaxed) }

    func start(_ urls: [String]) {
        let ended: [(url: String, id: Int)] = progress.ended.withLock { ended in
            defer { ended = [] }
            return ended
        }
        for entry in ended where tasks[entry.url]?.id == entry.id { tasks[entry.url] = nil }
        let (inbox, progress) = (inbox, progress)
        for url in urls {
            guard let loader else {
                inbox.post(.picture(url: url, .failed("pictures are not loaded here")))
                continue
            }
            let id = nextID
            nextID += 1
            progress.running.add(1, ordering: .relaxed)
            tasks[url]?.task.cancel()
            tasks[url] = (
                id,
                Task.detached {
                    let outcome: PictureOutcome?
                    do {
                        outcome = .loaded(try await loader.picture(at: url))
                    } catch is CancellationError {
                        outcome = nil
                    } catch {
                        outcome = Task.isCancelled ? nil : .failed(Failure(error).message)
                    }
                    if let outcome { inbox.post(.picture(url: url, outcome)) }
                    progress.ended.withLock { $0.append((url, id)) }
                    progress.running.subtract(1, ordering: .relaxed)
                    inbox.wakeLoop()
                }
            )
        }
    }

    func cancel(_ urls: [String]) {
        for url in urls {
            tasks[url]?.task.cancel()
            tasks[url] = nil
        }
    }

    func cancelAll() {
        for entry in tasks.values { entry.task.cancel() }
        tasks = [:]
    }
}
