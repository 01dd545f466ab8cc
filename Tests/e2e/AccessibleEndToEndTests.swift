import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// `--accessible` in a real terminal: tmux's own cursor follows the reader (`j`, `k`,
    /// paging, search, help), a load writes a status line where the band writes its frames,
    /// a refresh under a scrolled view changes the status line alone, and the posts read
    /// as labelled paragraphs in `print` and in the pager.
    @Suite(.serialized)
    struct AccessibleEndToEndTests {
        /// Where tmux says the cursor is, and whether it shows.
        struct Cursor: Equatable, CustomStringConvertible {
            var shown: Bool
            var x: Int
            var y: Int
            var description: String { "\(shown ? "shown" : "hidden") at x \(x), y \(y)" }
        }

        static func cursor(_ tmux: TmuxSession) throws -> Cursor {
            Cursor(
                shown: try tmux.paneVariable("cursor_flag") == "1", x: Int(try tmux.paneVariable("cursor_x")) ?? -1,
                y: Int(try tmux.paneVariable("cursor_y")) ?? -1)
        }

        /// Waits until the cursor shows at the first line of the selection bar, and returns it.
        @discardableResult
        static func cursorOnSelection(_ tmux: TmuxSession, _ what: String) throws -> Cursor {
            var seen = Cursor(shown: false, x: -1, y: -1)
            try tmux.waitFor(what) { screen in
                guard let cursor = try? Self.cursor(tmux) else { return false }
                seen = cursor
                let bar = screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                    $0.hasPrefix("▌")
                }
                return cursor.shown && cursor.x == 0 && bar == cursor.y
            }
            return seen
        }

        @Test func theCursorFollowsTheReader() throws {
            let tmux = try TmuxSession(width: 80, height: 24)
            try tmux.run("\(try Binary.required()) --accessible --no-store --delay 0; echo EXIT=$?")
            try tmux.waitFor("the sample feed") { $0.contains("40 posts") }
            var path: [String] = []
            func note(_ step: String, _ cursor: Cursor) { path.append("\(step): \(cursor)") }
            var cursor = try Self.cursorOnSelection(tmux, "the cursor on the first post")
            #expect(cursor.y == 0)
            note("loaded", cursor)
            var lines: [Int] = [cursor.y]
            for key in ["j", "j", "k", "Space", "b"] {
                try tmux.press(key)
                let before = lines.last!
                cursor = try Self.cursorOnSelection(tmux, "the cursor after \(key)")
                note(key, cursor)
                lines.append(cursor.y)
                if key == "j" { #expect(cursor.y > before, "\(path)") }
                if key == "k" { #expect(cursor.y < before, "\(path)") }
            }
            // Back where `k` left it after a page down and up: the page moved under it.
            #expect(lines[1] > 0 && lines[3] == lines[1], "\(path)")
            // Search: on the search text, where the next letter goes.
            try tmux.press("/")
            try tmux.press("-l", "ada")
            try tmux.waitFor("the search typed") { $0.contains("/ada") }
            try tmux.waitFor("the cursor after the search text") { _ in
                (try? Self.cursor(tmux)) == Cursor(shown: true, x: 5, y: 23)
            }
            note("/ada", try Self.cursor(tmux))
            try tmux.press("Escape")
            try tmux.waitFor("the search gone") { !$0.contains("/ada") }
            cursor = try Self.cursorOnSelection(tmux, "the cursor back on the selection")
            note("Esc", cursor)
            // Help: on its first line, the title's first letter.
            try tmux.press("?")
            let help = try tmux.waitFor("the help") { $0.contains("┌─ Keys") }
            let row = try #require(help.split(separator: "\n").firstIndex { $0.contains("┌─ Keys") })
            let line = help.split(separator: "\n")[row]
            let column = line.distance(from: line.startIndex, to: line.firstRange(of: "Keys")!.lowerBound)
            try tmux.waitFor("the cursor on the help's first line") { _ in
                (try? Self.cursor(tmux)) == Cursor(shown: true, x: column, y: row)
            }
            note("?", try Self.cursor(tmux))
            try tmux.press("x")
            note("any key", try Self.cursorOnSelection(tmux, "the help closed"))
            print("the cursor, frame by frame:\n" + path.joined(separator: "\n"))
            try tmux.quit()
        }

        /// The bytes written in the first `seconds` of a run of `arguments` (in tmux, by
        /// pipe-pane), and the status lines seen meanwhile, each once.
        private func bytesWritten(_ arguments: String, for seconds: Int, note: String) throws -> (
            bytes: Data, statusLines: [String]
        ) {
            let folder = try ScratchFolder.make("accessible-bytes")
            defer { try? FileManager.default.removeItem(at: folder) }
            let record = folder.appendingPathComponent("pane.out")
            let tmux = try TmuxSession(width: 80, height: 24)
            try tmux.recordOutput(to: record.path)
            try tmux.run("\(try Binary.required()) --no-store \(arguments); echo EXIT=$?")
            try tmux.waitFor(note) { $0.contains(note) }
            // A measurement over a span of time: the span is waited, the screen read meanwhile.
            let clock = ContinuousClock()
            let start = clock.now
            var statusLines: [String] = []
            while clock.now - start < .seconds(seconds) {
                let status = String(try tmux.capture().split(separator: "\n").last ?? "")
                if statusLines.last != status { statusLines.append(status) }
                usleep(50_000)
            }
            let bytes = try Data(contentsOf: record)
            try tmux.press("q")
            try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }
            return (bytes, statusLines)
        }

        @Test func aSlowLoadWritesAFewStatusLinesWhereTheBandWritesItsFrames() throws {
            let server = try FeedServer()
            // Twelve slow sources: eight dead feeds slow to say so, one a second from 1 s
            // on, and four feeds that answer after 10 s.
            let dead = (1...8).map { server.url("/404?after_ms=\($0 * 1000)").absoluteString }
            let slow = (0..<4).map { server.url("/bench-feed?source=\($0)&delay=10000").absoluteString }
            let sources = (dead + slow).map { "'\($0)'" }.joined(separator: " ")
            let (accessible, said) = try bytesWritten("--accessible \(sources)", for: 9, note: "Loading 12 of 12")
            let (band, _) = try bytesWritten("--animation slide \(sources)", for: 9, note: "12 sources loading")
            print(
                "9 s of a load of 12 slow sources: accessible \(accessible.count) bytes, \(said.count) status lines "
                    + "\(said.map { $0.prefix(26) }); the band \(band.count) bytes")
            // The count as it went down, at most once a second: 12, then 11 to 4 as the dead
            // feeds failed; the slow feeds still loading.
            #expect(said.count >= 6 && said.count <= 9, "\(said)")
            #expect(said.allSatisfy { $0.hasPrefix(" Loading ") && !$0.contains("Loading 3 of") }, "\(said)")
            #expect(accessible.count < 8 * 1024, "\(accessible.count) bytes")
            #expect(band.count > 20 * accessible.count, "the band: \(band.count) bytes")
        }

        @Test func aRefreshUnderAScrolledViewChangesTheStatusLineOnly() throws {
            let server = try FeedServer()
            let key = "accessible-\(UInt32.random(in: 0...UInt32.max))"
            let tmux = try TmuxSession(width: 80, height: 24)
            try tmux.run(
                "\(try Binary.required()) --accessible --no-store --refresh 10s "
                    + "'\(server.url("/growing?key=\(key)&base=30"))'; echo EXIT=$?")
            try tmux.waitFor("the first answer") { $0.contains("31 posts") }
            try tmux.press("G")
            try tmux.waitFor("the last post") { $0.contains("Post g1\n") || $0.contains("Post g1 ") }
            let cursor = try Self.cursorOnSelection(tmux, "the cursor on the last post")
            let before = try tmux.capture()
            #expect(before.contains("31 posts"), "taken before the refresh (10 s on)")
            let after = try tmux.waitFor("the refresh's new post", timeout: .seconds(20)) { $0.contains("32 posts") }
            let old = before.split(separator: "\n", omittingEmptySubsequences: false)
            let new = after.split(separator: "\n", omittingEmptySubsequences: false)
            let changed = old.indices.filter { !new.indices.contains($0) || old[$0] != new[$0] }
            #expect(changed == [23], "changed lines \(changed):\n\(before)\n---\n\(after)")
            #expect(new[23].contains("1 new above"), "\(new[23])")
            #expect(try Self.cursor(tmux) == cursor)
            try tmux.quit()
        }

        @Test func printListsEveryPostWithItsLabelsAndThePagerShowsOne() throws {
            let server = try FeedServer()
            let (folder, environment) = try ScriptsEndToEndTests.folders(
                "\(server.url("/rss"))  Liftoff\n\(server.url("/feed.json"))  Small\n")
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect(try CommandLineEndToEndTests.run(["reload"], environment: environment).status == 0)
            // Accessible, print writes paragraphs: one a post, every field labelled.
            var accessible = environment
            accessible["SHIMMERFEED_ACCESSIBLE"] = "1"
            let printed = try CommandLineEndToEndTests.run(["print"], environment: accessible)
            #expect(printed.status == 0, "\(printed.error)")
            let paragraphs = printed.output.components(separatedBy: "\n\n")
            #expect(paragraphs.count == 8, "\(printed.output)")
            for paragraph in paragraphs {
                let labels = paragraph.split(separator: "\n").compactMap { line in
                    line.hasPrefix("  ") ? nil : line.split(separator: ":").first.map(String.init)
                }
                for label in ["Source", "Author", "Unread"] {
                    #expect(labels.contains(label), "\(label) in:\n\(paragraph)")
                }
                // An RSS item may have a title and no text, or a text and no title.
                #expect(labels.contains("Text") || labels.contains("Title"), "\(paragraph)")
                #expect(labels.allSatisfy { !$0.isEmpty && $0.first!.isUppercase }, "\(paragraph)")
            }
            #expect(printed.output.contains("Source: Liftoff\nAuthor: Ellen Expert\nTime: 2003-06-03 09:39 UTC\n"))
            #expect(
                try CommandLineEndToEndTests.run(["print", "--paragraphs"], environment: environment).output
                    == printed.output)

            // `|` in the viewer: the selected post, as print writes it, to $PAGER.
            let paged = folder.appendingPathComponent("paged.txt")
            let tmux = try TmuxSession(width: 100, height: 30)
            let variables = accessible.map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
            try tmux.run(
                "\(variables) PAGER='cat > \(paged.path)' \(try Binary.required()) --offline; echo EXIT=$?")
            try tmux.waitFor("the stored posts") { $0.contains("8 posts") }
            try tmux.press("|")
            try tmux.waitFor("the pager's text", timeout: .seconds(10)) { _ in
                FileManager.default.fileExists(atPath: paged.path)
                    && ((try? String(contentsOf: paged, encoding: .utf8)) ?? "").hasSuffix("\n")
            }
            try Self.cursorOnSelection(tmux, "the screen back, the cursor on the selection")
            let text = try String(contentsOf: paged, encoding: .utf8)
            #expect(paragraphs.contains { $0 + "\n" == text || $0 == text }, "\(text)")
            try tmux.quit()
        }
    }
}
