import Foundation
import Testing

@testable import FeedTerminal

/// A spawned program starts clean: it neither inherits the blocked signals of the thread
/// that spawned it nor its ignored ones, so it can be ended.
@Suite struct DetachedProcessTests {
    /// A field of /proc/PID/status ("SigBlk", "SigIgn"), as its hexadecimal mask.
    private func mask(_ pid: pid_t, _ field: String) -> UInt64? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            return UInt64(line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces), radix: 16)
        }
        return nil
    }

    @Test func aChildOfAThreadThatBlocksSignalsBlocksNone() throws {
        // The calling thread blocks SIGTERM and SIGHUP, as a task's thread may.
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        sigaddset(&blocked, SIGHUP)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }

        let pid = try #require(DetachedProcess.spawn("/bin/sleep", arguments: ["sleep", "30"]))
        var status: Int32 = 0
        defer {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
        // The child has exec'd once its command line reads "sleep".
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(5)
        while (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8))?.hasPrefix("sleep") != true,
            clock.now < deadline
        {
            usleep(5_000)
        }
        // Signals 1 to 31; glibc keeps its two internal real-time signals (32, 33) to itself.
        let classic: UInt64 = 0x7FFF_FFFF
        #expect(mask(pid, "SigBlk").map { $0 & classic } == 0)
        #expect(mask(pid, "SigIgn").map { $0 & classic } == 0)
        // And so SIGTERM ends it.
        kill(pid, SIGTERM)
        #expect(waitpid(pid, &status, 0) == pid)
        #expect(status & 0x7F == SIGTERM, "ended by signal \(status & 0x7F)")
    }
}
