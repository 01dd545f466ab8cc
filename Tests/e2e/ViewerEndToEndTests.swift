import FeedCore
import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The third tier of DESIGN.md: the real binary, in a real terminal emulator (tmux) or
/// without one. Serialized: the machine has two cores, and a tmux server started while
/// another test spawns a process could inherit that process's descriptors.
@Suite(.serialized) struct EndToEndTests {}

extension EndToEndTests {
    @Suite(.serialized)
    struct ViewerEndToEndTests {
        /// Whether the screen has skeleton cells: greys of the 256-colour ramp as
        /// backgrounds, as `capture-pane -e` prints them.
        static func hasGreyBackground(_ screen: String) -> Bool {
            screen.contains(#/\[(?:[0-9;]*;)?48;5;(23[7-9]|24[0-9]|25[0-5])m/#)
        }

        /// The words stty printed before "STTY" (the command line itself starts with "$").
        static func sttyAnswer(in screen: String) -> [String]? {
            guard let line = screen.split(separator: "\n").first(where: { $0.hasSuffix("STTY") && !$0.hasPrefix("$") })
            else {
                return nil
            }
            return line.split(separator: " ").dropLast().map(String.init)
        }

        @Test func theSkeletonShimmersInGreyThenThePostsReplaceIt() throws {
            let tmux = try TmuxSession(width: 80, height: 24)
            try tmux.run("\(try Binary.required()) --delay 3; echo EXIT=$?")
            let first = try tmux.waitFor("grey skeleton cells", colors: true) { Self.hasGreyBackground($0) }
            #expect(!first.contains("Ada Park"))
            // The shimmer moves: the coloured screen changes while the text stays blank.
            try tmux.waitFor("the shimmer to move", colors: true) { $0 != first && Self.hasGreyBackground($0) }
            let loaded = try tmux.waitFor("the sample posts") {
                $0.contains("Ada Park") && $0.contains("posts · loaded in")
            }
            #expect(loaded.contains("Shipping the feed viewer on Linux"))
            // The rows fade in from the skeleton's grey over 250 ms; then no grey remains.
            try tmux.waitFor("the cross-fade to end", timeout: .seconds(2), colors: true) {
                !Self.hasGreyBackground($0)
            }
            try tmux.press("q")
            try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }
        }

        @Test func rBringsTheSkeletonBackAndRAgainTheRows() throws {
            let tmux = try TmuxSession(width: 80, height: 24)
            try tmux.run("\(try Binary.required()) --delay 2; echo EXIT=$?")
            try tmux.waitFor("the sample posts", timeout: .seconds(10)) { $0.contains("Ada Park") }
            try tmux.press("r")
            try tmux.waitFor("the reload skeleton", colors: true) {
                Self.hasGreyBackground($0) && !$0.contains("Ada Park") && $0.contains("Loading")
            }
            try tmux.press("r")
            // Paced by the terminal, a frame may reach it in parts (the rows, then the status
            // line): the screen settles on the rows, no longer loading, within the second.
            try tmux.waitFor("the rows it had, no longer loading", timeout: .seconds(1)) {
                $0.contains("Ada Park") && !$0.contains("Loading")
            }
            // And a reload left to finish shows the posts again.
            try tmux.press("r")
            try tmux.waitFor("the second reload to start") { $0.contains("Loading") }
            try tmux.waitFor("a completed reload", timeout: .seconds(6)) {
                $0.contains("Ada Park") && $0.contains("loaded in 2.")
            }
            try tmux.press("q")
            try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }
        }

