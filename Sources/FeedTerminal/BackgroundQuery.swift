import Glibc

/// Asks the terminal for its background colour (OSC 11), before ncurses starts. Most
/// terminals answer; to know when one will not, the query is followed by a request every
/// terminal answers (DA1, primary device attributes): its answer ends the wait.
enum BackgroundQuery {
    static let request = Array("\u{1B}]11;?\u{1B}\\\u{1B}[c".utf8)
    /// The longest wait for a terminal that answers nothing at all.
    static let timeout: Duration = .milliseconds(100)

    /// The background as 0xRRGGBB, or nil when the terminal did not say.
    static func ask(input: Int32, output: Int32) -> UInt32? {
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return nil }
        var raw = saved
        // The answer must arrive byte by byte and not be echoed onto the screen.
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        guard tcsetattr(input, TCSANOW, &raw) == 0 else { return nil }
        defer { tcsetattr(input, TCSANOW, &saved) }
        return exchange(input: input, output: output)
    }

    /// Writes the request to `output` and reads answers from `input` until the DA1 answer
    /// or `timeout`.
    static func exchange(input: Int32, output: Int32, timeout: Duration = Self.timeout) -> UInt32? {
        guard write(output, request, request.count) == request.count else { return nil }
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while !parse(answer).complete {
            let left = deadline - clock.now
            guard left > .zero else { break }
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32((left.seconds * 1000).rounded(.up))
            guard poll(&descriptor, 1, milliseconds) > 0 else { break }
            let count = read(input, &buffer, buffer.count)
            guard count > 0 else { break }
            answer += buffer[0..<count]
        }
        return parse(answer).background
    }

    /// What the terminal said: the background from an `OSC 11 ; rgb:R/G/B` answer (ended
    /// by BEL or ST; 1 to 4 hex digits a channel), and whether the DA1 answer (`CSI ? … c`)
    /// has come, after which nothing more will.
    static func parse(_ bytes: [UInt8]) -> (background: UInt32?, complete: Bool) {
        let text = String(decoding: bytes, as: UTF8.self)
        var background: UInt32?
        if let match = text.firstMatch(of: #/\x1B\]11;rgba?:([0-9A-Fa-f]{1,4})/([0-9A-Fa-f]{1,4})/([0-9A-Fa-f]{1,4})/#)
        {
            let channels = [match.1, match.2, match.3].map { digits -> UInt32 in
                // Scale 1 to 4 hex digits to 8 bits: "f", "ff", "fff" and "ffff" are all white.
                let value = UInt32(digits, radix: 16) ?? 0
                let maximum = (UInt32(1) << (4 * UInt32(digits.count))) - 1
                return (value * 255 + maximum / 2) / maximum
            }
            background = channels[0] << 16 | channels[1] << 8 | channels[2]
        }
        let complete = text.contains(#/\x1B\[\?[0-9;]*c/#)
        return (background, complete)
    }
}
