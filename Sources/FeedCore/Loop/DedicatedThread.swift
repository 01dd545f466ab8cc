import Glibc

/// Runs blocking work (a transfer, a read of a pipe) on a thread of its own, so that it
/// never holds one of the few threads Swift's tasks share. The thread blocks every
/// signal (they are the main thread's to handle) and carries a name, for `top -H` (and
/// for the tests that count them).
public enum DedicatedThread {
    /// The name such threads carry (at most 15 bytes, the kernel's limit).
    public static let name = "shimmerfeed-io"

    private final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// `body`'s result, computed on a new thread. If no thread can be made, it runs on
    /// the caller's.
    public static func run<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            start { continuation.resume(returning: body()) }
        }
    }

    /// Starts `body` on a new thread and returns at once.
    public static func start(_ body: @escaping @Sendable () -> Void) {
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        if pthread_create(&thread, &attributes, threadEntry, work) != 0 {
            Unmanaged<Work>.fromOpaque(work).takeRetainedValue().body()
        }
    }

    private static let threadEntry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { raw in
        var all = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, nil)
        nameThisThread()
        Unmanaged<Work>.fromOpaque(raw!).takeRetainedValue().body()
        return nil
    }

    /// glibc's pthread_setname_np does not import; the kernel's file does the same.
    private static func nameThisThread() {
        let file = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard file >= 0 else { return }
        _ = name.withCString { write(file, $0, strlen($0)) }
        close(file)
    }
}
