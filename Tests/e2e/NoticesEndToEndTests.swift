import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// Notices in tmux with `allow-passthrough` off, tmux's default, as most tmux users run
    /// it: the status line says what is happening whatever the viewer has to note, and the
    /// note on pictures is said only where there are pictures.
    @Suite(.serialized)
    struct NoticesEndToEndTests {
        static let note = "pictures in cells: tmux's allow-passthrough is off"

        /// The screen's last line: the status line.
        static func statusLine(_ screen: String) -> String {
            String(screen.split(separator: "\n", omittingEmptySubsequences: false).last { !$0.isEmpty } ?? "")
        }

        @Test func theSampleFeedSaysItIsLoadingThenCountsItsPostsAndNeverMentionsPictures() throws {
            let tmux = try TmuxSession(width: 80, height: 24)
            #expect(try tmux.tmuxVariables().contains("TMUX_PANE"))
            try tmux.run("\(try tmux.tmuxVariables()) \(try Binary.required()) --delay 2; echo EXIT=$?")
            let loading = try tmux.waitFor("the loading status") { Self.statusLine($0).contains("Loading…") }
            #expect(!loading.contains("passthrough"), Comment(rawValue: Self.statusLine(loading)))
            let loaded = try tmux.waitFor("the count") { Self.statusLine($0).contains("40 posts") }
            #expect(!loaded.contains("passthrough") && !loaded.contains("pictures in cells"))
            #expect(Self.statusLine(loaded).contains("? help"), "the hints, where no notice is")
            try tmux.quit()
        }

        @Test func aFeedWithPicturesSaysWhyTheyAreCellsBesideItsCount() throws {
            let server = try FeedServer()
            let tmux = try TmuxSession(width: 120, height: 30)
            try tmux.run(
                "\(try tmux.tmuxVariables()) \(try Binary.required()) '\(server.url("/pictures/timeline"))'; echo EXIT=$?"
            )
            let screen = try tmux.waitFor("the count and the note together") { screen in
                let line = Self.statusLine(screen)
                return line.contains("posts") && line.contains(Self.note)
            }
            let line = Self.statusLine(screen)
            let count = try #require(line.range(of: "posts"))
            let note = try #require(line.range(of: Self.note))
            #expect(count.upperBound < note.lowerBound, "the status first, the note beside it: \(line)")
            // Said once: a key ends it, and moving over the pictures again does not bring it back.
            try tmux.press("j")
            try tmux.waitFor("the note gone, the hints back") { screen in
                let line = Self.statusLine(screen)
                return !line.contains(Self.note) && line.contains("? help")
            }
            try tmux.press("k")
            let again = try tmux.waitFor("the first post again") {
                ViewerEndToEndTests.selectedLine($0)?.contains("Person 1") == true
            }
            #expect(!again.contains(Self.note))
            try tmux.quit()
        }

        @Test func aFeedThatFailsShowsItsErrorNotTheNote() throws {
            let server = try FeedServer()
            let tmux = try TmuxSession(width: 100, height: 24)
            try tmux.run("\(try tmux.tmuxVariables()) \(try Binary.required()) \(server.url("/404")); echo EXIT=$?")
            let screen = try tmux.waitFor("the error") { Self.statusLine($0).contains("Error: HTTP 404 Not Found") }
            #expect(!screen.contains("passthrough"))
            try tmux.quit()
        }
    }
}
