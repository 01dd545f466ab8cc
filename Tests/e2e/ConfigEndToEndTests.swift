import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// The configuration file on real runs: its settings and keys taking effect, and a bad
    /// line stopping the start with its file, line and status 2.
    @Suite(.serialized)
    struct ConfigEndToEndTests {
        /// A configuration folder holding `config` and a subscriptions file of the small feed.
        private static func folder(config: String) throws -> URL {
            let folder = try ScratchFolder.make("config-e2e")
            let mine = folder.appendingPathComponent("shimmerfeed")
            try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
            try config.write(to: mine.appendingPathComponent("config"), atomically: true, encoding: .utf8)
            let feed = FeedServer.fixtures.appendingPathComponent("small-feed.json").path
            try "\(feed)  My small feed\n".write(
                to: mine.appendingPathComponent("feeds"), atomically: true, encoding: .utf8)
            return folder
        }

        @Test func aRealConfigurationRebindsKeysAndSetsOptions() throws {
            let folder = try Self.folder(
                config: """
                    # keys for a reader who scrolls with x and quits with Q
                    bind x next
                    unbind j
                    bind Q quit
                    unbind q
                    animation none
                    mute "coffee first"
                    color author "#af5f00" bold
                    color handle cyan
                    """)
            defer { try? FileManager.default.removeItem(at: folder) }
            let tmux = try TmuxSession(width: 100, height: 30)
            try tmux.run("XDG_CONFIG_HOME='\(folder.path)' \(try Binary.required()); echo EXIT=$?")
            let first = try tmux.waitFor("the subscriptions' feed") {
                $0.contains("2 posts") && $0.contains("My small feed")
            }
            #expect(first.contains("1 muted (M)") && !first.contains("Ben Okafor"), "Ben's coffee post is muted")
            // The colours as configured, in the terminal: #af5f00 is 130 on the palette.
            let colours = try tmux.capture(colors: true)
            #expect(colours.contains("38;5;130mAda Park"), "the author's colour")
            #expect(colours.contains("36m@ada"), "the handle's")
            try tmux.press("j")
            try tmux.press("x")
            try tmux.waitFor("x moved to the second post, j did nothing") {
                ViewerEndToEndTests.selectedLine($0)?.contains("김민준") == true
            }
            try tmux.press("?")
            let help = try tmux.waitFor("the help") { $0.contains("Keys") && $0.contains("next, previous post") }
            #expect(help.contains("│ ↓ x  k ↑ "), "the overlay shows the keys as bound")
            #expect(help.contains("│ Esc Ctrl-C Q "), "a key bound by the file comes after the standard ones")
            try tmux.press("Escape")
            try tmux.waitFor("the help closed") { !$0.contains("next, previous post") }
            try tmux.press("q")
            Thread.sleep(forTimeInterval: 0.3)
            #expect(!(try tmux.capture()).contains("EXIT="), "q is unbound")
            try tmux.press("Q")
            try tmux.waitFor("the exit code") { $0.contains("EXIT=0") }
        }

        @Test func aBadLineStopsTheStartWithItsFileLineAndStatus2() throws {
            let folder = try Self.folder(config: "refresh 5m\n\nanimaton pulse\n")
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("shimmerfeed/config").path
            let environment = ["TERM": "xterm-256color", "XDG_CONFIG_HOME": folder.path]
            let result = try CommandLineEndToEndTests.run(["--dump"], environment: environment)
            #expect(result.status == 2)
            #expect(result.output.isEmpty, "nothing ran")
            #expect(
                result.error
                    == "shimmerfeed: \(path):3: unknown setting 'animaton'; did you mean 'animation'?\n")
            let missing = try CommandLineEndToEndTests.run(["--config", "/nonexistent/config", "--dump"])
            #expect(missing.status == 2)
            #expect(missing.error.contains("/nonexistent/config: no such configuration file"))
        }

        @Test func keysAndHelpListTheKeysAsBound() throws {
            let folder = try Self.folder(config: "bind x next\nunbind j\nbind f5 reload\n")
            defer { try? FileManager.default.removeItem(at: folder) }
            let config = folder.appendingPathComponent("shimmerfeed/config").path
            let keys = try CommandLineEndToEndTests.run(["keys", "--config", config])
            #expect(keys.status == 0)
            let lines = keys.output.split(separator: "\n")
            #expect(lines.contains("next            down x") && lines.contains("reload          r f5"))
            let help = try CommandLineEndToEndTests.run(
                ["--help"], environment: ["TERM": "xterm-256color", "XDG_CONFIG_HOME": folder.path])
            #expect(help.status == 0)
            #expect(help.output.contains("  ↓ x  k ↑ "))
            #expect(help.output.contains("  r F5 "))
        }
    }
}

extension EndToEndTests {
    /// Links in a real post: numbered when expanded, listed by `L`, copied to the clipboard
    /// with OSC 52, which tmux takes with `set-clipboard on`.
    @Suite(.serialized)
    struct LinksEndToEndTests {
        @Test func aPostsLinksAreNumberedListedAndCopied() throws {
            let fixture = Fixtures.url("mastodon-links.json").path
            let tmux = try TmuxSession(width: 100, height: 30)
            try tmux.setOption("set-clipboard", "on")
            try tmux.run("\(try Binary.required()) --animation none \(fixture); echo EXIT=$?")
            try tmux.waitFor("the statuses") { $0.contains("3 posts") }
            try tmux.press("j")
            try tmux.press("Enter")
            try tmux.waitFor("the link's number in the expanded post") {
                $0.contains("cran.r-project.org/package=fas…[1]")
            }
            try tmux.press("L")
            let list = try tmux.waitFor("the links") { $0.contains("Links · 2") }
            #expect(list.contains("https://cran.r-project.org/package=fastpng"))
            #expect(list.contains("the post itself"))
            try tmux.press("y")
            try tmux.waitFor("the copy said") { $0.contains("Copied https://cran.r-project.org/package=fastpng") }
            let deadline = Date().addingTimeInterval(5)
            while try tmux.pasteBuffer() != "https://cran.r-project.org/package=fastpng", Date() < deadline {
                Thread.sleep(forTimeInterval: 0.05)
            }
            #expect(try tmux.pasteBuffer() == "https://cran.r-project.org/package=fastpng", "tmux's buffer has it")
            try tmux.press("Escape")
            try tmux.waitFor("the timeline again") { !$0.contains("Links · 2") }
            try tmux.quit()
        }
    }
}
