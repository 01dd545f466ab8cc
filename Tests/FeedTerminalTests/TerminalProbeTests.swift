import Foundation
import Glibc
import Testing

@testable import FeedTerminal

@Suite struct TerminalProbeTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    private func background(_ text: String) -> (UInt32?, Bool) {
        let answers = TerminalProbe.parse(bytes(text))
        return (answers.background, answers.complete)
    }

    @Test func answersInEveryFormTerminalsUse() {
        let da1 = "\u{1B}[?1;2c"
        #expect(background("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\" + da1) == (0x000000, true))
        #expect(background("\u{1B}]11;rgb:ffff/ffff/ffff\u{07}" + da1) == (0xFFFFFF, true))
        #expect(background("\u{1B}]11;rgb:28/2c/34\u{07}" + da1) == (0x282C34, true))
        #expect(background("\u{1B}]11;rgba:f/f/f/f\u{07}" + da1) == (0xFFFFFF, true))
        #expect(background("\u{1B}]11;rgb:8080/4040/2020\u{1B}\\") == (0x804020, false))
    }

    @Test func aTerminalThatOnlyAnswersDA1HasNoBackground() {
        #expect(background("\u{1B}[?62;22c") == (nil, true))
        #expect(background("\u{1B}]11;rg") == (nil, false))
        #expect(background("") == (nil, false))
    }

    // What real terminals answer to the whole probe. xterm's, kitty's and tmux's were read
    // here from xterm 379 (`-ti vt340`, and its default VT420) and kitty 0.26.5 under Xvfb,
    // and tmux 3.3a; WezTerm's and foot's are as their documentation and other projects'
    // tests record them. xterm answers no `CSI 16 t` (its window ops are off by default):
    // the kernel gives its cell size.

    @Test func kitty0265AnswersEverythingButDrawsNoPlaceholders() {
        let answers = TerminalProbe.parse(
            bytes(
                "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\"
                    + "\u{1B}[6;18;9t\u{1B}[4;396;639t\u{1B}[?62;c"))
        #expect(answers.kittyGraphics && !answers.sixel && answers.complete && answers.background == 0)
        #expect(answers.cellSize == CellPixels(width: 9, height: 18))
        #expect(answers.windowPixels == CellPixels(width: 639, height: 396))
        let support = PictureSupport.choose(
            requested: .auto, answers: answers, depth: .truecolor, tmux: .outside, cellSize: answers.cellSize)
        #expect(support.drawing == .cells)
    }

    @Test func aKittyWithPlaceholdersAnswersTheGraphicsQueryAndItsCellSize() {
        let answers = TerminalProbe.parse(
            bytes(
                "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.35.2)\u{1B}\\"
                    + "\u{1B}[6;20;10t\u{1B}[?62;c"))
        #expect(answers.kittyGraphics && !answers.sixel && answers.complete)
        #expect(answers.cellSize == CellPixels(width: 10, height: 20))
        #expect(answers.version == "kitty(0.35.2)" && answers.background == 0)
    }

    @Test func xtermAsAVT340SaysSixel() {
        let vt340 = TerminalProbe.parse(
            bytes(
                "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?1;0;1024S"
                    + "\u{1B}[?63;1;2;4;6;9;15;16;22;28c"))
        #expect(vt340.sixel && !vt340.kittyGraphics && vt340.version == "XTerm(379)")
        #expect(vt340.attributes == [63, 1, 2, 4, 6, 9, 15, 16, 22, 28] && vt340.cellSize == nil)
        let vt420 = TerminalProbe.parse(
            bytes(
                "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?1;3S"
                    + "\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28c"))
        #expect(!vt420.sixel && vt420.complete)
    }

    @Test func footSaysSixelAndNoKitty() {
        let answers = TerminalProbe.parse(
            bytes("\u{1B}P>|foot(1.16.2)\u{1B}\\\u{1B}[6;17;8t\u{1B}[4;408;640t\u{1B}[?62;4;22;28c"))
        #expect(answers.sixel && !answers.kittyGraphics)
        #expect(answers.cellSize == CellPixels(width: 8, height: 17))
        #expect(answers.windowPixels == CellPixels(width: 640, height: 408))
    }

    @Test func wezTermAnswersBothButIsNamed() {
        let answers = TerminalProbe.parse(
            bytes(
                "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;19;10t\u{1B}P>|WezTerm 20240203-110809-5046fc22\u{1B}\\"
                    + "\u{1B}[?65;4;6;18;22c"))
        #expect(answers.kittyGraphics && answers.sixel && answers.version?.hasPrefix("WezTerm") == true)
        // It draws no Unicode placeholders: sixel.
        let support = PictureSupport.choose(
            requested: .auto, answers: answers, depth: .truecolor, tmux: .outside, cellSize: answers.cellSize)
        #expect(support.drawing == .sixel && support.cellSize == CellPixels(width: 10, height: 19))
    }

    @Test func tmuxAnswersForItselfAndTheKittyAnswerComesLast() {
        // tmux 3.3a without a client: its own XTVERSION and DA1, nothing from outside.
        let alone = TerminalProbe.parse(bytes("\u{1B}P>|tmux 3.3a\u{1B}\\\u{1B}[?1;2c"))
        #expect(alone.complete && !alone.sixel && !alone.kittyGraphics)
        // With passthrough and kitty outside, kitty's answer comes after tmux's DA1.
        let outside = TerminalProbe.parse(bytes("\u{1B}[?1;2c\u{1B}_Gi=31;OK\u{1B}\\"))
        #expect(outside.kittyGraphics)
    }

    @Test func kittyBeforePlaceholdersGetsCells() {
        #expect(PictureSupport.drawsPlaceholders(version: "kitty(0.35.2)"))
        #expect(PictureSupport.drawsPlaceholders(version: "kitty(0.28.0)"))
        #expect(!PictureSupport.drawsPlaceholders(version: "kitty(0.26.5)"), "Debian 12's")
        #expect(!PictureSupport.drawsPlaceholders(version: "kitty(0.27.1)"))
        #expect(PictureSupport.drawsPlaceholders(version: "ghostty 1.3.1"))
        #expect(PictureSupport.drawsPlaceholders(version: nil))
        let old = TerminalProbe.parse(bytes("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[?62;c"))
        let support = PictureSupport.choose(
            requested: .auto, answers: old, depth: .truecolor, tmux: .outside, cellSize: nil)
        #expect(support.drawing == .cells)
    }

    @Test func anotherPicturesAnswerIsNotOurs() {
        // A reply to another program's picture, 99, arriving here: not an answer to 31.
        let answers = TerminalProbe.parse(bytes("\u{1B}_Gi=99;OK\u{1B}\\\u{1B}[?62;c"))
        #expect(!answers.kittyGraphics && answers.complete)
    }

    @Test func anErrorAnswerIsNoKittySupport() {
        let answers = TerminalProbe.parse(bytes("\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\\u{1B}[?62;c"))
        #expect(!answers.kittyGraphics && answers.complete)
    }

    @Test func theRequestAsksKittyBeforeDA1AndWrapsItForTmux() {
        let plain = String(decoding: TerminalProbe.request(.init()), as: UTF8.self)
        #expect(
            plain == "\u{1B}]11;?\u{1B}\\\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[>0q\u{1B}[c")
        let tmux = String(
            decoding: TerminalProbe.request(.init(background: false, cellSize: true, throughTmux: true)), as: UTF8.self)
        #expect(
            tmux == "\u{1B}Ptmux;\u{1B}\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\u{1B}\\\u{1B}\u{1B}[>0q\u{1B}\\"
                + "\u{1B}[16t\u{1B}[14t\u{1B}[c")
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
    private func withTerminal(
        answer: String?, queries: TerminalProbe.Queries = .init(), _ body: (_ input: Int32, _ output: Int32) -> Void
    ) throws {
        var toTerminal: [Int32] = [0, 0]
        var fromTerminal: [Int32] = [0, 0]
        try #require(pipe(&toTerminal) == 0 && pipe(&fromTerminal) == 0)
        let (terminalReads, terminalWrites) = (toTerminal[0], fromTerminal[1])
        let ended = DispatchSemaphore(value: 0)
        let terminal = Thread {
            defer { ended.signal() }
            var buffer = [UInt8](repeating: 0, count: 64)
            var seen = 0
            while seen < TerminalProbe.request(queries).count {
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
            #expect(
                TerminalProbe.exchange(input: input, output: output, queries: .init(), timeout: patience).background
                    == 0xFDF6E3)
        }
    }

    @Test func aTerminalThatSaysNothingCostsAtMostTheTimeout() throws {
        try withTerminal(answer: nil) { input, output in
            let clock = ContinuousClock()
            let start = clock.now
            #expect(TerminalProbe.exchange(input: input, output: output, queries: .init()) == .init())
            #expect(clock.now - start < TerminalProbe.timeout + .seconds(1))  // bounded, on a busy machine too
        }
        // Only DA1 (as tmux without a client): no background, and no wait for the timeout.
        try withTerminal(answer: "\u{1B}[?1;2c") { input, output in
            let clock = ContinuousClock()
            let start = clock.now
            #expect(
                TerminalProbe.exchange(input: input, output: output, queries: .init(), timeout: patience).complete)
            #expect(clock.now - start < patience / 2)
        }
        // Through tmux, kitty's answer is waited for a while after DA1, and ends the wait.
        let tmux = TerminalProbe.Queries(throughTmux: true)
        try withTerminal(answer: "\u{1B}[?1;2c\u{1B}_Gi=31;OK\u{1B}\\", queries: tmux) { input, output in
            #expect(
                TerminalProbe.exchange(input: input, output: output, queries: tmux, timeout: patience).kittyGraphics)
        }
    }

    @Test func withoutATerminalNothingIsAsked() throws {
        try withTerminal(answer: nil) { input, output in
            // A pipe has no terminal modes: no request is written, no wait.
            #expect(TerminalProbe.ask(input: input, output: output, queries: .init()) == .init())
        }
    }
}
