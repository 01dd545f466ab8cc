import FeedTerminal
import Foundation
import Synchronization
import TestSupport
import Testing

/// A real terminal emulator for tests: tmux on a private socket, driven with send-keys
/// and read with capture-pane. Every wait polls with a deadline; none sleeps blindly.
final class TmuxSession {
    let socket: String
    /// The server's socket file, which tmux leaves behind when its server is killed.
    private var socketPath: String?
    /// The session's own `XDG_STATE_HOME`: each starts with an empty store, as a first run
    /// does, and the folder goes with the session.
    let stateFolder: String
    private(set) var width: Int
    private(set) var height: Int

    private static let counter = Atomic<Int>(0)

    /// Starts a shell in a detached session of the given size. Without tmux this fails,
    /// saying so: the third tier is skipped only on purpose (`SKIP_E2E=1 make test`).
    init(width: Int = 80, height: Int = 24) throws {
        guard Self.tmuxPath != nil else { throw TmuxMissing() }
        // The test run's id first, so that its leftovers check knows its own.
        socket = "shimmerfeed-e2e-\(TestRun.id)-\(getpid())-\(Self.counter.add(1, ordering: .relaxed).newValue)"
        self.width = width
        self.height = height
        stateFolder = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-state").path
        try FileManager.default.createDirectory(atPath: stateFolder, withIntermediateDirectories: true)
        // The server this starts outlives the command: it must not inherit an output
        // pipe, or reading that pipe to its end would wait for the server to exit.
        try tmuxStartingServer(
            "-f", "/dev/null", "new-session", "-d", "-s", "main", "-x", String(width), "-y", String(height),
            "env", "-i", "PATH=/usr/bin:/bin", "HOME=/tmp", "TERM=tmux-256color", "PS1=$ ", "LANG=C.UTF-8",
            "XDG_STATE_HOME=\(stateFolder)", "XDG_CACHE_HOME=\(stateFolder)/cache", "sh")
        socketPath = try tmux("display-message", "-p", "#{socket_path}").trimmingCharacters(in: .whitespacesAndNewlines)
        try tmux("set-option", "-g", "window-size", "manual")
        try waitFor("the shell prompt") { $0.contains("$") }
    }

    deinit {
        _ = try? tmux("kill-server")
        // A killed server's socket stays: it goes with the session too.
        if let socketPath, !socketPath.isEmpty { unlink(socketPath) }
        try? FileManager.default.removeItem(atPath: stateFolder)
    }

    /// Types a command line into the shell and presses Enter.
    func run(_ commandLine: String) throws {
        try tmux("send-keys", "-t", "main", "-l", commandLine)
        try tmux("send-keys", "-t", "main", "Enter")
    }

    /// Sends keys by tmux name ("r", "Escape", "C-c").
    func press(_ keys: String...) throws {
        try press(contentsOf: keys)
    }

    func press(contentsOf keys: [String]) throws {
        try tmux(["send-keys", "-t", "main"] + keys)
    }

    /// The screen as text; with `colors`, including escape sequences for attributes.
    func capture(colors: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-t", "main"] + (colors ? ["-e", "-N"] : []))
    }

    func resize(width: Int, height: Int) throws {
        try tmux("resize-window", "-t", "main", "-x", String(width), "-y", String(height))
        self.width = width
        self.height = height
    }

    /// The process ids of the pane shell's children (the program it runs).
    func programPID() throws -> Int32? {
        let shell = try paneVariable("pane_pid")
        let output = try Self.run("/usr/bin/pgrep", ["-P", shell])
        return output.split(separator: "\n").first.flatMap { Int32($0) }
    }

    /// `kill -9` of the pane's own process (a program started with `exec`), and waits
    /// until it is gone.
    func killProgram(timeout: Duration = .seconds(10)) throws {
        guard let pid = Int32(try paneVariable("pane_pid")) else { return }
        kill(pid, SIGKILL)
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline, kill(pid, 0) == 0 { usleep(10_000) }
    }

