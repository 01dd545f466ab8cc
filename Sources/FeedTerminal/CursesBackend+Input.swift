import CNcurses
import FeedCore
import Glibc

/// Input: keys and mouse through `InputDecoder`, the terminal's answers for the pacer,
/// signals and resizes through the self-pipe.
extension CursesBackend {
    public func waitForInput(timeout: Duration?) -> [InputEvent] {
        var timeout = timeout
        // Wake for a lone ESC's delay.
        if let since = decoder.incompleteSince {
            let left = max(.zero, since + InputDecoder.escapeDelay - now)
            timeout = min(timeout ?? left, left)
        }
        var descriptors = [
            pollfd(fd: fileno(inputFile), events: Int16(POLLIN), revents: 0),
            pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
        ]
        // Round up: a 0.4 ms wait must not become a busy loop of 0 ms polls.
        let milliseconds = timeout.map { Int32(min(60_000, ($0.seconds * 1000).rounded(.up))) } ?? -1
        _ = poll(&descriptors, 2, milliseconds)
        var events: [InputEvent] = []
        var resized = false
        // The self-pipe is read only when it has something: a read per wait would be a
        // system call per frame for nothing.
        let signalled = descriptors[1].revents & Int16(POLLIN) != 0 ? signals.drain() : []
        for number in signalled {
            if number == SIGWINCH {
                resized = true
            } else {
                events.append(.signal(number))
            }
        }
        if resized { events.append(.resize(applyTerminalSize())) }
        var tokens: [InputDecoder.Token] = []
        if descriptors[0].revents & Int16(POLLIN | POLLHUP) != 0 {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(fileno(inputFile), &buffer, buffer.count)
            if count > 0 { tokens += decoder.feed(buffer[0..<count], at: now) }
        }
        tokens += decoder.flush(at: now)
        for token in tokens {
            switch token {
            case .key(let key): events.append(.key(key))
            case .statusReport:
                reportAnswered()
                events.append(.caughtUp)
            case .cellSize(let size): pixels?.cellSize = size
            case .ignored: break
            }
        }
        return events
    }

    /// Reads the terminal's size after SIGWINCH and resizes ncurses to it.
    func applyTerminalSize() -> TerminalSize {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 {
            resize_term(Int32(size.ws_row), Int32(size.ws_col))
        }
        // A new font size comes with a resize: the cell's pixels, from the kernel, else
        // asked again (the answer arrives as input).
        if let pixels {
            if let cell = Self.kernelCellSize(size) {
                pixels.cellSize = cell
            } else if pixels.drawing == .sixel {
                writeAll(Array("\u{1B}[16t".utf8))
            }
        }
        return self.size
    }
}
