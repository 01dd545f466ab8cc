import FeedCore
import FoundationEssentials
import Glibc
import Synchronization

/// Writes read and liked marks to the store in batches, on a thread of its own: the loop
/// hands marks over and returns at once, and a batch is written at most a second after
/// its first mark, so a `kill -9` loses at most the last second of them.
public final class MarkWriter: Sendable {
    private let store: FeedStore
    /// Each source's key by its index in the view; nil for a source never kept.
    private let keys: [String?]
    private let pending = Mutex<(marks: [PostMark], scheduled: Bool)>(([], false))
    private let interval: Duration
    private let now: @Sendable () -> Date

    public init(
        store: FeedStore, keys: [String?], interval: Duration = .seconds(1),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.keys = keys
        self.interval = interval
        self.now = now
    }

    /// Takes marks to write within `interval`.
    public func add(_ marks: [PostMark]) {
        let schedule = pending.withLock { pending in
            pending.marks += marks
            defer { pending.scheduled = true }
            return !pending.scheduled
        }
        guard schedule else { return }
        let interval = interval
        // A thread of its own: the write blocks on the disk, never on a task's thread.
        DedicatedThread.start { [self] in
            var rest = timespec(
                tv_sec: Int(interval.components.seconds), tv_nsec: Int(interval.components.attoseconds / 1_000_000_000))
            var left = timespec()
            while nanosleep(&rest, &left) != 0, errno == EINTR { rest = left }
            flush()
        }
    }

    /// Writes what is pending now, in one transaction: at quit, and each interval.
    public func flush() {
        let marks = pending.withLock { pending in
            defer { pending = ([], false) }
            return pending.marks
        }
        guard !marks.isEmpty else { return }
        let date = now()
        var read: [(source: String, post: PostID, readAt: Date?)] = []
        var liked: [(source: String, post: PostID, liked: Bool)] = []
        for mark in marks {
            switch mark {
            case .read(let id, let source, let isRead):
                if let key = key(of: source) {
                    read.append((key, .string(id.untagged(by: source)), isRead ? date : nil))
                }
            case .liked(let id, let source, let isLiked):
                if let key = key(of: source) { liked.append((key, .string(id.untagged(by: source)), isLiked)) }
            }
        }
        store.keep { (store) throws(FeedStore.Unavailable) in
            try store.saveMarks(read: read, liked: liked)
        }
    }

    private func key(of source: Int) -> String? {
        keys.indices.contains(source) ? keys[source] : nil
    }
}
