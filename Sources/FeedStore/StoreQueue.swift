import Dispatch
import FeedCore
import Synchronization

/// The store's writes, in the order they were asked for, on a thread of their own: a load
/// hands its answer over and goes on, so that no answer waits on the disk, and two
/// answers of one source are never written out of order.
final class StoreQueue: Sendable {
    private let jobs = Mutex<(waiting: [@Sendable () -> Void], running: Bool)>(([], false))

    func add(_ job: @escaping @Sendable () -> Void) {
        let start = jobs.withLock { jobs in
            jobs.waiting.append(job)
            defer { jobs.running = true }
            return !jobs.running
        }
        guard start else { return }
        DedicatedThread.start { [self] in drain() }
    }

    /// Waits until every write asked for so far is done: at quit. The jobs run in order,
    /// so the last one asked for says when the rest are done. With none asked for, there
    /// is nothing to wait for (and no thread to start for it: a quit took 2 ms more).
    func finish() {
        guard jobs.withLock({ $0.running }) else { return }
        let done = DispatchSemaphore(value: 0)
        add { done.signal() }
        done.wait()
    }

    private func drain() {
        while true {
            let job: (@Sendable () -> Void)? = jobs.withLock { jobs in
                guard !jobs.waiting.isEmpty else {
                    jobs.running = false
                    return nil
                }
                return jobs.waiting.removeFirst()
            }
            guard let job else { return }
            job()
        }
    }
}
