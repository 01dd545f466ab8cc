import Foundation
import Testing

/// The binary run once as a child of its own, its output and errors in files of `folder`:
/// what it printed, and the most memory it held, which `wait4` reports for it alone.
struct DumpRun {
    var status: Int32
    var output: String
    var error: String
    /// Peak resident memory, in bytes.
    var peak: Int

    init(_ arguments: [String], in folder: URL, environment: [String] = ["TERM=xterm-256color"]) throws {
        let outputPath = folder.appendingPathComponent("out").path
        let errorPath = folder.appendingPathComponent("err").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let arguments = [try #require(Binary.path)] + arguments
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var environment = environment.map { strdup($0) } + [nil]
        defer { environment.forEach { free($0) } }
        var pid: pid_t = 0
        #expect(posix_spawn(&pid, arguments[0], &actions, nil, &argv, &environment) == 0)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        self.status = (status >> 8) & 0xFF
        output = try String(contentsOfFile: outputPath, encoding: .utf8)
        error = try String(contentsOfFile: errorPath, encoding: .utf8)
        peak = usage.ru_maxrss * 1024
    }
}
