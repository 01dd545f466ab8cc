import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// `R` and `c` in a real terminal, with a stand-in `$EDITOR` (a script that writes what a
    /// reader would), against the loopback server that answers as Mastodon does: the reply
    /// sent once with `in_reply_to_id`, and after a 502 once more with the same key; a post
    /// too long for the server reopened with its excess named; a failed post's draft kept.
    @Suite(.serialized)
    struct ComposeEndToEndTests {
        typealias Loopback = ActionsEndToEndTests

        /// A stand-in editor: keeps a copy of each file it is given (given-1.txt, …), then
        /// runs `body` with the file in $1.
        private func editor(in folder: URL, _ body: String) throws -> String {
            let path = folder.appendingPathComponent("editor").path
            let script = """
                #!/bin/sh
                n=$(ls '\(folder.path)'/given-*.txt 2>/dev/null | wc -l)
                cp "$1" '\(folder.path)'/given-$((n + 1)).txt
                \(body)
                """
            try script.write(toFile: path, atomically: true, encoding: .utf8)
            chmod(path, 0o755)
            return path
        }

        private func given(_ folder: URL, _ number: Int) throws -> String {
            try String(contentsOfFile: folder.appendingPathComponent("given-\(number).txt").path, encoding: .utf8)
        }

        private func drafts(_ folder: URL) -> [String] {
            (try? FileManager.default.contentsOfDirectory(
                atPath: folder.appendingPathComponent("state/shimmerfeed/drafts").path)) ?? []
        }

        private func start(_ folder: URL, _ server: FeedServer, editor: String, accessible: Bool = false) throws
            -> TmuxSession
        {
            let tmux = try TmuxSession(width: 100, height: 30)
            try Loopback.view(
                tmux, folder, server,
                environment: "EDITOR='\(editor)' XDG_STATE_HOME='\(folder.path)/state'"
                    + (accessible ? " SHIMMERFEED_ACCESSIBLE=1" : ""))
            try tmux.waitFor("the home timeline") { $0.contains("13 posts") && $0.contains("Toot!") }
            return tmux
        }

        @Test func aReplyGoesOnceWithItsStatusAndAfterA502OnceMoreWithTheSameKey() throws {
            let server = try FeedServer(tls: true)
            let folder = try Loopback.signedIn(server)
            defer { try? FileManager.default.removeItem(at: folder) }
            let editor = try editor(in: folder, "printf 'Thanks, this helps!\\n' >> \"$1\"")
            _ = try server.get("/mastodon-api/fail?status=502&times=1")
            let tmux = try start(folder, server, editor: editor)
            try tmux.press("j", "R")
            let screen = try tmux.waitFor("the reply posted") { $0.contains("Posted.") }
            // The editor was given the reply's file: its help, its headers, the mention.
            let file = try given(folder, 1)
            #expect(file.hasPrefix("# A reply to @admin.") && file.contains("\nVisibility: public\n"), "\(file)")
            #expect(file.hasSuffix("@admin "))
            // Two requests, one key: the 502, then the same post again.
            let posts = try Loopback.log(server).filter { $0.method == "POST" && $0.path == "/api/v1/statuses" }
            #expect(posts.count == 2, "\(posts)")
            #expect(posts.allSatisfy { $0.fields.contains("in_reply_to_id") && $0.rightToken })
            #expect(Set(posts.map(\.idempotencyKey)).count == 1 && posts[0].idempotencyKey?.count == 32)
            // The server's status at the top, saying whom it answers; no draft left.
            let top = screen.split(separator: "\n").prefix(2).joined(separator: "\n")
            #expect(top.contains("↳ @admin") && top.contains("@admin Thanks, this helps!"), "\(screen)")
            #expect(drafts(folder).isEmpty)
            try tmux.press("q")
        }

        /// Accessible: the editor has the terminal, and its cursor; back from it, the cursor is
        /// where the reader was, on the selected post.
        @Test func inAccessibleModeTheCursorComesBackFromTheEditorToTheSelection() throws {
            let server = try FeedServer(tls: true)
            let folder = try Loopback.signedIn(server)
            defer { try? FileManager.default.removeItem(at: folder) }
            // The editor adds a line to the reply and ends.
            let editor = try editor(in: folder, "printf 'Noted.\\n' >> \"$1\"")
            let tmux = try start(folder, server, editor: editor, accessible: true)
            try tmux.press("j")
            let before = try AccessibleEndToEndTests.cursorOnSelection(tmux, "the cursor on the second post")
            #expect(before.y > 0)
            try tmux.press("R")
            try tmux.waitFor("the reply posted") { $0.contains("Posted.") }
            let after = try AccessibleEndToEndTests.cursorOnSelection(tmux, "the cursor back on the selection")
            #expect(after.shown && after.x == 0)
            try tmux.press("q")
        }

        @Test func aPostTooLongForTheServerReopensTheEditorWithTheExcessNamed() throws {
            let server = try FeedServer(tls: true)
            let folder = try Loopback.signedIn(server)
            defer { try? FileManager.default.removeItem(at: folder) }
            // First 600 characters; told it is too long, a short text instead.
            let editor = try editor(
                in: folder,
                """
                if grep -q '^# Too long' "$1"; then
                  grep -v '^aaaa' "$1" > "$1.new"; mv "$1.new" "$1"; printf 'Short now.\\n' >> "$1"
                else
                  printf '%0600d\\n' 0 | tr 0 a >> "$1"
                fi
                """)
            let tmux = try start(folder, server, editor: editor)
            // The server's limit, learnt at start (the recorded instance says 500).
            try tmux.waitFor("the limit learnt") { _ in
                (try? Loopback.log(server).contains { $0.path == "/api/v2/instance" }) == true
            }
            try tmux.press("c")
            try tmux.waitFor("the post") { $0.contains("Posted.") }
            let second = try given(folder, 2)
            #expect(second.hasPrefix("# Too long: 100 characters over this server's 500."), "\(second)")
            let posts = try Loopback.log(server).filter { $0.method == "POST" && $0.path == "/api/v1/statuses" }
            #expect(posts.count == 1 && !posts[0].fields.contains("in_reply_to_id"))
            try tmux.waitFor("the short post at the top") {
                $0.split(separator: "\n").prefix(3).joined().contains("Short now.")
            }
            try tmux.press("q")
        }

        @Test func aPostTheServerRefusesKeepsItsDraftAndSaysWhere() throws {
            let server = try FeedServer(tls: true)
            let folder = try Loopback.signedIn(server)
            defer { try? FileManager.default.removeItem(at: folder) }
            let editor = try editor(in: folder, "printf 'Kept, whatever happens.\\n' >> \"$1\"")
            _ = try server.get("/mastodon-api/fail?status=422&times=1")
            let tmux = try start(folder, server, editor: editor)
            try tmux.press("c")
            let screen = try tmux.waitFor("the refusal") { $0.contains("Could not post: HTTP 422") }
            #expect(!screen.contains("sending…"), "the draft's row taken away")
            let kept = drafts(folder)
            #expect(kept.count == 1, "\(kept)")
            let text = try String(
                contentsOfFile: folder.appendingPathComponent("state/shimmerfeed/drafts/\(kept.first ?? "")").path,
                encoding: .utf8)
            #expect(text.contains("Kept, whatever happens."))
            #expect(
                try Loopback.log(server).filter { $0.path == "/api/v1/statuses" }.count == 1, "a 422 is not retried")
            // The help overlay has the whole message, with the draft's path.
            try tmux.press("?")
            try tmux.waitFor("the notice whole") { $0.contains("drafts/draft-") }
            try tmux.press("q", "q")
        }
    }
}
