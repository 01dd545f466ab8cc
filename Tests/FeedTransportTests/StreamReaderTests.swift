import Foundation
import Synchronization
import Testing

@testable import FeedCore
@testable import FeedTransport

/// Standard input and other streams: read to the end, up to the limit, cancellable while
/// the writer sends nothing.
@Suite(.timeLimit(.minutes(1))) struct StreamReaderTests {
    /// A pipe whose write end the test holds. Each end is closed once: a second close
    /// would close whatever descriptor another test has opened under that number since.
    private final class TestPipe: Sendable {
        let readEnd: Int32
        let writeEnd: Int32
        private let writeEndOpen = Mutex(true)

        init() throws {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw Failure.system(what: "create a pipe", reason: "") }
            readEnd = ends[0]
            writeEnd = ends[1]
            _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
        }

        func write(_ bytes: [UInt8]) -> Int { Glibc.write(writeEnd, bytes, bytes.count) }

        func closeWriteEnd() {
            writeEndOpen.withLock { open in
                if open { close(writeEnd) }
                open = false
            }
        }

        deinit {
            close(readEnd)
            closeWriteEnd()
        }
    }

    @Test func aStreamIsReadToItsEnd() async throws {
        let pipe = try TestPipe()
        let text = Array(#"{"posts":[]}"#.utf8)
        #expect(pipe.write(text) == text.count)
        pipe.closeWriteEnd()
        let data = try await StreamReader.read(pipe.readEnd, what: "standard input", maxSize: 1 << 20)
        #expect(Array(data) == text)
    }

    @Test func aNeverEndingStreamEndsAtTheLimit() async throws {
        let pipe = try TestPipe()
        let readEnd = pipe.readEnd
        let reader = Task { try await StreamReader.read(readEnd, what: "standard input", maxSize: 256 << 10) }
        // Keep the pipe full until the reader gives up, as `cat /dev/zero` would.
        let chunk = [UInt8](repeating: 0x20, count: 4096)
        var written = 0
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while written <= 256 << 10, clock.now < deadline {
            let count = pipe.write(chunk)
            if count > 0 { written += count } else { try await Task.sleep(for: .milliseconds(1)) }
        }
        // The reader must have given up by now; if not, it would wait for ever: stop it.
        let stopper = Task {
            try? await Task.sleep(for: .seconds(5))
            reader.cancel()
        }
        defer { stopper.cancel() }
        await #expect(throws: Failure.tooLarge(limit: 256 << 10, what: "standard input")) {
            try await reader.value
        }
    }

    @Test func cancellingWhileTheWriterIsSilentEndsAtOnce() async throws {
        let pipe = try TestPipe()
        let readEnd = pipe.readEnd
        let reader = Task { try await StreamReader.read(readEnd, what: "standard input", maxSize: 1 << 20) }
        try await Task.sleep(for: .milliseconds(200))
        let clock = ContinuousClock()
        let start = clock.now
        reader.cancel()
        await #expect(throws: CancellationError.self) { try await reader.value }
        // Not woken, the reader would wait for the writer for ever; woken, it ends as soon as
        // its task is run again, which a busy machine (the IO tier's tests side by side)
        // delayed by 556 ms once.
        #expect(clock.now - start < .seconds(3))
    }
}
