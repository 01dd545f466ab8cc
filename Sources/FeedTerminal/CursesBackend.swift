import CNcurses
import FeedCore
import Glibc

/// The real terminal, through ncurses. Only the main actor touches it.
@MainActor
public final class CursesBackend: TerminalBackend {
    public let depth: ColorDepth
    public let background: TerminalBackground
    /// The terminal's background colour, when it answered the query (0xRRGGBB).
    public let reportedBackground: UInt32?
    /// Whether the skeleton is animated by redefining palette entries (`--palette` on a
    /// terminal that can).
    public let animatesPalette: Bool
    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private let inputFile: UnsafeMutablePointer<FILE>
    private let outputFile: UnsafeMutablePointer<FILE>
    private let signals: SignalPipe
    private var lastFrame: ScreenBuffer?
    private var pairs: [ColorPairKey: Int32] = [:]
    private var drawnStyles: [Style: DrawnStyle] = [:]
    /// The characters of the run being drawn, kept to save allocations.
    private var run: [wchar_t] = []
    /// The level each reserved palette entry was last set to.
    private var paletteLevels: [Int] = []
    private var stopped = false

    private struct ColorPairKey: Hashable {
        var foreground: Int32
        var background: Int32
    }

    /// Starts ncurses on the controlling terminal. Keys come from standard input when it
    /// is a terminal, else from /dev/tty (so a feed can arrive on a pipe).
    public static func start(
        environment: [String: String], color: ColorChoice = .auto, background: BackgroundChoice = .auto,
        palette: Bool = false
    ) throws(TerminalError) -> CursesBackend {
        if let problem = TerminalCheck.problem(outputIsTerminal: isatty(STDOUT_FILENO) == 1, term: environment["TERM"])
        {
            throw problem
        }
        Locale.useUTF8()
        let inputFile: UnsafeMutablePointer<FILE>?
        if isatty(STDIN_FILENO) == 1 {
            inputFile = fdopen(dup(STDIN_FILENO), "r")
        } else {
            inputFile = fopen("/dev/tty", "r")
        }
        guard let inputFile else {
            throw TerminalError(
                "no terminal to read keys from: standard input is not a terminal and /dev/tty cannot be opened")
        }
        guard let outputFile = fdopen(dup(STDOUT_FILENO), "w") else {
            fclose(inputFile)
            throw TerminalError("could not open standard output")
        }
        var originalModes = termios()
        tcgetattr(fileno(inputFile), &originalModes)
        // The most colour the options allow; COLORS is known only after start_color.
        let wanted = ColorDepth.detect(colors: 1 << 24, hasColors: true, environment: environment, requested: color)
        // The background decides the skeleton's greys; ask the terminal unless told, or
        // unless no colour will be drawn.
        let reported =
            background == .auto && wanted != .none
            ? BackgroundQuery.ask(input: fileno(inputFile), output: fileno(outputFile)) : nil
        let signals = try SignalPipe()
        signals.installHandlers()
        // COLORTERM=truecolor: the direct-colour entry of TERM's family, when installed. Not
        // with --palette: a direct-colour terminal has no palette to animate.
        let directTerm = palette ? nil : ColorDepth.directColorTerm(environment: environment, requested: color)
        let directScreen = directTerm.flatMap { newterm($0, outputFile, inputFile) }
        guard let screen = directScreen ?? newterm(nil, outputFile, inputFile) else {
            signals.restoreDefaultHandlers()
            fclose(inputFile)
            fclose(outputFile)
            throw TerminalError(
                "unknown terminal type '\(environment["TERM"] ?? "")'; set TERM to one this system knows, such as xterm-256color"
            )
        }
        set_term(screen)
        let window = CNcurses_stdscr()!
        cbreak()
        noecho()
        nonl()
        keypad(window, true)
        intrflush(window, false)
        leaveok(window, true)
        curs_set(0)
        set_escdelay(25)
        wtimeout(window, 0)
        // Presses, not clicks: a click would wait mouseinterval() to rule out a double.
        mousemask(CNcurses_ALL_MOUSE_EVENTS(), nil)
        mouseinterval(0)
        // Without colour, start_color is never called.
        var depth = ColorDepth.none
        if has_colors() {
            if wanted != .none {
                start_color()
                use_default_colors()
                depth = ColorDepth.detect(
                    colors: Int(CNcurses_COLORS()), hasColors: true, environment: environment, requested: color)
            }
        }
        let animatesPalette =
            palette && depth == .ansi256 && can_change_color()
            && StyleMapping.paletteEntries.allSatisfy { $0 < CNcurses_COLORS() }
        // ncurses puts the palette back on exit; after a crash the guard has to.
        CrashGuard.install(
            output: fileno(outputFile), input: fileno(inputFile), modes: originalModes, resetPalette: animatesPalette)
        return CursesBackend(
            screen: screen, window: window, inputFile: inputFile, outputFile: outputFile, signals: signals,
            depth: depth,
            background: TerminalBackground.detect(environment: environment, requested: background, reported: reported),
            reportedBackground: reported,
            animatesPalette: animatesPalette)
    }

