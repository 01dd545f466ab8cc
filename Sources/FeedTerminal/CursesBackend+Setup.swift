import CNcurses
import FeedCore
import Glibc

/// Taking the terminal, and giving it back as it was.
extension CursesBackend {
    /// Starts ncurses on the controlling terminal. Keys come from standard input when it
    /// is a terminal, else from /dev/tty (so a feed can arrive on a pipe).
    public static func start(
        environment: [String: String], color: ColorChoice = .auto, background: BackgroundChoice = .auto,
        palette: Bool = false, images: ImageChoice = .cells, theme: ColourTheme = ColourTheme()
    ) throws(Failure) -> CursesBackend {
        if let problem = TerminalCheck.problem(outputIsTerminal: isatty(STDOUT_FILENO) == 1, term: environment["TERM"])
        {
            throw problem
        }
        Locale.useUTF8()
        let (inputFile, outputFile) = try openTerminal()
        var originalModes = termios()
        tcgetattr(fileno(inputFile), &originalModes)
        // The most colour the options allow; COLORS is known only after start_color.
        let wanted = ColorDepth.detect(colors: 1 << 24, hasColors: true, environment: environment, requested: color)
        let probed = Probed(
            environment: environment, wanted: wanted, background: background, images: images,
            input: inputFile, output: outputFile)
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
            throw Failure.unknownTerminal(environment["TERM"] ?? "")
        }
        set_term(screen)
        let curses = CNcurses_stdscr()!
        setModes(of: curses)
        let depth = startColor(wanted: wanted, environment: environment, requested: color)
        let animatesPalette =
            palette && depth == .ansi256 && can_change_color()
            && StyleMapping.paletteEntries.allSatisfy { $0 < CNcurses_COLORS() }
        let support = PictureSupport.choose(
            requested: images, answers: probed.answers, depth: depth, tmux: probed.tmux, cellSize: probed.cellSize)
        if support.drawing == .sixel {
            // Text shifted by inserting or deleting characters or lines would move the cells
            // under a sixel picture without it: every change is written where it is.
            idcok(curses, false)
            idlok(curses, false)
        }
        // ncurses puts the palette back on exit; after a crash the guard has to.
        CrashGuard.install(
            output: fileno(outputFile), input: fileno(inputFile), modes: originalModes, resetPalette: animatesPalette)
        return CursesBackend(
            screen: screen, window: curses, inputFile: inputFile, outputFile: outputFile, signals: signals,
            depth: depth,
            background: TerminalBackground.detect(
                environment: environment, requested: background, reported: probed.reported),
            reportedBackground: probed.reported,
            animatesPalette: animatesPalette,
            pictureSupport: support, theme: theme)
    }

    /// The keyboard (standard input when it is a terminal, else /dev/tty) and the screen,
    /// each a stream of its own for ncurses.
    private static func openTerminal() throws(Failure) -> (
        input: UnsafeMutablePointer<FILE>, output: UnsafeMutablePointer<FILE>
    ) {
        let inputFile: UnsafeMutablePointer<FILE>?
        if isatty(STDIN_FILENO) == 1 {
            inputFile = fdopen(dup(STDIN_FILENO), "r")
        } else {
            inputFile = fopen("/dev/tty", "r")
        }
        guard let inputFile else {
            throw Failure.noKeyboard
        }
        guard let outputFile = fdopen(dup(STDOUT_FILENO), "w") else {
            fclose(inputFile)
            throw Failure.system(what: "open standard output", reason: String(cString: strerror(errno)))
        }
        return (inputFile, outputFile)
    }

    /// What the one probe, before curses, learnt of the terminal.
    private struct Probed {
        var tmux: PictureSupport.Tmux
        var answers: TerminalProbe.Answers
        /// The background the terminal reported, when it was asked.
        var reported: UInt32?
        var cellSize: CellPixels?

        /// The background decides the skeleton's greys: asked unless told, or unless no
        /// colour will be drawn. What draws pictures: asked unless told.
        init(
            environment: [String: String], wanted: ColorDepth, background: BackgroundChoice, images: ImageChoice,
            input: UnsafeMutablePointer<FILE>, output: UnsafeMutablePointer<FILE>
        ) {
            let pixelsWanted = images == .auto || images == .kitty || images == .sixel
            tmux = pixelsWanted ? PictureSupport.tmux(environment: environment) : .outside
            var window = winsize()
            let kernelCell = ioctl(fileno(output), UInt(TIOCGWINSZ), &window) == 0 ? kernelCellSize(window) : nil
            // tmux takes a kitty query that is not wrapped for a title (and so would the
            // screen); where TERM says tmux or screen but no TMUX says which, none is sent.
            let multiplexed = ["tmux", "screen"].contains { environment["TERM"]?.hasPrefix($0) ?? false }
            let queries = TerminalProbe.Queries(
                background: background == .auto && wanted != .none,
                graphics: (images == .auto || images == .kitty) && tmux != .noPassthrough
                    && (tmux == .passthrough || !multiplexed),
                cellSize: pixelsWanted && kernelCell == nil, throughTmux: tmux == .passthrough)
            answers =
                queries.background || pixelsWanted
                ? TerminalProbe.ask(input: fileno(input), output: fileno(output), queries: queries)
                : TerminalProbe.Answers()
            reported = queries.background ? answers.background : nil
            cellSize =
                kernelCell ?? answers.cellSize
                ?? answers.windowPixels.flatMap {
                    CellPixels(of: $0, columns: Int(window.ws_col), rows: Int(window.ws_row))
                }
        }
    }

    /// Keys raw, no echo, no cursor, mouse reports on, and frames written in one go.
    private static func setModes(of curses: UnsafeMutablePointer<WINDOW>) {
        cbreak()
        noecho()
        nonl()
        // Keys are decoded here, not by ncurses (InputDecoder): the terminal's replies to
        // queries must never read as keys.
        keypad(curses, false)
        intrflush(curses, false)
        // ncurses would cut a frame short when input is waiting; frames are paced instead.
        typeahead(-1)
        leaveok(curses, true)
        curs_set(0)
        // ncurses turns the terminal's mouse reports on; InputDecoder reads them.
        mousemask(CNcurses_ALL_MOUSE_EVENTS(), nil)
        mouseinterval(0)
        // ncurses writes each cursor move with a write of its own until it has once been
        // suspended and resumed (its screen stays "initial" until then): 23 writes a frame
        // of the band, each waking the terminal. One suspend and resume, before anything
        // is drawn, and a frame is one write. Before colour starts: a resume with colour on
        // resets the terminal's palette (OSC 104), a theme the user had set included.
        endwin()
        doupdate()
    }

    /// The colour depth drawn: none where the terminal or the options want none, and then
    /// start_color is never called.
    private static func startColor(
        wanted: ColorDepth, environment: [String: String], requested: ColorChoice
    ) -> ColorDepth {
        guard has_colors(), wanted != .none else { return .none }
        start_color()
        use_default_colors()
        return ColorDepth.detect(
            colors: Int(CNcurses_COLORS()), hasColors: true, environment: environment, requested: requested)
    }

    /// A cell's pixels from the kernel's window size, where the terminal fills it in.
    nonisolated static func kernelCellSize(_ window: winsize) -> CellPixels? {
        CellPixels(
            of: CellPixels(width: Int(window.ws_xpixel), height: Int(window.ws_ypixel)), columns: Int(window.ws_col),
            rows: Int(window.ws_row))
    }

    /// Gives the terminal back as it was: main screen, cursor, echo, line mode.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        awaitLastStatusReport()
        endwin()
        CrashGuard.uninstall()
        delscreen(screen)
        fclose(inputFile)
        fclose(outputFile)
        signals.restoreDefaultHandlers()
    }

    /// Gives the terminal to `run` (an editor) as the shell had it: the main screen, the
    /// cursor, echo and line mode, as `stop` leaves it; then takes it back with its modes.
    /// The loop has the next frame drawn whole (the editor drew over it).
    public func handOver(_ run: () -> Void) {
        guard !stopped else { return run() }
        awaitLastStatusReport()
        endwin()
        fflush(outputFile)
        run()
        Self.setModes(of: window)
        cursorShown = false
    }

    /// The answer to the last status request, if it is still on its way, is read here:
    /// arriving after the program ends, it would reach the shell as typed text.
    private func awaitLastStatusReport() {
        let deadline = now + .milliseconds(200)
        // An answer a second late is taken as lost, as the pacer takes it: a terminal
        // that never answers is not waited for.
        guard let asked = lastReportAskedAt, now - asked < FramePacer.answerTimeout else { return }
        while unansweredReports > 0, now < deadline {
            var descriptor = pollfd(fd: fileno(inputFile), events: Int16(POLLIN), revents: 0)
            let left = Int32(max(1, ((deadline - now).seconds * 1000).rounded(.up)))
            guard poll(&descriptor, 1, left) > 0 else { break }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(fileno(inputFile), &buffer, buffer.count)
            guard count > 0 else { break }
            for token in decoder.feed(buffer[0..<count], at: now) where token == .statusReport {
                reportAnswered()
            }
        }
    }
}
