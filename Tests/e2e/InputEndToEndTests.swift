import Foundation
import Testing

extension EndToEndTests {
    /// What the terminal sends that is not a key: replies to queries arriving late, mouse
    /// reports. The bytes are typed into the pane, as the terminal would send them.
    @Suite(.serialized)
    struct InputEndToEndTests {

        @Test func lateRepliesOfTheTerminalAreNotKeys() throws {
            let tmux = try TmuxSession(width: 80, height: 24)
            try tmux.run("\(try Binary.required()) --delay 0; echo EXIT=$?")
            try tmux.waitFor("the posts") { $0.contains("Ada Park") }
            // A second DA1 answer, an OSC 11 colour answer and a status report, late: once
            // they quit the viewer (ESC read as Esc).
            for reply in ["\u{1B}[?62;22c", "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\", "\u{1B}[0n"] {
                try tmux.press("-l", reply)
            }
            try tmux.press("j")
            try tmux.waitFor("the second post selected, the viewer still running") {
                ViewerEndToEndTests.selectedLine($0)?.contains("Ben Okafor") == true && !$0.contains("EXIT=")
            }
            try tmux.press("q")
            try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }
        }

        @Test func theWheelScrollsAndAClickSelects() throws {
            let tmux = try TmuxSession(width: 80, height: 24)
            try tmux.run("\(try Binary.required()) --delay 0; echo EXIT=$?")
            try tmux.waitFor("the posts") { $0.contains("Ada Park") }
            // The viewer asked the terminal for mouse reports: a real terminal sends none
            // otherwise (the reports typed below would come anyway). Which form depends on
            // TERM (tmux-256color's is X10's); both are read.
            #expect(try tmux.paneVariable("mouse_any_flag") == "1")
            // SGR reports (1-based column;row): a press of the first button on the third
            // post's name line, then the wheel down.
            let screen = try tmux.capture()
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            let row = try #require(lines.firstIndex { $0.contains("김민준") })
            try tmux.press("-l", "\u{1B}[<0;10;\(row + 1)M")
            try tmux.waitFor("the clicked post selected") {
                ViewerEndToEndTests.selectedLine($0)?.contains("김민준") == true
            }
            try tmux.press("-l", "\u{1B}[<65;10;5M\u{1B}[<65;10;5M")
            try tmux.waitFor("the list scrolled") { !$0.contains("Ada Park") }
            try tmux.press("q")
            try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }
        }
    }
}
