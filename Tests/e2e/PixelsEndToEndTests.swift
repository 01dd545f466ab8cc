import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// Pictures the terminal draws itself, in the binary in tmux: kitty's placeholders in
    /// the pictures' cells and each picture sent once (read from tmux's pipe of the
    /// output), and a terminal that answers only for itself getting cells.
    @Suite(.serialized)
    struct PixelsEndToEndTests {
        static let placeholder: Unicode.Scalar = "\u{10EEEE}"
        /// The row and column marks of the first placeholders (kitty's table).
        static let marks: [UInt32] = [0x0305, 0x030D, 0x030E, 0x0310]

        /// The clusters of a captured line: a placeholder with its marks is one.
        static func cells(_ line: Substring) -> [Character] { Array(line) }

        /// Each transmitted picture's id, as many times as it was sent.
        static func transmissions(_ output: String) -> [String] {
            output.matches(of: #/a=T,U=1,f=\d+,(?:o=z,)?s=\d+,v=\d+,i=(\d+),/#).map { String($0.1) }
        }

        @Test func kittyPlaceholdersFillThePicturesCellsAndEachPictureIsSentOnce() throws {
            let server = try FeedServer()
            let tmux = try TmuxSession(width: 80, height: 16)
            try tmux.setOption("allow-passthrough", "on")
            let folder = try ScratchFolder.make("shimmerfeed-e2e-kitty")
            defer { try? FileManager.default.removeItem(at: folder) }
            let output = folder.appendingPathComponent("output").path
            try tmux.recordOutput(to: output)
            try tmux.run(
                "\(try tmux.tmuxVariables()) \(try Binary.required()) --images kitty "
                    + "'\(server.url("/pictures/timeline"))'; echo EXIT=$?")
            let screen = try tmux.waitFor("the first post's avatar and picture as placeholders") { screen in
                let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
                guard let post = lines.firstIndex(where: { $0.contains("Post 1 of the picture timeline") }) else {
                    return false
                }
                return lines[post + 1].unicodeScalars.contains(Self.placeholder)
            }
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            let name = try #require(lines.firstIndex { $0.contains("Person 1") })
            // The avatar: columns 1–4 of the post's two lines, rows 0 and 1, columns 0–3.
            for row in 0..<2 {
                let cells = Self.cells(lines[name + row])
                for column in 0..<4 {
                    let scalars = cells[1 + column].unicodeScalars.map(\.value)
                    #expect(scalars.first == Self.placeholder.value && scalars.count == 4, "\(scalars)")
                    #expect(scalars.dropFirst().prefix(2) == [Self.marks[row], Self.marks[column]][...])
                }
            }
            // The picture: 14 × 4 cells from column 7 under the text, row marks 0 to 3.
            for row in 0..<4 {
                let cells = Self.cells(lines[name + 2 + row])
                #expect(cells[1..<7].allSatisfy { $0 == " " })
                #expect(cells[7..<21].allSatisfy { $0.unicodeScalars.first == Self.placeholder })
                #expect(cells[7].unicodeScalars.dropFirst().first?.value == Self.marks[row])
                #expect(cells.count == 21 || cells[21] == " ")
            }
            // Down past the last post and back up: every picture comes and goes on screen.
            try tmux.press(contentsOf: Array(repeating: "j", count: 5))
            try tmux.waitFor("the last post selected", colors: true) { screen in
                screen.split(separator: "\n").contains { $0.contains("Person 4") && $0.contains("▌") }
            }
            try tmux.press(contentsOf: Array(repeating: "k", count: 5))
            try tmux.waitFor("the first post again") { $0.split(separator: "\n").first?.contains("Person 1") == true }
            try tmux.quit()
            let recorded = try String(contentsOfFile: output, encoding: .utf8)
            let sent = Self.transmissions(recorded)
            // Four avatars and two pictures (the third is missing), each sent once.
            #expect(sent.count == 6 && Set(sent).count == 6, "\(sent)")
            // Through tmux's passthrough, every escape doubled; and let go of on the way out.
            #expect(recorded.contains("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T,U=1,"))
            for id in Set(sent) { #expect(recorded.contains("a=d,d=I,i=\(id),q=2")) }
        }

        @Test func aTerminalThatAnswersOnlyForItselfGetsCellsAndNoAnswerIsAKey() throws {
            let server = try FeedServer()
            let tmux = try TmuxSession(width: 80, height: 30)
            let folder = try ScratchFolder.make("shimmerfeed-e2e-da1")
            defer { try? FileManager.default.removeItem(at: folder) }
            let output = folder.appendingPathComponent("output").path
            try tmux.recordOutput(to: output)
            // tmux without a client and without passthrough: it answers DA1 (`?1;2c`) and
            // XTVERSION itself, and nothing of the kitty query, the colour or the cell size.
            try tmux.run(
                "\(try tmux.tmuxVariables()) \(try Binary.required()) '\(server.url("/pictures/timeline"))'; echo EXIT=$?"
            )
            let screen = try tmux.waitFor("the pictures in cells", colors: true) { screen in
                screen.contains("48;5;208m") && screen.contains("48;5;37m")
            }
            #expect(!screen.unicodeScalars.contains(Self.placeholder))
            // Said once, beside the status (cut short at 80 columns; `?` has it whole).
            #expect(screen.contains("4 posts") && screen.contains("pictures in cells: tmux's allow-passth"))
            // "?" of the answer would open the help, "c"… nothing here took them for keys.
            let text = try tmux.capture()
            #expect(text.contains("Person 1") && !text.contains("Keys"))
            try tmux.quit()
            let recorded = try String(contentsOfFile: output, encoding: .utf8)
            #expect(Self.transmissions(recorded).isEmpty)
            #expect(!recorded.contains("\u{1B}_G"), "no kitty query where tmux would take it for a title")
        }
    }
}