    /// Waits for the pane's shell to start its program, and returns its id.
    func waitForProgram(timeout: Duration = .seconds(10)) throws -> Int32? {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if let pid = try programPID() { return pid }
            usleep(20_000)
        }
        return nil
    }

    private static func run(_ path: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Copies everything programs write to the pane into `path` from now on (pipe-pane):
    /// the raw bytes, escape sequences and all, for what a screen capture cannot show.
    func recordOutput(to path: String) throws {
        try tmux("pipe-pane", "-t", "main", "cat > '\(path)'")
    }

    /// Sets a tmux option for every pane, as a user's configuration would.
    func setOption(_ name: String, _ value: String) throws {
        try tmux("set-option", "-g", name, value)
    }

    /// `TMUX=… TMUX_PANE=…` as tmux sets them for its panes (the session's shell starts
    /// with none): what a program reads to know it runs in tmux.
    func tmuxVariables() throws -> String {
        let fields = try tmux("display-message", "-p", "-t", "main", "#{socket_path},#{pid},0 #{pane_id}")
            .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
        return "TMUX='\(fields[0])' TMUX_PANE='\(fields[1])'"
    }

    /// The newest paste buffer: what a program put on the clipboard (OSC 52, with
    /// `set-clipboard on`); empty when there is none.
    func pasteBuffer() throws -> String {
        (try? tmux("show-buffer")) ?? ""
    }

    /// Sets the pane's title, as a program could with an escape sequence.
    func paneTitle(_ title: String) throws {
        try tmux("select-pane", "-t", "main", "-T", title)
    }

    /// A tmux format variable of the pane, such as `alternate_on` or `cursor_flag`.
    func paneVariable(_ name: String) throws -> String {
        try tmux("display-message", "-p", "-t", "main", "#{\(name)}").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Quits the viewer with `q`, waits for its exit code 0 (the command line ends with
    /// `; echo EXIT=$?`), and checks that the terminal is restored.
    func quit(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try press("q")
        try waitFor("the exit code", sourceLocation: sourceLocation) { $0.contains("EXIT=0") }
        try expectRestored(sourceLocation: sourceLocation)
    }

    /// Checks that the pane is back at its shell with the terminal as it was.
    func expectRestored(sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try paneVariable("alternate_on") == "0", sourceLocation: sourceLocation)
        #expect(try paneVariable("cursor_flag") == "1", sourceLocation: sourceLocation)
        try run("stty -a | tr ' ' '\\n' | grep -xE -- '-?(echo|icanon)' | tr '\\n' ' '; echo ST\"\"TY")
        let screen = try waitFor("stty's answer") { EndToEndTests.ViewerEndToEndTests.sttyAnswer(in: $0) != nil }
        #expect(
            Set(EndToEndTests.ViewerEndToEndTests.sttyAnswer(in: screen) ?? []) == ["echo", "icanon"],
            sourceLocation: sourceLocation)
    }

    /// Polls the screen until `condition` holds or the deadline passes; returns the screen.
    @discardableResult
    func waitFor(
        _ what: String, timeout: Duration = .seconds(10), colors: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool
    ) throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var screen = ""
        while clock.now < deadline {
            screen = try capture(colors: colors)
            if condition(screen) { return screen }
            usleep(20_000)
        }
        Issue.record("timed out waiting for \(what); the screen was:\n\(screen)", sourceLocation: sourceLocation)
        throw TimedOut()
    }

    struct TimedOut: Error {}

    struct TmuxMissing: Error, CustomStringConvertible {
        var description: String {
            "tmux is not installed: apt-get install tmux, or skip the third tier with SKIP_E2E=1 make test"
        }
    }

    @discardableResult
    private func tmux(_ arguments: String...) throws -> String {
        try tmux(arguments)
    }

    /// Runs the tmux command that starts the server with posix_spawn and waitpid.
    /// Foundation's `Process` notices a child's exit through a socket the child
    /// inherits; the tmux server forks from that child and keeps the socket open, so
    /// `waitUntilExit` would wait for the server to die.
    private func tmuxStartingServer(_ arguments: String...) throws {
        guard let pid = DetachedProcess.spawn(Self.tmuxPath!, arguments: [Self.tmuxPath!, "-L", socket] + arguments)
        else {
            throw SpawnFailed()
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    }

    struct SpawnFailed: Error {}

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.tmuxPath!)
        process.arguments = ["-L", socket] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static let tmuxPath: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}

/// The binary under test: beside the test bundle in the build folder, or where
/// SHIMMERFEED_BINARY says.
enum Binary {
    /// The binary's path; a test without it fails, saying how to make it.
    static func required(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try #require(
            path, "the shimmerfeed binary was not found beside the tests; run `swift build` first",
            sourceLocation: sourceLocation)
    }

    static let path: String? = {
        if let explicit = ProcessInfo.processInfo.environment["SHIMMERFEED_BINARY"] { return explicit }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("shimmerfeed").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }()

    /// The fixtures folder of the FeedCore tests, shared with these.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("FeedCoreTests/Fixtures")
}