    private init(
        screen: OpaquePointer, window: UnsafeMutablePointer<WINDOW>, inputFile: UnsafeMutablePointer<FILE>,
        outputFile: UnsafeMutablePointer<FILE>, signals: SignalPipe, depth: ColorDepth,
        background: TerminalBackground, reportedBackground: UInt32?, animatesPalette: Bool
    ) {
        self.screen = screen
        self.window = window
        self.inputFile = inputFile
        self.outputFile = outputFile
        self.signals = signals
        self.depth = depth
        self.background = background
        self.reportedBackground = reportedBackground
        self.animatesPalette = animatesPalette
    }

    /// Gives the terminal back as it was: main screen, cursor, echo, line mode.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        endwin()
        CrashGuard.uninstall()
        delscreen(screen)
        fclose(inputFile)
        fclose(outputFile)
        signals.restoreDefaultHandlers()
    }

    public var size: TerminalSize {
        TerminalSize(width: Int(CNcurses_COLS()), height: Int(CNcurses_LINES()))
    }

    public nonisolated var wake: @Sendable () -> Void {
        { [signals] in signals.wake() }
    }

    public func invalidate() {
        lastFrame = nil
        paletteLevels = []
        wclear(window)
    }

    public func present(_ frame: ScreenBuffer) {
        if let last = lastFrame, last.width != frame.width || last.height != frame.height {
            invalidate()
        }
        // A redefined colour is written with the next update, so it counts as a change.
        let paletteChanged = animatesPalette && setPalette(frame.paletteLevels)
        let runs = FrameDiff.runs(from: lastFrame, to: frame)
        for run in runs { draw(run, of: frame) }
        lastFrame = frame
        if paletteChanged || !runs.isEmpty {
            wnoutrefresh(window)
            doupdate()
        }
    }

    /// Redefines the reserved entries whose level changed, before any cell uses them;
    /// says whether any did.
    private func setPalette(_ levels: [Int]) -> Bool {
        var changed = false
        for (slot, level) in levels.enumerated() where slot < StyleMapping.paletteEntries.count {
            if slot < paletteLevels.count, paletteLevels[slot] == level { continue }
            let grey = background.skeletonGrey(level: level) & 0xFF
            let scaled = Int16((Int(grey) * 1000 + 127) / 255)  // ncurses takes 0...1000
            init_color(Int16(StyleMapping.paletteEntries[slot]), scaled, scaled, scaled)
            changed = true
        }
        if !levels.isEmpty { paletteLevels = levels }
        return changed
    }

    /// How a style is drawn here, worked out once per style: mapping a style means
    /// finding palette colours, which is too slow to do for every run of every frame.
    private struct DrawnStyle {
        var attributes: attr_t
        var pair: Int32
        var glyph: [wchar_t]?
    }

    private func drawn(_ style: Style) -> DrawnStyle {
        if let known = drawnStyles[style] { return known }
        let terminalStyle = StyleMapping.style(
            for: style, depth: depth, background: background, defaultBackground: reportedBackground)
        let result = DrawnStyle(
            attributes: attributes(for: terminalStyle), pair: pair(for: terminalStyle),
            glyph: terminalStyle.glyph.map { $0.unicodeScalars.map { wchar_t(bitPattern: $0.value) } })
        drawnStyles[style] = result
        return result
    }

    /// Writes one run. A piece ends after any non-ASCII cluster and the next starts with
    /// an explicit move, so a terminal that measures a cluster differently cannot shift
    /// the rest of the row.
    private func draw(_ diffRun: FrameDiff.Run, of frame: ScreenBuffer) {
        let style = drawn(diffRun.style)
        let row = diffRun.row
        var column = diffRun.columns.lowerBound
        let end = diffRun.columns.upperBound
        while column < end {
            if frame[row, column].content.isEmpty {  // the right half of a wide cluster
                column += 1
                continue
            }
            let start = column
            run.removeAll(keepingCapacity: true)
            while column < end {
                let next = frame[row, column]
                column += 1
                if next.content.isEmpty { continue }
                if let glyph = style.glyph {
                    run.append(contentsOf: glyph)
                    if glyph.count != 1 || glyph[0] >= 0x80 { break }
                } else if let ascii = next.content.ascii {
                    run.append(wchar_t(ascii))
                } else {
                    run.append(contentsOf: next.text.unicodeScalars.map { wchar_t(bitPattern: $0.value) })
                    break
                }
            }
            wmove(window, Int32(row), Int32(start))
            var pairNumber = style.pair
            wattr_set(window, style.attributes, Int16(truncatingIfNeeded: pairNumber), &pairNumber)
            run.withUnsafeBufferPointer { buffer in
                _ = waddnwstr(window, buffer.baseAddress, Int32(buffer.count))
            }
        }
    }

    private func attributes(for style: TerminalStyle) -> attr_t {
        var attributes = CNcurses_A_NORMAL()
        if style.bold { attributes |= CNcurses_A_BOLD() }
        if style.dim { attributes |= CNcurses_A_DIM() }
        if style.reverse { attributes |= CNcurses_A_REVERSE() }
        return attributes
    }

    /// The colour pair for a style's colours, made on first use.
    private func pair(for style: TerminalStyle) -> Int32 {
        guard depth != .none, style.foreground >= 0 || style.background >= 0 else { return 0 }
        let key = ColorPairKey(foreground: style.foreground, background: style.background)
        if let existing = pairs[key] { return existing }
        let number = Int32(pairs.count + 1)
        guard number < CNcurses_COLOR_PAIRS() else { return 0 }
        // Extended pairs: direct colours do not fit init_pair's shorts.
        init_extended_pair(number, style.foreground, style.background)
        pairs[key] = number
        return number
    }

    public func waitForInput(timeout: Duration?) -> [InputEvent] {
        var descriptors = [
            pollfd(fd: fileno(inputFile), events: Int16(POLLIN), revents: 0),
            pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
        ]
        let milliseconds: Int32
        if let timeout {
            // Round up: a 0.4 ms wait must not become a busy loop of 0 ms polls.
            milliseconds = Int32(min(60_000, (timeout.seconds * 1000).rounded(.up)))
        } else {
            milliseconds = -1
        }
        _ = poll(&descriptors, 2, milliseconds)
        var events: [InputEvent] = []
        var resized = false
        for number in signals.drain() {
            if number == SIGWINCH {
                resized = true
            } else {
                events.append(.signal(number))
            }
        }
        if resized { events.append(.resize(applyTerminalSize())) }
        events += readKeys()
        return events
    }

    /// Reads the terminal's size after SIGWINCH and resizes ncurses to it.
    private func applyTerminalSize() -> TerminalSize {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 {
            resize_term(Int32(size.ws_row), Int32(size.ws_col))
        }
        invalidate()
        return self.size
    }

    private func readKeys() -> [InputEvent] {
        var events: [InputEvent] = []
        var character: wint_t = 0
        while true {
            let status = wget_wch(window, &character)
            if status == ERR { break }
            if status == KEY_CODE_YES {
                if Int32(character) == KEY_RESIZE {
                    events.append(.resize(applyTerminalSize()))
                } else if Int32(character) == KEY_MOUSE {
                    var event = MEVENT()
                    if getmouse(&event) == OK,
                        let key = KeyMapping.key(forMouse: event.bstate, row: Int(event.y), column: Int(event.x))
                    {
                        events.append(.key(key))
                    }
                } else {
                    events.append(.key(KeyMapping.key(forFunctionKey: Int32(character))))
                }
            } else {
                events.append(.key(KeyMapping.key(forCharacter: UInt32(character))))
            }
        }
        return events
    }
}