        /// Every script reaches the terminal whole and in its columns: wide characters,
        /// emoji, a flag (two characters in one cluster), combining marks, and what
        /// follows each of them.
        @Test func everyScriptIsDrawnWholeAndInItsColumns() throws {
            let fixture = FeedServer.fixtures.appendingPathComponent("mixed-scripts.json").path
            let tmux = try TmuxSession(width: 90, height: 30)
            try tmux.run("\(try Binary.required()) \(fixture); echo EXIT=$?")
            let screen = try tmux.waitFor("the posts") { $0.contains("5 posts") }
            #expect(screen.contains("flags 🇰🇷🇯🇵 skin 👍 combining é́́ and a"), "\(screen)")
            #expect(screen.contains("한글 한 글자는 터미널에서 두 칸을 차지합니다."))
            // The likes end in the same column, whatever came before them on the line.
            let likes = screen.split(separator: "\n").filter { $0.contains("♥") }
            #expect(likes.count == 5 && Set(likes.map { CellWidth.of(String($0)) }).count == 1, "\(likes)")
            try tmux.press("q")
            try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }
        }

        @Test func aResizeRewrapsTheRows() throws {
            let tmux = try TmuxSession(width: 100, height: 30)
            try tmux.run("\(try Binary.required()) --delay 0; echo EXIT=$?")
            let wideLine = "One layout function draws both the row and its skeleton, so nothing jumps"
            try tmux.waitFor("the sample posts") { $0.contains(wideLine) }
            try tmux.resize(width: 50, height: 20)
            let narrow = try tmux.waitFor("the rows re-wrapped at 50 columns") { screen in
                !screen.contains(wideLine) && screen.contains("One layout function draws")
            }
            #expect(narrow.contains("Ada Park"))
            // Laid out again for 50 columns: the status line keeps only the hint that fits
            // there, and ends at the new right edge.
            let lines = narrow.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(
                lines.count >= 20 && lines[19].contains(#/sample feed +\? help$/#),
                "\(lines.count > 19 ? lines[19] : "")")
            try tmux.press("q")
            try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }
        }

        /// The line with the selection bar on it, which begins the selected row.
        static func selectedLine(_ screen: String) -> Substring? {
            screen.split(separator: "\n").first { $0.hasPrefix("▌") }
        }

        @Test func keysMoveTheSelectionExpandAndLike() throws {
            let tmux = try TmuxSession(width: 100, height: 40)
            try tmux.run("\(try Binary.required()) --delay 0; echo EXIT=$?")
            try tmux.waitFor("the sample posts") { Self.selectedLine($0)?.contains("Ada Park") == true }
            try tmux.press("j", "j", "Down")
            try tmux.waitFor("the fourth post selected") { Self.selectedLine($0)?.contains("Chiara Rossi") == true }
            try tmux.press("k")
            try tmux.waitFor("the third post selected") { Self.selectedLine($0)?.contains("김민준") == true }
            // The long post is the fourth from the end; its last sentence shows only expanded.
            try tmux.press("G", "k", "k", "k")
            let collapsed = try tmux.waitFor("the long post selected") {
                Self.selectedLine($0)?.contains("Grace Liu") == true
            }
            #expect(!collapsed.contains("read all of it."))
            try tmux.press("Enter")
            try tmux.waitFor("the long post expanded") { $0.contains("read all of it.") }
            try tmux.press("l")
            try tmux.waitFor("the like counted") { Self.selectedLine($0)?.hasSuffix("♥ 846") == true }
            try tmux.press("l")
            try tmux.waitFor("the like taken back") { Self.selectedLine($0)?.hasSuffix("♥ 845") == true }
            try tmux.press("?")
            try tmux.waitFor("the help") { $0.contains("any key closes this") }
            try tmux.press("x")
            try tmux.waitFor("the help closed") { !$0.contains("any key closes this") }
            try tmux.press("q")
            try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }
        }

        @Test func hostilePostsCannotRetitleTheWindowOrDrawOutsideTheirRows() throws {
            let tmux = try TmuxSession(width: 80, height: 30)
            try tmux.paneTitle("before")
            let fixture = Binary.fixtures.appendingPathComponent("hostile-feed.json").path
            try tmux.run("\(try Binary.required()) \(fixture); echo EXIT=$?")
            let screen = try tmux.waitFor("the hostile posts") { $0.contains("Hyper Link") }
            #expect(try tmux.paneVariable("pane_title") == "before")
            #expect(!screen.contains("PWNED"))
            #expect(screen.contains("Mallory Title"))
            #expect(screen.contains("Sets the title and clears the screen."))
            #expect(screen.contains("Bidi evil Name"))
            // The status line is still at the bottom: nothing moved the cursor or scrolled.
            #expect(screen.split(separator: "\n", omittingEmptySubsequences: false)[29].contains("6 posts"))
            try tmux.press("q")
            try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }
            #expect(try tmux.paneVariable("pane_title") == "before")
        }

        @Test func aResizeKeepsTheSelectedPostInView() throws {
            let tmux = try TmuxSession(width: 100, height: 40)
            try tmux.run("\(try Binary.required()) --delay 0; echo EXIT=$?")
            try tmux.waitFor("the sample posts") { $0.contains("Ada Park") }
            try tmux.press("G")
            try tmux.waitFor("the last post selected") { Self.selectedLine($0)?.contains("Jonas Becker") == true }
            try tmux.resize(width: 60, height: 14)
            try tmux.waitFor("the last post still selected and shown") {
                Self.selectedLine($0)?.contains("Jonas Becker") == true && !$0.contains("Ada Park")
            }
            try tmux.resize(width: 12, height: 4)
            try tmux.waitFor("the too-small notice") { $0.contains("small") }
            try tmux.resize(width: 90, height: 30)
            try tmux.waitFor("the last post back in view") { Self.selectedLine($0)?.contains("Jonas Becker") == true }
            try tmux.press("q")
            try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }
        }

        @Test(arguments: ["q", "Escape", "C-c"])
        func quittingRestoresTheTerminal(key: String) throws {
            let tmux = try TmuxSession(width: 80, height: 24)
            try tmux.run("\(try Binary.required()) --delay 5; echo EXIT=$?")
            try tmux.waitFor("the skeleton", colors: true) { Self.hasGreyBackground($0) }
            #expect(try tmux.paneVariable("alternate_on") == "1")
            try tmux.press(key)
            let expected = key == "C-c" ? "EXIT=130" : "EXIT=0"
            try tmux.waitFor("the exit code", timeout: .seconds(3)) { $0.contains(expected) }
            #expect(try tmux.paneVariable("alternate_on") == "0", "the alternate screen was left")
            #expect(try tmux.paneVariable("cursor_flag") == "1", "the cursor is visible")
            try tmux.run("stty -a | tr ' ' '\\n' | grep -xE -- '-?(echo|icanon)' | tr '\\n' ' '; echo ST\"\"TY")
            let screen = try tmux.waitFor("stty's answer") { Self.sttyAnswer(in: $0) != nil }
            let modes = Set(Self.sttyAnswer(in: screen) ?? [])
            #expect(modes == ["echo", "icanon"], "echo and canonical mode are back on")
        }
    }

    /// The binary without a terminal: options, help and refusals.
    @Suite struct CommandLineEndToEndTests {
        static func run(_ arguments: [String], environment: [String: String] = ["TERM": "xterm-256color"]) throws -> (
            status: Int32, output: String, error: String
        ) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try #require(Binary.path))
            process.arguments = arguments
            process.environment = environment
            let output = Pipe()
            let error = Pipe()
            process.standardOutput = output
            process.standardError = error
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let outputData = output.fileHandleForReading.readDataToEndOfFile()
            let errorData = error.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (
                process.terminationStatus, String(decoding: outputData, as: UTF8.self),
                String(decoding: errorData, as: UTF8.self)
            )
        }

        @Test func helpListsTheOptionsAndKeys() throws {
            let result = try Self.run(["--help"])
            #expect(result.status == 0)
            for text in [
                "Usage: shimmerfeed", "--delay", "--animation", "--fps", "q Esc Ctrl-C", "like, boost, bookmark",
            ] {
                #expect(result.output.contains(text))
            }
        }

        @Test func versionPrintsTheVersion() throws {
            let result = try Self.run(["--version"])
            #expect(result.status == 0)
            #expect(result.output.hasPrefix("shimmerfeed "))
        }

        @Test func anUnknownOptionIsAUsageError() throws {
            let result = try Self.run(["--frobnicate"])
            #expect(result.status == 2)
            #expect(result.error.contains("unknown option '--frobnicate'"))
            #expect(result.output.isEmpty)
        }

        @Test func dumpAsSVGIsAPictureOfTheFrame() throws {
            let still = try Self.run(["--dump", "--svg", "--delay", "0", "--size", "60x12"])
            #expect(still.status == 0)
            #expect(still.output.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"504\" height=\"216\""))
            #expect(XMLParser(data: Data(still.output.utf8)).parse(), "well-formed")
            #expect(still.output.contains(">Ada Park</text>"))
            let moving = try Self.run(["--dump", "--svg", "--svg-frame", "--at", "0.5", "--frames", "6", "--fps", "12"])
            #expect(moving.output.contains("animation:0.5s step-end infinite"))
            #expect(moving.output.matches(of: #/@keyframes k\d+/#).count == 5)
            // --color picks the depth the picture is drawn at, as on a terminal: with 16, the
            // cells are in xterm's sixteen colours (the window keeps its own two); left on
            // auto, in direct colour.
            let colours = { (svg: String) in Set(svg.matches(of: #/#[0-9a-f]{6}/#).map { String($0.output) }) }
            let window: Set = ["#1c1c1c", "#d0d0d0"]
            let xterm16: Set = [
                "#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
                "#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff",
            ]
            let sixteen = try Self.run(["--dump", "--svg", "--delay", "0", "--size", "60x12", "--color", "16"])
            #expect(colours(still.output).subtracting(window).isDisjoint(with: xterm16))
            #expect(colours(sixteen.output).subtracting(window).isSubset(of: xterm16))
            #expect(colours(sixteen.output).subtracting(window).count >= 3, "authors, likes and links in colour")
            let misused = try Self.run(["--svg"])
            #expect(misused.status == 2 && misused.error.contains("--svg, --svg-frame and --frames go with --dump"))
        }

        @Test func outputThatIsNotATerminalIsRefusedWithoutEscapes() throws {
            let result = try Self.run([])
            #expect(result.status == 2)
            #expect(result.error.contains("standard output is not a terminal"))
            #expect(!result.output.contains("\u{1B}"))
        }
    }
}

extension EndToEndTests.ViewerEndToEndTests {
    @Test func withNoColorThereIsNoColourAtAllButTheShimmerStillMoves() throws {
        let tmux = try TmuxSession(width: 80, height: 24)
        try tmux.run("NO_COLOR=1 \(try Binary.required()) --delay 5; echo EXIT=$?")
        let first = try tmux.waitFor("shade glyphs", colors: true) { $0.contains("░") }
        #expect(!first.contains(#/\[[0-9;]*(3[0-7]|4[0-7]|9[0-7]|38;5|48;5|38;2|48;2)[;m]/#), "no colour escape")
        try tmux.waitFor("the glyphs to move", colors: true) { $0 != first && $0.contains("▓") }
        try tmux.press("q")
        try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }
    }
}

extension EndToEndTests.ViewerEndToEndTests {
    @Test func colorNoneDrawsTheSkeletonInShadesAndColor256OverridesNoColor() throws {
        let tmux = try TmuxSession(width: 80, height: 24)
        try tmux.run("\(try Binary.required()) --color none --delay 5; echo EXIT=$?")
        let plain = try tmux.waitFor("shade glyphs", colors: true) { $0.contains("░") }
        #expect(!plain.contains(#/\[[0-9;]*(38;5|48;5)[;m]/#))
        try tmux.press("q")
        try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }
        try tmux.run("NO_COLOR=1 \(try Binary.required()) --color 256 --delay 5; echo EXIT=$?")
        try tmux.waitFor("grey skeleton cells despite NO_COLOR", colors: true) { Self.hasGreyBackground($0) }
        try tmux.press("q")
        try tmux.waitFor("the second exit code") { $0.split(separator: "\n").filter { $0 == "EXIT=0" }.count == 2 }
    }
}
