import FeedNetwork
import FeedTerminal
import FoundationEssentials
import Glibc
import Synchronization

/// Signing in at the terminal: prompts on standard output, lines typed on standard input
/// (a password unseen, its echo turned off and restored after), the browser opened by
/// `LinkOpener`.
public final class TerminalConsole: SignInConsole {
    private struct Typing {
        /// What has been typed of the line so far.
        var bytes: [UInt8] = []
        /// Whether standard input can still be read (no terminal to paste into: the
        /// browser alone).
        var reads = true
        /// Whether a prompt left the cursor after it, on its line.
        var midLine = false
    }

    private let typing = Mutex(Typing())
    private let output: CommandOutput
    /// Where lines are typed: standard input, or a test's pipe.
    private let input: Int32

    public init(output: CommandOutput = .standard, input: Int32 = STDIN_FILENO) {
        self.output = output
        self.input = input
    }

    public func say(_ text: String, newline: Bool) {
        output.say(text, newline: newline)
        typing.withLock { $0.midLine = !newline }
    }

    /// Ends the line a prompt left open, so that what follows starts a line of its own.
    public func endLine() {
        let open = typing.withLock { typing in
            defer { typing.midLine = false }
            return typing.midLine
        }
        if open { output.say("") }
    }

    public func ask(_ prompt: String, secret: Bool) -> String? {
        say(prompt, newline: false)
        let line = Self.readLine(from: input, echo: !secret)
        // Typed unseen, the line's end was not shown either; at the input's end, nothing
        // ended the prompt's line.
        if secret { say("") } else if line != nil { typing.withLock { $0.midLine = false } }
        return line
    }

    public func openInBrowser(_ url: String) -> Bool {
        LinkOpener.open(url).hasPrefix("Opened")
    }

    public func waitForLine(or descriptor: Int32, until deadline: ContinuousClock.Instant) -> ConsoleWait {
        while ContinuousClock.now < deadline {
            let reads = typing.withLock { $0.reads }
            var ready = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            if reads { ready.append(pollfd(fd: input, events: Int16(POLLIN), revents: 0)) }
            let left = deadline - ContinuousClock.now
            let milliseconds = Int32(min(left.components.seconds * 1000 + 1, 1000))
            guard poll(&ready, nfds_t(ready.count), milliseconds) > 0 else { continue }
            if ready[0].revents != 0 { return .readable }
            guard ready.count > 1, ready[1].revents != 0 else { continue }
            var byte: UInt8 = 0
            let line = typing.withLock { typing -> String? in
                if read(input, &byte, 1) != 1 {
                    typing.reads = false
                } else if byte == UInt8(ascii: "\n") {
                    defer { typing.bytes = [] }
                    typing.midLine = false
                    return String(decoding: typing.bytes, as: UTF8.self)
                } else if typing.bytes.count < 1024 {
                    typing.bytes.append(byte)
                }
                return nil
            }
            if let line { return .line(line) }
        }
        return .timedOut
    }

    /// The longest line read: a pasted code or app password is far shorter.
    static let longestLine = 4096

    /// A line typed on `descriptor` (standard input): shown as typed, or unseen where the
    /// input is a terminal, whose echo is turned off for it and restored after.
    static func readLine(from descriptor: Int32 = STDIN_FILENO, echo: Bool) -> String? {
        var saved = termios()
        let isTerminal = isatty(descriptor) == 1 && tcgetattr(descriptor, &saved) == 0
        if isTerminal, !echo {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(descriptor, TCSAFLUSH, &quiet)
        }
        defer { if isTerminal, !echo { tcsetattr(descriptor, TCSAFLUSH, &saved) } }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count < longestLine, Glibc.read(descriptor, &byte, 1) == 1 {
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }
}
