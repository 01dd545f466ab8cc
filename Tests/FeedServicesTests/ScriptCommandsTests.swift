import FeedCommandLine
import FeedCore
import FeedServices
import Foundation
import NetworkRegistry
import TestSupport
import Testing

/// The commands for scripts and status bars (shimmerfeed(1), COMMANDS), their output kept: `reload` keeps every feed in the store and says each failure,
/// exiting 1 if any failed, 2 without a store; `unread` counts the unread posts, muted ones
/// left out; `print` writes the stored timeline newest first, `--unread` the unread alone,
/// labelled paragraphs in accessible mode; `export opml` the web feeds. The feeds come from
/// the loopback feed server and a file.
@Suite(.serialized) struct ScriptCommandsTests {
    let server: FeedServer
    let folder: SettingsTests.Folder

    init() throws {
        server = try FeedServer()
        folder = try SettingsTests.Folder()
        try """
        \(server.url("/feed.json").absoluteString)  Small
        \(server.url("/404").absoluteString)  Missing
        \(folder.path("a.json"))  Local
        """.write(to: folder.settings.appendingPathComponent("feeds"), atomically: true, encoding: .utf8)
    }

    /// The command of `arguments`, run as `main` runs it: its exit status and output.
    private func command(_ arguments: [String], environment: [String: String] = [:]) async throws -> (
        status: Int32, out: String, error: String
    ) {
        let run = try folder.run(arguments, environment: environment)
        guard case .script(let command) = run.options.action else {
            Issue.record("\(arguments) is no command for scripts")
            return (-1, "", "")
        }
        let (output, printed) = CommandOutput.kept()
        let status = try await onOwnThread { ScriptCommands(run: run, output: output).run(command) }
        return (status, printed().out, printed().error)
    }

    @Test func reloadKeepsEveryFeedAndSaysEachFailureOnALineOfItsOwn() async throws {
        let reload = try await command(["reload"])
        #expect(reload.status == 1, "a source failed")
        #expect(reload.out.isEmpty)
        #expect(
            reload.error
                == "shimmerfeed: Missing: HTTP 404 Not Found from \(server.url("/404").absoluteString)\n",
            "\(reload.error)")
        // What it kept: the small feed's three posts and the file's one, all unread.
        #expect(try await command(["unread"]).out == "4\n")
    }

    @Test func reloadOfFeedsThatAllAnswerExitsZeroAndWithoutAStoreTwo() async throws {
        let ok = try await command(["reload", server.url("/feed.json").absoluteString])
        #expect(ok.status == 0 && ok.error.isEmpty)
        let storeless = try await command(["reload", "--no-store"])
        #expect(storeless.status == 2)
        #expect(storeless.error.hasPrefix("shimmerfeed: reload keeps what it loads in the store, and there is none"))
    }

    /// Without a store, what reads it says so by its own name, and exits 2.
    @Test func aCommandThatReadsTheStoreNamesItselfWhenThereIsNone() async throws {
        for name in ["unread", "print"] {
            let storeless = try await command([name, "--no-store"])
            #expect(storeless.status == 2 && storeless.out.isEmpty)
            #expect(
                storeless.error == "shimmerfeed: \(name) reads the store, and there is none (--no-store)\n",
                "\(storeless.error)")
        }
    }

    @Test func unreadLeavesOutWhatIsReadAndWhatIsMuted() async throws {
        _ = try await command(["reload"])
        let run = try folder.run([])
        let store = try #require(run.store.store)
        let key = server.url("/feed.json").absoluteString
        try store.saveMarks(read: [(source: key, post: .string("b-2"), readAt: Date())], liked: [])
        #expect(try await command(["unread"]).out == "3\n")
        try "mute coffee\n".write(
            to: folder.settings.appendingPathComponent("config"), atomically: true, encoding: .utf8)
        #expect(try await command(["unread"]).out == "2\n", "Ben's coffee muted")
        let unread = try await command(["print", "--unread"]).out.split(separator: "\n")
        #expect(unread.count == 2)
        #expect(unread.allSatisfy { !$0.contains("Coffee") && !$0.contains("김민준") })
    }

    @Test func printWritesTheStoredTimelineNewestFirstALineAPost() async throws {
        _ = try await command(["reload"])
        let lines = try await command(["print"]).out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "" && lines.count == 5, "four posts, each its line")
        let fields = lines[0].split(separator: "\t", omittingEmptySubsequences: false)
        #expect(fields.count == 5, "time, source, author, title, link")
        #expect(fields[0] == "2026-11-29T23:10:00Z" && fields[1] == "Small" && fields[2] == "Ben Okafor")
        #expect(fields[3] == "Short")
        let json = try await command(["print", "--json"]).out.split(separator: "\n")
        #expect(json.count == 4)
        let first = try #require(
            JSONSerialization.jsonObject(with: Data(json[0].utf8)) as? [String: Any])
        #expect(
            Set(first.keys)
                == [
                    "id", "time", "source", "author", "handle", "title", "text", "link", "unread", "likes", "links",
                    "network",
                ])
        #expect(first["network"] is NSNull, "a web feed's post")
    }

    @Test func accessibleModePrintsLabelledParagraphs() async throws {
        _ = try await command(["reload"])
        let paragraphs = try await command(["print"], environment: ["SHIMMERFEED_ACCESSIBLE": "1"]).out
        let posts = paragraphs.components(separatedBy: "\n\n")
        #expect(posts.count == 4, "a blank line between posts")
        #expect(posts[0].hasPrefix("Source: Small\n"), "\(posts[0])")
        #expect(posts[0].contains("\nAuthor: Ben Okafor\n") && posts[0].contains("\nTitle: Short\n"))
        #expect(
            try await command(["print", "--json"], environment: ["SHIMMERFEED_ACCESSIBLE": "1"]).out.hasPrefix("{"))
    }

    @Test func exportOPMLWritesTheWebFeedsAndNamesWhatItLeavesOut() async throws {
        let export = try await command(["export", "opml"])
        #expect(export.status == 0)
        #expect(export.out.contains(#"xmlUrl="\#(server.url("/feed.json").absoluteString)""#))
        #expect(export.out.contains(#"title="Missing""#))
        #expect(!export.out.contains("a.json"))
        #expect(export.error == "shimmerfeed: left out of the OPML: \(folder.path("a.json")) (no web address)\n")
    }
}
