import FeedCore
import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// Loads that never finish, never end, or grow without bound, in the real binary: the
    /// viewer quits at once, holds its memory to the limit, and leaves no load behind.
    @Suite(.serialized)
    struct TransportEndToEndTests {

        /// A line of /proc/PID/status, as a number ("VmHWM" in kB, "Threads").
        private func status(_ pid: Int32, _ field: String) -> Int? {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
            for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
                return Int(line.dropFirst(field.count + 1).split(whereSeparator: \.isWhitespace).first ?? "")
            }
            return nil
        }

        /// Presses q and says how long the shell took to show the exit code.
        private func quit(_ tmux: TmuxSession) throws -> Duration {
            let clock = ContinuousClock()
            let start = clock.now
            try tmux.press("q")
            try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }
            return clock.now - start
        }

        // Far above the transport's aim (make bench measures the real figure); a quit that
        // waits for the load (the old URLSession hang, or libcurl's own one-second waits
        // plus the connect timeout) fails it.
        static let quitBound: Duration = .seconds(2)

        @Test func qDuringAConnectThatNeverCompletesQuitsAtOnce() throws {
            let server = try FeedServer()
            let tmux = try TmuxSession(width: 80, height: 24)
            try tmux.run("\(try Binary.required()) --timeout 60 \(server.hangingURL); echo EXIT=$?")
            try tmux.waitFor("the skeleton", colors: true) { ViewerEndToEndTests.hasGreyBackground($0) }
            let took = try quit(tmux)
            #expect(took < Self.quitBound, "q took \(took)")
            try tmux.expectRestored()
        }

        @Test func qWhileABodyStreamsQuitsAtOnce() throws {
            let server = try FeedServer()
            let tmux = try TmuxSession(width: 80, height: 24)
            try tmux.run("\(try Binary.required()) --timeout 60 \(server.url("/drip")); echo EXIT=$?")
            try tmux.waitFor("the skeleton", colors: true) { ViewerEndToEndTests.hasGreyBackground($0) }
            #expect(try server.streams().open == 1)
            let took = try quit(tmux)
            #expect(took < Self.quitBound, "q took \(took)")
            try tmux.expectRestored()
        }

        @Test func sigtermWhileABodyStreamsRestoresTheTerminal() throws {
            let server = try FeedServer()
            let tmux = try TmuxSession(width: 80, height: 24)
            try tmux.run("\(try Binary.required()) --timeout 60 \(server.url("/drip")); echo EXIT=$?")
            try tmux.waitFor("the skeleton", colors: true) { ViewerEndToEndTests.hasGreyBackground($0) }
            let pid = try #require(try tmux.programPID())
            kill(pid, SIGTERM)
            try tmux.waitFor("the exit code", timeout: .seconds(2)) { $0.contains("EXIT=143") }
            try tmux.expectRestored()
        }

        @Test func twoHundredRWhileABodyStreamsEndOnTheRowsWithNoLoadLeft() throws {
            let server = try FeedServer()
            let tmux = try TmuxSession(width: 80, height: 24)
            // The feed the first time; every reload after it streams without end.
            try tmux.run("\(try Binary.required()) --timeout 60 \(server.url("/feed-then-drip")); echo EXIT=$?")
            try tmux.waitFor("the rows") { $0.contains("Ada Park") && $0.contains("3 posts") }
            let pid = try #require(try tmux.programPID())
            let threadsBefore = try #require(status(pid, "Threads"))
            try tmux.press("r")
            try tmux.waitFor("a reload streaming") { $0.contains("Loading") }
            #expect(try server.streams().open == 1)
            // 199 more: an even number in all, so it ends on the rows, loading nothing.
            try tmux.press(contentsOf: Array(repeating: "r", count: 199) + ["j"])
            try tmux.waitFor("the rows after the burst") {
                ViewerEndToEndTests.selectedLine($0)?.contains("Ada Park") == true && !$0.contains("Loading")
            }
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(5)
            while try server.streams().open > 0 || (status(pid, "Threads") ?? 0) > threadsBefore,
                clock.now < deadline
            {
                usleep(20_000)
            }
            let streams = try server.streams()
            #expect(streams.open == 0, "a cancelled load's connection is still open")
            #expect(streams.most == 1, "loads overlapped: \(streams.most) bodies streamed at once")
            #expect(streams.total >= 1)
            #expect(status(pid, "Threads") ?? .max <= threadsBefore)
            let took = try quit(tmux)
            #expect(took < Self.quitBound, "q took \(took)")
        }

        @Test func anEndlessBodyEndsAtTheLimitWithItsMemory() throws {
            let server = try FeedServer()
            let tmux = try TmuxSession(width: 100, height: 24)
            try tmux.run("\(try Binary.required()) --max-size 32M \(server.url("/endless")); echo EXIT=$?")
            let pid = try #require(try tmux.waitForProgram())
            // 32 MiB of posts decoded as they come: a debug build on a busy machine takes
            // more than the usual 10 s to reach the limit (CI once did).
            let screen = try tmux.waitFor("the limit's error", timeout: .seconds(40)) {
                $0.contains("the response is larger than 32 MiB (--max-size)")
            }
            #expect(screen.contains("r to retry"))
            // The body is held to 32 MiB; the rest is the viewer itself.
            let peak = try #require(status(pid, "VmHWM"))
            #expect(peak < (32 + 64) * 1024, "peak RSS \(peak) kB")
            _ = try quit(tmux)
        }

        @Test func aNeverEndingStandardInputEndsAtTheLimitAndQStillWorks() throws {
            let tmux = try TmuxSession(width: 100, height: 24)
            try tmux.run("cat /dev/zero | \(try Binary.required()) --max-size 16M -; echo EXIT=$?")
            try tmux.waitFor("the limit's error") {
                $0.contains("standard input is larger than 16 MiB (--max-size)")
            }
            _ = try quit(tmux)
            try tmux.expectRestored()
        }
    }
}
