import FeedNetwork
import Foundation
import NetworkRegistry
import TestSupport
import Testing

@testable import FeedServices

/// Signing in at the terminal, its lines typed into a pipe and its words kept: a prompt
/// the sign-in leaves open is ended before what follows, so the error starts its own line;
/// a line is read up to 4 KiB; a wait for the reader ends with a line typed, with the
/// browser's connection, or at its deadline.
@Suite struct TerminalConsoleTests {
    /// A pipe whose write end holds `typed` and is closed: what the reader typed, then the end.
    private func typed(_ text: String) throws -> Int32 {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(.EIO) }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        return ends[0]
    }

    @Test func aPromptLeftOpenIsEndedBeforeTheError() async throws {
        let input = try typed("")
        defer { close(input) }
        let (output, printed) = CommandOutput.kept()
        let folder = try ScratchFolder.make("console")
        defer { try? FileManager.default.removeItem(at: folder) }
        let commands = AccountCommands(
            networks: NetworkRegistry.networks, environment: ["XDG_CONFIG_HOME": folder.path],
            console: TerminalConsole(output: output, input: input), output: output)
        let status = try await onOwnThread { commands.login("bsky.social", network: nil) }
        #expect(status == 1)
        #expect(printed().out.hasSuffix("Handle (such as alice.bsky.social): \n"), "\(printed().out)")
        #expect(printed().error == "shimmerfeed: login: no handle given\n")
    }

    @Test func aLineIsReadUpToFourKibibytes() throws {
        let long = try typed(String(repeating: "a", count: 5000) + "\n")
        defer { close(long) }
        #expect(TerminalConsole.readLine(from: long, echo: true)?.count == TerminalConsole.longestLine)
        #expect(TerminalConsole.longestLine == 4096)
        let line = try typed("abcd-efgh-ijkl-mnop\nsecond\n")
        defer { close(line) }
        #expect(TerminalConsole.readLine(from: line, echo: false) == "abcd-efgh-ijkl-mnop")
        #expect(TerminalConsole.readLine(from: line, echo: false) == "second")
        #expect(TerminalConsole.readLine(from: line, echo: false) == nil, "the end")
    }

    @Test func aWaitEndsWithALineTheBrowsersConnectionOrItsDeadline() throws {
        let (output, _) = CommandOutput.kept()
        let code = try typed("the-code\n")
        defer { close(code) }
        var idle: [Int32] = [0, 0]
        #expect(pipe(&idle) == 0)
        defer { close(idle[0]); close(idle[1]) }
        let console = TerminalConsole(output: output, input: code)
        #expect(console.waitForLine(or: idle[0], until: .now + .seconds(5)) == .line("the-code"))
        // The browser's connection, as the listener's descriptor turns readable.
        _ = write(idle[1], "x", 1)
        let quiet = TerminalConsole(output: output, input: idle[0])
        #expect(quiet.waitForLine(or: idle[0], until: .now + .seconds(5)) == .readable)
        // Nothing at all: the deadline, kept (a wait polls at most a second at a time, and
        // never past it).
        var silent: [Int32] = [0, 0]
        #expect(pipe(&silent) == 0)
        defer { close(silent[0]); close(silent[1]) }
        let waiting = TerminalConsole(output: output, input: silent[0])
        let start = ContinuousClock.now
        #expect(waiting.waitForLine(or: silent[0], until: .now + .milliseconds(50)) == .timedOut)
        #expect(ContinuousClock.now - start < .milliseconds(900), "ended near its deadline, not a second on")
    }
}
