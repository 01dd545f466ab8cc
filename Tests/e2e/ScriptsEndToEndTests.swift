import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// The commands for scripts, with no terminal: `reload` against the loopback server,
    /// then `unread` and `print` from the store; `print --json` read by Python's json;
    /// `export opml` imported by newsboat.
    @Suite(.serialized)
    struct ScriptsEndToEndTests {
        /// A configuration folder with a subscriptions file of `lines`, and a state folder.
        static func folders(_ lines: String) throws -> (URL, [String: String]) {
            let folder = try ScratchFolder.make("scripts-e2e")
            let config = folder.appendingPathComponent("config/shimmerfeed")
            try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
            try lines.write(to: config.appendingPathComponent("feeds"), atomically: true, encoding: .utf8)
            let environment = [
                "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
                "XDG_STATE_HOME": folder.appendingPathComponent("state").path, "HOME": folder.path,
            ]
            return (folder, environment)
        }

        private func run(_ arguments: [String], _ environment: [String: String]) throws -> (
            status: Int32, output: String, error: String
        ) {
            try CommandLineEndToEndTests.run(arguments, environment: environment)
        }

        @Test func reloadThenUnreadThenPrint() throws {
            let server = try FeedServer()
            let (folder, environment) = try Self.folders(
                """
                \(server.url("/rss"))  Liftoff
                \(server.url("/feed.json"))  Small
                \(server.url("/404"))  Missing
                """)
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect(try run(["unread"], environment).output == "0\n", "nothing kept yet")

            let reload = try run(["reload"], environment)
            #expect(reload.status == 1, "one source failed")
            #expect(reload.output.isEmpty)
            #expect(reload.error == "shimmerfeed: Missing: HTTP 404 Not Found from \(server.url("/404"))\n")
            let unread = try run(["unread"], environment)
            #expect(
                unread.status == 0 && unread.output == "8\n", "5 items of the RSS feed (one has nothing) and 3 posts")

            let lines = try run(["print"], environment).output.split(separator: "\n")
            #expect(lines.count == 8)
            #expect(lines.contains("2026-11-29T21:00:00Z\tSmall\tAda Park\tShipping the feed viewer\t"))

            // Python reads every line as JSON.
            let json = try run(["print", "--json"], environment).output
            let python = Process()
            python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            python.arguments = [
                "python3", "-c",
                """
                import json, sys
                posts = [json.loads(line) for line in sys.stdin]
                assert len(posts) == 8, len(posts)
                assert {p["source"] for p in posts} == {"Liftoff", "Small"}
                assert all(p["unread"] is True and p["text"] is not None for p in posts)
                star = next(p for p in posts if p["title"] == "Star City")
                print(star["link"], star["author"], star["time"])
                """,
            ]
            let input = Pipe()
            let output = Pipe()
            let problems = Pipe()
            python.standardInput = input
            python.standardOutput = output
            python.standardError = problems
            try python.run()
            input.fileHandleForWriting.write(Data(json.utf8))
            try input.fileHandleForWriting.close()
            let read = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let said = String(decoding: problems.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            python.waitUntilExit()
            #expect(python.terminationStatus == 0, "\(said)")
            #expect(
                read == "http://liftoff.msfc.nasa.gov/news/2003/news-starcity.asp Ellen Expert 2003-06-03T09:39:21Z\n")

            // The second reload: the same answers, nothing read yet, still 8.
            #expect(try run(["reload"], environment).status == 1)
            #expect(try run(["print", "--unread"], environment).output.split(separator: "\n").count == 8)

            // Read in the viewer (A, every post), offline: the store says so to the commands.
            let tmux = try TmuxSession(width: 100, height: 30)
            let variables = environment.map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
            try tmux.run("\(variables) \(try Binary.required()) --offline --animation none; echo EXIT=$?")
            try tmux.waitFor("the stored posts") { $0.contains("8 unread") }
            try tmux.press("A")
            try tmux.waitFor("every post read") { $0.contains("all read") }
            try tmux.quit()
            #expect(try run(["unread"], environment).output == "0\n")
            #expect(try run(["print", "--unread"], environment).output.isEmpty)
            #expect(try run(["print"], environment).output.split(separator: "\n").count == 8, "read, not gone")
        }

        /// A file among the subscriptions is reloaded like a feed; without a store, a command
        /// that reads it says so, by its name.
        @Test func aFileIsReloadedAndNoStoreIsSaid() throws {
            let feed = FeedServer.fixtures.appendingPathComponent("small-feed.json").path
            let (folder, environment) = try Self.folders("\(feed)  Local\n")
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect(try run(["reload"], environment).status == 0)
            #expect(try run(["unread"], environment).output == "3\n")
            let none = try run(["unread", "--no-store"], environment)
            #expect(none.status == 2 && none.error.hasPrefix("shimmerfeed: unread reads the store"), "\(none.error)")
        }

        @Test func anExportIsImportedByNewsboat() throws {
            let (folder, environment) = try Self.folders(
                """
                https://blog.example/feed.xml?a=1&b=2  The blog & co tag=tech/swift
                https://news.example/atom.xml tag="open source"
                https://plain.example/rss
                ~/local.json  Local
                search "swift"  Swift
                """)
            defer { try? FileManager.default.removeItem(at: folder) }
            let export = try run(["export", "opml"], environment)
            #expect(export.status == 0)
            #expect(export.error.contains("left out of the OPML: \(folder.path)/local.json (no web address)"))
            let opml = folder.appendingPathComponent("feeds.opml")
            try export.output.write(to: opml, atomically: true, encoding: .utf8)

            let newsboat = try #require(
                ["/usr/bin/newsboat", "/usr/local/bin/newsboat"].first { FileManager.default.fileExists(atPath: $0) },
                "newsboat is installed by .ci/system-packages test")
            let urls = folder.appendingPathComponent("urls")
            _ = FileManager.default.createFile(atPath: urls.path, contents: Data())
            let process = Process()
            process.executableURL = URL(fileURLWithPath: newsboat)
            process.arguments = ["-u", urls.path, "-i", opml.path]
            process.environment = ["HOME": folder.path, "TERM": "dumb"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            let imported = try String(contentsOf: urls, encoding: .utf8).split(separator: "\n").map { String($0) }
            // newsboat reads the folders back as tags, a folder in a folder as `tech/swift`.
            #expect(
                Set(imported) == [
                    #"https://blog.example/feed.xml?a=1&b=2 "tech/swift""#,
                    #"https://news.example/atom.xml "open source""#,
                    "https://plain.example/rss",
                ], "newsboat lists the same feeds with their tags: \(imported)")
        }
    }
}
