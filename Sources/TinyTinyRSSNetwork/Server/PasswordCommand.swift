import FeedCore
import FoundationEssentials
import Glibc

/// The configuration's `password-command` (newsboat's `ttrss-passwordeval`): a shell command
/// whose first line of output is the password, so that none is kept in a file of ours.
enum PasswordCommand {
    /// The first line `command` prints; an error naming the command when it fails or prints
    /// nothing.
    static func run(_ command: String) throws -> String {
        guard let pipe = popen(command, "r") else {
            throw Failure.unexpected("password-command could not be started: \(String(cString: strerror(errno)))")
        }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while output.count < 65536 {
            let count = fread(&buffer, 1, buffer.count, pipe)
            if count <= 0 { break }
            output += buffer[0..<count]
        }
        let status = pclose(pipe)
        var first = output.prefix { $0 != 10 }
        if first.last == 13 { first = first.dropLast() }
        let line = String(decoding: first, as: UTF8.self)
        guard status == 0 else {
            throw Failure.unexpected("password-command \(command) failed (exit status \(status >> 8))")
        }
        guard !line.isEmpty else { throw Failure.unexpected("password-command \(command) printed no password") }
        return line
    }
}
