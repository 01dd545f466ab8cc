import Synchronization

/// Where loads leave their results for the main loop. Thread-safe; posting wakes the
/// loop, which may be blocked waiting for input.
public final class EventInbox: Sendable {
    private let events = Mutex<[AppEvent]>([])
    private let wake: @Sendable () -> Void

    public init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    public func post(_ event: AppEvent) {
        events.withLock { $0.append(event) }
        wake()
    }

    /// Wakes the loop with nothing to take: something it waits on has changed.
    public func wakeLoop() {
        wake()
    }

    public func drain() -> [AppEvent] {
        events.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
    }
}
