import FeedCore
import FeedTerminal
import Foundation
import Testing

/// The colour ladder and the palette animation in a real terminal emulator.
extension EndToEndTests.ViewerEndToEndTests {

    /// A scratch folder of this test run; the caller removes it.
    private func scratch(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "shimmerfeed-e2e-\(getpid())-\(name)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// tmux's direct-colour entry as ncurses-term ships it (tmux 3.x understands the
    /// colon form of RGB colours). Compiled with tic into a private folder, so the test
    /// does not depend on the ncurses-term package.
    private static let tmuxDirect = """
        tmux-direct|tmux with direct colours (test fixture),
        \tcolors#0x1000000, pairs#0x10000, RGB,
        \tsetab=\\E[%?%p1%{8}%<%t4%p1%d%e48\\:2\\:\\:%p1%{65536}%/%d\\:%p1%{256}%/%{255}%&%d\\:%p1%{255}%&%d%;m,
        \tsetaf=\\E[%?%p1%{8}%<%t3%p1%d%e38\\:2\\:\\:%p1%{65536}%/%d\\:%p1%{256}%/%{255}%&%d\\:%p1%{255}%&%d%;m,
        \tuse=tmux-256color,

        """

    /// The red, green and blue of every direct-colour grey background on a screen.
    private static func rgbGreyBackgrounds(_ screen: String) -> [Int] {
        screen.matches(of: #/48;2;(\d+);(\d+);(\d+)m/#).compactMap { match in
            guard match.1 == match.2, match.2 == match.3 else { return nil }
            return Int(match.1)
        }
    }

    /// The column of the brightest grey-ramp background on each line of a capture
    /// (`capture-pane -e -N`), nil on lines without one.
    private static func brightestColumns(_ screen: String) -> [Int?] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var column = 0
            var background = -1
            var best: (column: Int, grey: Int)?
            var rest = Substring(line)
            while let character = rest.first {
                if character == "\u{1B}", let match = rest.prefixMatch(of: #/\x1B\[([0-9;]*)m/#) {
                    let parameters = match.1.split(separator: ";").map { Int($0) ?? 0 }
                    if parameters.isEmpty || parameters == [0] || parameters.last == 49 { background = -1 }
                    if let index = parameters.firstIndex(of: 48), index + 2 < parameters.count,
                        parameters[index + 1] == 5
                    {
                        background = parameters[index + 2]
                    }
                    rest = rest[match.range.upperBound...]
                    continue
                }
                if (232...255).contains(background), background > (best?.grey ?? -1) {
                    best = (column, background)
                }
                column += 1
                rest = rest.dropFirst()
            }
            return best?.column
        }
    }

    @Test func withXterm256ColorTheBandsGreysMoveAcrossTheScreen() throws {
        let tmux = try TmuxSession(width: 100, height: 30)
        // A slow band, so that two captures a moment apart catch it on its way.
        try tmux.run("TERM=xterm-256color \(try Binary.required()) --delay 20 --shimmer-speed 20; echo EXIT=$?")
        let first = try tmux.waitFor("the band on screen", colors: true) {
            (Self.brightestColumns($0).compactMap { $0 }.max() ?? 0) > 20
        }
        let before = Self.brightestColumns(first).compactMap { $0 }.max()!
        // On the widest bars the band's brightest cell moves right, cells at a time.
        try tmux.waitFor("the band to move right", colors: true) {
            (Self.brightestColumns($0).compactMap { $0 }.max() ?? 0) >= before + 3
        }
        try tmux.press("q")
        try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }
    }

    @Test func withColortermTruecolorTheBandIsASmoothRGBGradient() throws {
        let folder = try scratch("terminfo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("tmux-direct.src")
        try Self.tmuxDirect.write(to: source, atomically: true, encoding: .utf8)
        let tic = Process()
        tic.executableURL = URL(fileURLWithPath: "/usr/bin/tic")
        tic.arguments = ["-x", "-o", folder.appendingPathComponent("db").path, source.path]
        try tic.run()
        tic.waitUntilExit()
        try #require(tic.terminationStatus == 0, "tic could not compile the direct-colour fixture")

        let tmux = try TmuxSession(width: 100, height: 30)
        let database = folder.appendingPathComponent("db").path
        try tmux.run(
            "TERMINFO_DIRS=\(database): COLORTERM=truecolor \(try Binary.required()) --delay 5; echo EXIT=$?")
        let first = try tmux.waitFor("RGB grey skeleton cells", colors: true) {
            Set(Self.rgbGreyBackgrounds($0)).count >= 6
        }
        // The exact greys of the levels (COLORFGBG is unset: the middle ramp), not the
        // palette's nearest ones; the status bar's grey aside.
        let levels = Set((0...Shimmer.maxLevel).map { Int(TerminalBackground.unknown.skeletonGrey(level: $0) & 0xFF) })
        let statusBar = 0x30
        let greys = Set(Self.rgbGreyBackgrounds(first)).subtracting([statusBar])
        #expect(greys.isSubset(of: levels), "\(greys.sorted()) are the levels' greys")
        #expect(greys.count >= 5)
        #expect(!first.contains("48;5;"), "no palette colours on the direct-colour rung")
        try tmux.waitFor("the band to move", colors: true) { $0 != first && !Self.rgbGreyBackgrounds($0).isEmpty }
        try tmux.press("q")
        try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }
    }

    @Test func thePaletteAnimationRedefinesColoursAndPutsThemBackOnQuit() throws {
        let folder = try scratch("palette")
        defer { try? FileManager.default.removeItem(at: folder) }
        let record = folder.appendingPathComponent("pane.out")
        let tmux = try TmuxSession(width: 80, height: 24)
        try tmux.recordOutput(to: record.path)
        // xterm-256color says the terminal can redefine colours (ccc, initc); tmux can.
        try tmux.run("TERM=xterm-256color \(try Binary.required()) --palette --delay 30; echo EXIT=$?")
        let slots = try tmux.waitFor("skeleton cells in the reserved entries", colors: true) {
            $0.contains(#/48;5;(8[89]|9[0-3])m/#)
        }
        // The pulse changes the entries, not the cells: the screen stays the same.
        let clock = ContinuousClock()
        let start = clock.now
        while clock.now - start < .seconds(1) { usleep(50_000) }
        #expect(try tmux.capture(colors: true) == slots)
        try tmux.press("q")
        try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }

        let bytes = try String(decoding: Data(contentsOf: record), as: UTF8.self)
        let redefinitions = bytes.ranges(of: "\u{1B}]4;").map(\.lowerBound)
        #expect(redefinitions.count >= 6, "the entries were redefined as the pulse went")
        // Every redefinition comes before the reset that `q` sends (ncurses' orig_colors).
        let reset = try #require(bytes.range(of: "\u{1B}]104", options: .backwards)?.lowerBound)
        #expect(redefinitions.allSatisfy { $0 < reset })
        // And the first one comes before any cell is drawn in a reserved entry.
        let firstUse = try #require(bytes.firstRange(of: #/48;5;(8[89]|9[0-3])m/#)?.lowerBound)
        #expect(redefinitions.first! < firstUse)
    }
}
