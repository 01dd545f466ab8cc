import Glibc
import Synchronization
import Testing

@testable import FeedStore

/// The store's writes run on a thread of their own, in order, and quitting waits for them.
@Suite struct StoreQueueTests {
    @Test func finishWaitsForTheWriteThatIsRunning() {
        let queue = StoreQueue()
        let done = Mutex<[Int]>([])
        queue.add { done.withLock { $0.append(1) } }
        // The last write is slow: when finish looks, nothing waits, and it is still running.
        queue.add {
            usleep(200_000)
            done.withLock { $0.append(2) }
        }
        queue.finish()
        #expect(done.withLock { $0 } == [1, 2], "both written, in the order asked")
    }

    @Test func finishWithNothingToWriteReturns() {
        StoreQueue().finish()
    }
}
