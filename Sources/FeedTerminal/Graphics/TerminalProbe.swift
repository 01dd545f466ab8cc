import Glibc

/// The one exchange with the terminal at start, before ncurses: every question is asked at
/// once and every answer read here, so that none is ever taken for a key. The questions:
/// the background colour (OSC 11), the kitty graphics query (`a=q`, a 1x1 picture the
/// terminal only checks), XTVERSION (who the terminal is), the cell size where the
/// kernel does not know it (`CSI 16 t`, else `CSI 14 t`), and last DA1, which every
/// terminal answers, in order: its answer ends the wait. Inside tmux the kitty query and
/// XTVERSION go through tmux's passthrough to the terminal outside, whose answers come
/// after tmux's own DA1 answer: then a short while more is waited for them.
enum TerminalProbe {
    struct Queries: Hashable {
        var background = true
        var graphics = true
        /// The cell size in pixels, asked when `TIOCGWINSZ` says none.
        var cellSize = false
        /// Wrap the questions meant for the terminal outside tmux.
        var throughTmux = false
    }

    /// What the terminal said.
    struct Answers: Hashable {
        /// The background colour, 0xRRGGBB.
        var background: UInt32?
        /// Whether the kitty graphics query was answered OK.
        var kittyGraphics = false
        /// DA1's attributes, once its answer has come (4: sixel).
        var attributes: [Int]?
        /// `CSI 6 ; height ; width t`: a cell's size in pixels.
        var cellSize: CellPixels?
        /// `CSI 4 ; height ; width t`: the text area's size in pixels.
        var windowPixels: CellPixels?
        /// XTVERSION's name and version ("XTerm(379)", "kitty(0.35.2)", "WezTerm 2024…").
        var version: String?

        var complete: Bool { attributes != nil }
        var sixel: Bool { attributes?.contains(4) ?? false }
    }

    /// The kitty query's picture id: any number, echoed in the answer.
    static let queryId = 31

    static func request(_ queries: Queries) -> [UInt8] {
        var outside: [UInt8] = []
        if queries.graphics {
            outside += Array("\u{1B}_Gi=\(queryId),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)
        }
        outside += Array("\u{1B}[>0q".utf8)
        var out: [UInt8] = []
        if queries.background { out += Array("\u{1B}]11;?\u{1B}\\".utf8) }
        out += queries.throughTmux ? TmuxPassthrough.wrap(outside) : outside
        if queries.cellSize { out += Array("\u{1B}[16t\u{1B}[14t".utf8) }
        out += Array("\u{1B}[c".utf8)
        return out
    }

    /// Everything understood in `bytes`, whatever order the answers came in.
    static func parse(_ bytes: [UInt8]) -> Answers {
        let text = String(decoding: bytes, as: UTF8.self)
        var answers = Answers()
        if let match = text.firstMatch(of: #/\x1B\]11;rgba?:([0-9A-Fa-f]{1,4})/([0-9A-Fa-f]{1,4})/([0-9A-Fa-f]{1,4})/#)
        {
            let channels = [match.1, match.2, match.3].map { digits -> UInt32 in
                // Scale 1 to 4 hex digits to 8 bits: "f", "ff", "fff" and "ffff" are all white.
                let value = UInt32(digits, radix: 16) ?? 0
                let maximum = (UInt32(1) << (4 * UInt32(digits.count))) - 1
                return (value * 255 + maximum / 2) / maximum
            }
            answers.background = channels[0] << 16 | channels[1] << 8 | channels[2]
        }
        // 31 is `queryId` (a regex literal takes no interpolation; a test holds them together).
        answers.kittyGraphics = text.contains(#/\x1B_Gi=31(,[^;\x1B]*)?;OK\x1B/#)
        if let match = text.firstMatch(of: #/\x1B\[\?([0-9;]*)c/#) {
            answers.attributes = match.1.split(separator: ";").compactMap { Int($0) }
        }
        for match in text.matches(of: #/\x1B\[([0-9;]*)t/#) {
            switch CellPixels.windowReport(match.1) {
            case (.cell, let size)?: answers.cellSize = size
            case (.textArea, let size)?: answers.windowPixels = size
            case nil: break
            }
        }
        if let match = text.firstMatch(of: #/\x1BP>\|([^\x1B]*)\x1B\\/#) {
            answers.version = String(match.1)
        }
        return answers
    }

    /// The longest wait for a terminal that answers nothing at all.
    static let timeout: Duration = .milliseconds(100)
    /// After DA1, how long the answers from outside tmux are waited for.
    static let outsideTmuxWait: Duration = .milliseconds(100)

    /// Asks, in raw mode (no echo, byte by byte), and reads the answers.
    static func ask(input: Int32, output: Int32, queries: Queries) -> Answers {
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return Answers() }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        guard tcsetattr(input, TCSANOW, &raw) == 0 else { return Answers() }
        defer { tcsetattr(input, TCSANOW, &saved) }
        return exchange(input: input, output: output, queries: queries)
    }

    /// Writes the request to `output` and reads `input` until DA1 has answered (and,
    /// through tmux, the kitty answer has come or its wait is over), or `timeout`.
    static func exchange(
        input: Int32, output: Int32, queries: Queries, timeout: Duration = Self.timeout
    ) -> Answers {
        let request = request(queries)
        guard write(output, request, request.count) == request.count else { return Answers() }
        let clock = ContinuousClock()
        var deadline = clock.now + timeout
        var extended = false
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            let answers = parse(bytes)
            if answers.complete {
                guard queries.throughTmux, queries.graphics, !answers.kittyGraphics else { return answers }
                if !extended {
                    extended = true
                    deadline = clock.now + outsideTmuxWait
                }
            }
            let left = deadline - clock.now
            guard left > .zero else { return answers }
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32((left.seconds * 1000).rounded(.up))
            guard poll(&descriptor, 1, milliseconds) > 0 else { return answers }
            let count = read(input, &buffer, buffer.count)
            guard count > 0 else { return answers }
            bytes += buffer[0..<count]
        }
    }
}
