import Foundation
import Glibc
import Testing

@testable import FeedTerminal

@Suite struct BackgroundQueryTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func answersInEveryFormTerminalsUse() {
        let da1 = "\u{1B}[?1;2c"
        #expect(BackgroundQuery.parse(bytes("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\" + da1)) == (0x000000, true))
        #expect(BackgroundQuery.parse(bytes("\u{1B}]11;rgb:ffff/ffff/ffff\u{07}" + da1)) == (0xFFFFFF, true))
        #expect(BackgroundQuery.parse(bytes("\u{1B}]11;rgb:28/2c/34\u{07}" + da1)) == (0x282C34, true))
        #expect(BackgroundQuery.parse(bytes("\u{1B}]11;rgba:f/f/f/f\u{07}" + da1)) == (0xFFFFFF, true))
        #expect(BackgroundQuery.parse(bytes("\u{1B}]11;rgb:8080/4040/2020\u{1B}\\")) == (0x804020, false))
    }

    @Test func aTerminalThatOnlyAnswersDA1HasNoBackground() {
        #expect(BackgroundQuery.parse(bytes("\u{1B}[?62;22c")) == (nil, true))
        #expect(BackgroundQuery.parse(bytes("\u{1B}]11;rg")) == (nil, false))
        #expect(BackgroundQuery.parse([]) == (nil, false))
    }

    @Test func theReportedColourDecidesDarkOrLight() {
        #expect(TerminalBackground.detect(environment: [:], reported: 0x1E1E1E) == .dark)
        #expect(TerminalBackground.detect(environment: [:], reported: 0xFDF6E3) == .light)
        // It wins over COLORFGBG, which an outer terminal may have left behind; the option
        // wins over both.
        #expect(TerminalBackground.detect(environment: ["COLORFGBG": "0;15"], reported: 0x000000) == .dark)
        #expect(TerminalBackground.detect(environment: [:], requested: .light, reported: 0x000000) == .light)
    }

    /// Runs `body` with two pipes for a terminal: the program writes its request into one,
    /// and a thread playing the terminal reads it there and writes `answer` into the other.
    /// The thread ends before the pipes close: a descriptor number closed under a thread
    /// still reading it could be reused by another test's pipe.
    private func withTerminal(answer: String?, _ body: (_ input: Int32, _ output: Int32) -> Void) throws {
        var toTerminal: [Int32] = [0, 0]
        var fromTerminal: [Int32] = [0, 0]
        try #require(pipe(&toTerminal) == 0 && pipe(&fromTerminal) == 0)
        let (terminalReads, terminalWrites) = (toTerminal[0], fromTerminal[1])
        let ended = DispatchSemaphore(value: 0)
        let terminal = Thread {
            defer { ended.signal() }
            var buffer = [UInt8](repeating: 0, count: 64)
            var seen = 0
            while seen < BackgroundQuery.request.count {
                let count = read(terminalReads, &buffer, buffer.count)
                if count <= 0 { return }
                seen += count
            }
            if let answer { _ = Array(answer.utf8).withUnsafeBytes { write(terminalWrites, $0.baseAddress, $0.count) } }
        }
        terminal.start()
        body(fromTerminal[0], toTerminal[1])
        close(toTerminal[1])  // a terminal still waiting for a request reads its end
        ended.wait()
        [toTerminal[0], fromTerminal[0], fromTerminal[1]].forEach { close($0) }
    }

    /// Long enough for the thread playing the terminal on a busy machine; the exchange ends
    /// as soon as the DA1 answer arrives, so it costs nothing when the answer comes.
    private let patience = Duration.seconds(10)

    @Test func askingATerminalGetsItsAnswer() throws {
        try withTerminal(answer: "\u{1B}]11;rgb:fdfd/f6f6/e3e3\u{1B}\\\u{1B}[?1;2c") { input, output in
            #expect(BackgroundQuery.exchange(input: input, output: output, timeout: patience) == 0xFDF6E3)
        }
    }

    @Test func aTerminalThatSaysNothingCostsAtMostTheTimeout() throws {
        try withTerminal(answer: nil) { input, output in
            let clock = ContinuousClock()
            let start = clock.now
            #expect(BackgroundQuery.exchange(input: input, output: output) == nil)
            #expect(clock.now - start < BackgroundQuery.timeout + .seconds(1))  // bounded, on a busy machine too
        }
        // Only DA1 (as tmux without a client): no background, and no wait for the timeout.
        try withTerminal(answer: "\u{1B}[?1;2c") { input, output in
            let clock = ContinuousClock()
            let start = clock.now
            #expect(BackgroundQuery.exchange(input: input, output: output, timeout: patience) == nil)
            #expect(clock.now - start < patience / 2)
        }
    }

    @Test func withoutATerminalNothingIsAsked() throws {
        try withTerminal(answer: nil) { input, output in
            // A pipe has no terminal modes: no request is written, no wait.
            #expect(BackgroundQuery.ask(input: input, output: output) == nil)
        }
    }
}
