import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// A terminal that never answers a status report (nor the background query) gets its
    /// frames at once: pacing starts only with a first answer. The terminal is a bare
    /// pseudo-terminal (Tools/silent_terminal.py), since tmux answers every query.
    @Suite(.serialized)
    struct SilentTerminalEndToEndTests {
        struct Run: Decodable {
            var firstByteMs: Double?
            var foundMs: Double?
            var statusRequests: Int
            var exitCode: Int?
        }

        /// The binary on a silent pseudo-terminal, until `needle` shows.
        static func run(_ arguments: [String], until needle: String) throws -> Run {
            let binary = try #require(Binary.path, "the shimmerfeed binary was not found beside the tests")
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Tools/silent_terminal.py").path
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script, needle, binary] + arguments
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            return try decoder.decode(Run.self, from: data)
        }

        @Test func aLocalFeedsRowsComeWithin200Milliseconds() throws {
            let fixture = FeedServer.fixtures.appendingPathComponent("small-feed.json").path
            let run = try Self.run([fixture], until: "Ada Park")
            let shown = try #require(run.foundMs, "the rows never showed")
            // Before pacing waited for answers that never came: 1.1 to 1.6 s.
            #expect(shown < 200, "the rows came \(shown) ms after start")
            // It asked once, heard nothing, and drew anyway.
            #expect(run.statusRequests == 1)
            #expect(run.exitCode == 0)
        }
    }
}
