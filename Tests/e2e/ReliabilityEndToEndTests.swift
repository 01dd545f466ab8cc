import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// Signals, suspend, crashes, bursts and refusals: the terminal always comes back.
    @Suite(.serialized)
    struct ReliabilityEndToEndTests {

        @Test(arguments: [("TERM", 143), ("INT", 130), ("HUP", 129), ("SEGV", 139)])
        func aSignalWhileShimmeringRestoresTheTerminal(signal: String, status: Int) throws {
            let tmux = try TmuxSession(width: 80, height: 24)
            try tmux.run("\(try Binary.required()) --delay 30; echo EXIT=$?")
            try tmux.waitFor("the skeleton", colors: true) { ViewerEndToEndTests.hasGreyBackground($0) }
            let pid = try #require(try tmux.programPID())
            kill(pid, signalNumber(signal))
            let screen = try tmux.waitFor("the exit code") { $0.contains("EXIT=\(status)") }
            if signal == "SEGV" {
                #expect(screen.contains("shimmerfeed: crashed with a segmentation fault; the terminal was restored"))
            }
            try tmux.expectRestored()
        }

        private func signalNumber(_ name: String) -> Int32 {
            switch name {
            case "TERM": SIGTERM
            case "INT": SIGINT
            case "HUP": SIGHUP
            default: SIGSEGV
            }
        }

        @Test func ctrlZSuspendsAndFgTakesTheScreenBack() throws {
            let tmux = try TmuxSession(width: 80, height: 24)
            // Alone on its line: the shell would run the rest of a list when the job stops.
            try tmux.run("\(try Binary.required()) --delay 0")
            try tmux.waitFor("the posts") { $0.contains("Ada Park") }
            try tmux.press("C-z")
            try tmux.waitFor("the shell, with the program stopped") { $0.contains("Stopped") }
            #expect(try tmux.paneVariable("alternate_on") == "0")
            try tmux.run("fg")
            try tmux.waitFor("the screen back") { $0.contains("Ada Park") && $0.contains("? help") }
            #expect(try tmux.paneVariable("alternate_on") == "1")
            try tmux.press("j")
            try tmux.waitFor("keys working again") {
                ViewerEndToEndTests.selectedLine($0)?.contains("Ben Okafor") == true
            }
            try tmux.press("q")
            try tmux.waitFor("the shell") { !$0.contains("Ada Park") }
            try tmux.run("echo EXIT=$?")
            try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }
            try tmux.expectRestored()
        }

        @Test func aBurstOfAHundredRTogglesEndsOnTheRows() throws {
            let tmux = try TmuxSession(width: 80, height: 24)
            try tmux.run("\(try Binary.required()) --delay 0.2; echo EXIT=$?")
            try tmux.waitFor("the posts") { $0.contains("Ada Park") && $0.contains("40 posts") }
            try tmux.press(contentsOf: Array(repeating: "r", count: 100) + ["j"])
            // An even number of toggles: back to the rows it had, not loading, so the `j`
            // sent after them moves the selection.
            try tmux.waitFor("the rows after the burst") {
                ViewerEndToEndTests.selectedLine($0)?.contains("Ben Okafor") == true && !$0.contains("Loading")
            }
            try tmux.press("r")
            try tmux.waitFor("a last reload") { $0.contains("Loading") }
            try tmux.waitFor("its posts") { $0.contains("Ada Park") && $0.contains("40 posts") }
            try tmux.press("q")
            try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }
        }

        @Test func aResizeStormEndsWithACorrectScreen() throws {
            let tmux = try TmuxSession(width: 80, height: 24)
            try tmux.run("\(try Binary.required()) --delay 0; echo EXIT=$?")
            try tmux.waitFor("the posts") { $0.contains("Ada Park") }
            for step in 0..<100 {
                try tmux.resize(width: 30 + (step * 37) % 150, height: 8 + (step * 13) % 40)
            }
            try tmux.resize(width: 70, height: 20)
            try tmux.waitFor("the screen laid out at 70x20") { screen in
                let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
                return lines.count >= 20 && lines[19].contains("40 posts") && lines[19].hasSuffix("q quit")
                    && lines[19].count == 69 && screen.contains("Ada Park")
            }
            try tmux.press("q")
            try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }
        }

        @Test(arguments: [
            ("TERM=dumb", "TERM=dumb cannot draw a full-screen view"),
            ("env -u TERM", "TERM is not set"),
            ("TERM=no-such-terminal", "unknown terminal type 'no-such-terminal'"),
        ])
        func anUnusableTerminalIsRefusedWithExitCodeTwo(prefix: String, message: String) throws {
            let tmux = try TmuxSession(width: 100, height: 10)
            try tmux.run("\(prefix) \(try Binary.required()); echo EXIT=$?")
            let screen = try tmux.waitFor("the refusal") { $0.contains(#/EXIT=\d/#) }
            #expect(screen.contains(message))
            #expect(screen.contains("EXIT=2"))
            try tmux.expectRestored()
        }

        @Test func dumpPrintsAFrameWithoutTheTerminal() throws {
            let fixture = FeedServer.fixtures.appendingPathComponent("small-feed.json").path
            let tmux = try TmuxSession(width: 100, height: 30)
            try tmux.run("\(try Binary.required()) --dump --size 60x12 \(fixture) | cat; echo DUMP=$?")
            let screen = try tmux.waitFor("the dump") { $0.contains(#/DUMP=\d/#) }
            #expect(screen.contains("DUMP=0"))
            // Newest first: the fixture's second post is its newest.
            #expect(screen.contains("▌ BO   Ben Okafor"))
            #expect(screen.contains("3 posts"))
            #expect(try tmux.paneVariable("alternate_on") == "0")
            // Its own marker: the exit code of the grep that counts shade characters.
            try tmux.run("\(try Binary.required()) --dump --size 40x6 --at 0.5 | grep -c '░'; echo SHADES=$?")
            try tmux.waitFor("the skeleton dump") { $0.contains(#/SHADES=\d/#) }
            #expect(try tmux.capture().contains("SHADES=0"), "the skeleton dump held shade characters")
        }
    }
}
