import Dispatch
import Synchronization

/// An async body's result, waited for on the calling thread: for the commands, which run
/// before any loop exists, and for the last writes at quit, after it has ended. Nil when
/// `timeout` passed first (the body is left to the exit).
public func awaitResult<Value: Sendable>(
    timeout: Duration? = nil, _ body: @escaping @Sendable () async -> Value
) -> Value? {
    let done = DispatchSemaphore(value: 0)
    let result = Mutex<Value?>(nil)
    Task.detached {
        let value = await body()
        result.withLock { $0 = value }
        done.signal()
    }
    if let timeout {
        let nanoseconds = timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000
        guard done.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .success else { return nil }
    } else {
        done.wait()
    }
    return result.withLock { $0 }
}
