import Foundation
import Testing

/// The third tier of DESIGN.md: the real binary, in a real terminal emulator (tmux) or
/// without one. Serialized: the machine has two cores, and a tmux server started while
/// another test spawns a process could inherit that process's descriptors.
@Suite(.serialized) struct EndToEndTests {}

extension EndToEndTests {
    @Suite(.serialized, .enabled(if: TmuxSession.tmuxPath != nil, "tmux is not installed (apt-get install tmux)"))
    struct ViewerEndToEndTests {
        /// Whether the screen has skeleton cells: the greys 238 to 246 of the 256-colour
        /// ramp as backgrounds, as `capture-pane -e` prints them.
        static func hasGreyBackground(_ screen: String) -> Bool {
            screen.contains(#/\[(?:[0-9;]*;)?48;5;(23[89]|24[0-6])m/#)
        }

        /// The words stty printed before "STTY" (the command line itself starts with "$").
        static func sttyAnswer(in screen: String) -> [String]? {
            guard let line = screen.split(separator: "\n").first(where: { $0.hasSuffix("STTY") && !$0.hasPrefix("$") })
            else {
                return nil
            }
            return line.split(separator: " ").dropLast().map(String.init)
        }

        private func binary() throws -> String {
            try #require(Binary.path, "the shimmerfeed binary was not found beside the tests; run `swift build` first")
        }

        @Test func theSkeletonShimmersInGreyThenThePostsReplaceIt() throws {
            let tmux = try TmuxSession(width: 80, height: 24)
            try tmux.run("\(try binary()) --delay 3; echo EXIT=$?")
            let first = try tmux.waitFor("grey skeleton cells", colors: true) { Self.hasGreyBackground($0) }
            #expect(!first.contains("Ada Park"))
            // The shimmer moves: the coloured screen changes while the text stays blank.
            try tmux.waitFor("the shimmer to move", colors: true) { $0 != first && Self.hasGreyBackground($0) }
            let loaded = try tmux.waitFor("the sample posts") {
                $0.contains("Ada Park") && $0.contains("posts · loaded in")
            }
            #expect(loaded.contains("Shipping the feed viewer on Linux"))
            let coloured = try tmux.capture(colors: true)
            #expect(!Self.hasGreyBackground(coloured), "no skeleton cells remain")
            try tmux.press("q")
            try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }
        }

        @Test func rBringsTheSkeletonBackAndRAgainTheRows() throws {
            let tmux = try TmuxSession(width: 80, height: 24)
            try tmux.run("\(try binary()) --delay 2; echo EXIT=$?")
            try tmux.waitFor("the sample posts", timeout: .seconds(10)) { $0.contains("Ada Park") }
            try tmux.press("r")
            try tmux.waitFor("the reload skeleton", colors: true) {
                Self.hasGreyBackground($0) && !$0.contains("Ada Park") && $0.contains("Loading")
            }
            try tmux.press("r")
            let back = try tmux.waitFor("the rows it had", timeout: .seconds(1)) { $0.contains("Ada Park") }
            #expect(!back.contains("Loading"))
            // And a reload left to finish shows the posts again.
            try tmux.press("r")
            try tmux.waitFor("the second reload to start") { $0.contains("Loading") }
            try tmux.waitFor("a completed reload", timeout: .seconds(6)) {
                $0.contains("Ada Park") && $0.contains("loaded in 2.")
            }
            try tmux.press("q")
            try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }
        }

        @Test func aResizeRewrapsTheRows() throws {
            let tmux = try TmuxSession(width: 100, height: 30)
            try tmux.run("\(try binary()) --delay 0; echo EXIT=$?")
            let wide = try tmux.waitFor("the sample posts") { $0.contains("Ada Park") }
            #expect(wide.split(separator: "\n").contains { $0.hasSuffix("r reload · q quit") && $0.count == 99 })
            try tmux.resize(width: 50, height: 20)
            let narrow = try tmux.waitFor("the status line at the new width") { screen in
                screen.split(separator: "\n").contains { $0.hasSuffix("r reload · q quit") && $0.count == 49 }
            }
            #expect(narrow.contains("Ada Park"))
            let longest = narrow.split(separator: "\n").map(\.count).max() ?? 0
            #expect(longest <= 50)
            try tmux.press("q")
            try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }
        }

        @Test(arguments: ["q", "Escape", "C-c"])
        func quittingRestoresTheTerminal(key: String) throws {
            let tmux = try TmuxSession(width: 80, height: 24)
            try tmux.run("\(try binary()) --delay 5; echo EXIT=$?")
            try tmux.waitFor("the skeleton", colors: true) { Self.hasGreyBackground($0) }
            #expect(try tmux.paneVariable("alternate_on") == "1")
            try tmux.press(key)
            let expected = key == "C-c" ? "EXIT=130" : "EXIT=0"
            try tmux.waitFor("the exit code", timeout: .seconds(3)) { $0.contains(expected) }
            #expect(try tmux.paneVariable("alternate_on") == "0", "the alternate screen was left")
            #expect(try tmux.paneVariable("cursor_flag") == "1", "the cursor is visible")
            try tmux.run("stty -a | tr ' ' '\\n' | grep -xE -- '-?(echo|icanon)' | tr '\\n' ' '; echo STTY")
            let screen = try tmux.waitFor("stty's answer") { Self.sttyAnswer(in: $0) != nil }
            let modes = Set(Self.sttyAnswer(in: screen) ?? [])
            #expect(modes == ["echo", "icanon"], "echo and canonical mode are back on")
        }
    }

    /// The binary without a terminal: options, help and refusals.
    @Suite struct CommandLineEndToEndTests {
        private func run(_ arguments: [String], environment: [String: String] = ["TERM": "xterm-256color"]) throws -> (
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
            let result = try run(["--help"])
            #expect(result.status == 0)
            for text in ["Usage: shimmerfeed", "--delay", "--animation", "--fps", "q, Esc, Ctrl-C"] {
                #expect(result.output.contains(text))
            }
        }

        @Test func versionPrintsTheVersion() throws {
            let result = try run(["--version"])
            #expect(result.status == 0)
            #expect(result.output.hasPrefix("shimmerfeed "))
        }

        @Test func anUnknownOptionIsAUsageError() throws {
            let result = try run(["--frobnicate"])
            #expect(result.status == 2)
            #expect(result.error.contains("unknown option '--frobnicate'"))
            #expect(result.output.isEmpty)
        }

        @Test func outputThatIsNotATerminalIsRefusedWithoutEscapes() throws {
            let result = try run([])
            #expect(result.status == 2)
            #expect(result.error.contains("standard output is not a terminal"))
            #expect(!result.output.contains("\u{1B}"))
        }
    }
}
