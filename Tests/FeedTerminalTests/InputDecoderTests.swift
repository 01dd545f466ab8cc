import FeedCore
import Testing

@testable import FeedTerminal

/// Keys, mouse reports and the terminal's own replies, from the bytes a terminal sends.
@Suite struct InputDecoderTests {
    private func decode(_ text: String, at instant: Duration = .zero) -> [InputDecoder.Token] {
        var decoder = InputDecoder()
        return decoder.feed(Array(text.utf8), at: instant) + decoder.flush(at: instant + .seconds(1))
    }

    private func keys(_ text: String) -> [Key] {
        decode(text).compactMap { if case .key(let key) = $0 { key } else { nil } }
    }

    @Test func charactersAndControlKeys() {
        #expect(keys("qj한") == [.character("q"), .character("j"), .character("한")])
        #expect(keys("\r\n\u{03}\u{0C}") == [.enter, .enter, .control("c"), .control("l")])
        // Backspace in either form edits a search; Tab is a key a configuration may bind.
        #expect(keys("\t\u{7F}\u{08}") == [.tab, .backspace, .backspace])
    }

    @Test func cursorAndPageKeysInEitherMode() {
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}OA\u{1B}OB") == [.up, .down, .up, .down])
        #expect(
            keys("\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~") == [
                .pageUp, .pageDown, .home, .end, .home, .end,
            ])
        #expect(keys("\u{1B}[1;5A") == [.up])
        // Left, right and Delete are no key here.
        #expect(keys("\u{1B}[C\u{1B}[D\u{1B}[3~") == [])
    }

    /// F1 to F4 as SS3 (xterm, VT100) or, with a modifier, CSI; F5 to F12 as VT220 numbers,
    /// with the gaps at 16 and 22 that make an off-by-one show.
    @Test func functionKeys() {
        #expect(keys("\u{1B}OP\u{1B}OQ\u{1B}OR\u{1B}OS\u{1B}[1;2P") == (1...4).map(Key.function) + [.function(1)])
        #expect(
            keys("\u{1B}[15~\u{1B}[17~\u{1B}[18~\u{1B}[19~\u{1B}[20~\u{1B}[21~\u{1B}[23~\u{1B}[24~\u{1B}[15;5~")
                == (5...12).map(Key.function) + [.function(5)])
        // A cursor report at the first row is a reply, never Ctrl-F3; 16~ and 22~ are no key.
        #expect(keys("\u{1B}[1;5R\u{1B}[16~\u{1B}[22~j") == [.character("j")])
    }

    /// Home and End as each family of terminals sends them: xterm in normal and in
    /// application cursor mode, the VT220 keypad (linux console, tmux, screen), rxvt.
    @Test(arguments: [
        ("\u{1B}[H", Key.home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
        ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}[7~", .home), ("\u{1B}[8~", .end),
    ])
    func homeAndEndInEveryTerminalsForm(_ sequence: String, _ key: Key) {
        #expect(keys(sequence) == [key])
        // And followed by a key, so the sequence's length is right too.
        #expect(keys(sequence + "j") == [key, .character("j")])
    }

    @Test func aLoneEscapeIsTheEscapeKeyOnlyAfterItsDelay() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B], at: .zero) == [])
        #expect(decoder.flush(at: .milliseconds(10)) == [])
        #expect(decoder.flush(at: InputDecoder.escapeDelay) == [.key(.escape)])
        #expect(keys("\u{1B}\u{1B}[A") == [.escape, .up])
    }

    @Test func theTerminalsRepliesAreNeverKeys() {
        // Device attributes, a colour answer (BEL and ST ended), a cursor report, focus
        // events, an unknown sequence: each swallowed whole, nothing left to read as Esc.
        let replies = [
            "\u{1B}[?62;22c", "\u{1B}]11;rgb:0000/0000/0000\u{07}", "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\",
            "\u{1B}[12;40R", "\u{1B}[I", "\u{1B}[O", "\u{1B}[?2026;2$y", "\u{1B}P1$r0m\u{1B}\\",
        ]
        for reply in replies {
            #expect(keys(reply) == [], "\(reply.debugDescription)")
        }
        #expect(decode("\u{1B}[0n") == [.statusReport])
        #expect(decode("\u{1B}[3n") == [.ignored])
    }

    @Test func aReplySplitAcrossReadsIsStillOneReply() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[?6".utf8), at: .zero) == [])
        #expect(decoder.feed(Array("2;22c".utf8), at: .milliseconds(5)) == [.ignored])
        #expect(decoder.feed(Array("\u{1B}]11;rgb:00".utf8), at: .milliseconds(6)) == [])
        // An OSC answer may take longer than the escape delay to finish arriving.
        #expect(
            decoder.feed(Array("00/0000/0000\u{07}q".utf8), at: .milliseconds(20)) == [.ignored, .key(.character("q"))])
    }

    @Test func mouseReportsInSGRAndX10Form() {
        #expect(keys("\u{1B}[<0;5;3M") == [.click(row: 2, column: 4)])
        #expect(keys("\u{1B}[<0;5;3m") == [])  // a release
        #expect(keys("\u{1B}[<64;1;1M\u{1B}[<65;1;1M") == [.wheelUp, .wheelDown])
        #expect(keys("\u{1B}[<2;5;3M") == [])  // the right button
        #expect(keys("\u{1B}[M \u{25}\u{23}") == [.click(row: 2, column: 4)])
    }

    @Test func brokenInputNeverGrowsOrCrashes() {
        var decoder = InputDecoder()
        _ = decoder.feed(Array("\u{1B}]".utf8) + [UInt8](repeating: 0x41, count: 10_000), at: .zero)
        #expect(decoder.flush(at: .seconds(1)).count <= 1)
        #expect(keys("\u{FF}\u{80}x").contains(.character("x")))
    }
}
