import CNcurses
import FeedCore
import Glibc

/// The real terminal, through ncurses. Only the main actor touches it. It draws the
/// updates the loop hands it (the runs of a frame, the pictures that change with them)
/// and asks for the status report that paces the next; it reports keys, resizes,
/// signals and the terminal's answers.
@MainActor
public final class CursesBackend: TerminalBackend {
    public var depth: ColorDepth { styles.depth }
    public var background: TerminalBackground { styles.background }
    /// The terminal's background colour, when it answered the query (0xRRGGBB).
    public var reportedBackground: UInt32? { styles.reportedBackground }
    /// Whether the skeleton is animated by redefining palette entries (`--palette` on a
    /// terminal that can).
    public let animatesPalette: Bool
    let screen: OpaquePointer
    let window: UnsafeMutablePointer<WINDOW>
    let inputFile: UnsafeMutablePointer<FILE>
    let outputFile: UnsafeMutablePointer<FILE>
    let signals: SignalPipe
    let styles: CursesStyles
    /// How pictures are drawn, and what the terminal is sent for those it draws itself.
    public let pictureSupport: PictureSupport
    let pixels: PixelPictures?
    var decoder = InputDecoder()
    /// Status requests written and not answered yet, and when the last went out: at quit
    /// an answer still on its way is waited for, so that it does not reach the shell.
    var unansweredReports = 0
    /// Whether the terminal's cursor is shown (`ScreenBuffer.cursor`); hidden at the start.
    var cursorShown = false
    var lastReportAskedAt: Duration?
    /// The cells of the stretch being drawn, and a cluster's characters, kept to save
    /// allocations.
    private var stretch: [cchar_t] = []
    private var piece: [wchar_t] = []
    private let clock = ContinuousClock()
    private let origin: ContinuousClock.Instant
    var stopped = false

    init(
        screen: OpaquePointer, window: UnsafeMutablePointer<WINDOW>, inputFile: UnsafeMutablePointer<FILE>,
        outputFile: UnsafeMutablePointer<FILE>, signals: SignalPipe, depth: ColorDepth,
        background: TerminalBackground, reportedBackground: UInt32?, animatesPalette: Bool,
        pictureSupport: PictureSupport, theme: ColourTheme
    ) {
        self.screen = screen
        self.window = window
        self.inputFile = inputFile
        self.outputFile = outputFile
        self.signals = signals
        styles = CursesStyles(
            depth: depth, background: background, reportedBackground: reportedBackground, theme: theme)
        self.animatesPalette = animatesPalette
        self.pictureSupport = pictureSupport
        pixels =
            pictureSupport.drawing == .cells
            ? nil
            : PixelPictures(
                drawing: pictureSupport.drawing, cellSize: pictureSupport.cellSize,
                throughTmux: pictureSupport.throughTmux)
        origin = clock.now
    }

    /// Time since the backend started, for the input decoder.
    var now: Duration { clock.now - origin }

    public var size: TerminalSize {
        TerminalSize(width: Int(CNcurses_COLS()), height: Int(CNcurses_LINES()))
    }

    public nonisolated var wake: @Sendable () -> Void {
        { [signals] in signals.wake() }
    }

    public var pictureDrawing: PictureDrawing { pictureSupport.drawing }

    /// Bytes for the terminal besides ncurses' (pictures, requests), written whole.
    func writeAll(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(fileno(outputFile), $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { return }
            sent += count
        }
    }

    public func copyToClipboard(_ text: String) -> Bool {
        writeAll(Clipboard.sequence(for: text))
        return true
    }

    public func draw(_ update: ScreenUpdate) -> Bool {
        if update.clearFirst {
            styles.forgetPalette()
            wclear(window)
        }
        // A redefined colour is written with the next refresh.
        if animatesPalette { _ = styles.setPalette(update.frame.paletteLevels) }
        if let pixels { writeAll(pixels.beforeText(update.pictures)) }
        for line in update.pictures.staleLines { wredrawln(window, Int32(line), 1) }
        if update.drawsText {
            draw(update.runs, of: update.frame)
            if let cursor = update.frame.cursor { wmove(window, Int32(cursor.row), Int32(cursor.column)) }
            // Left where it was put, not where the last cell was written: ncurses moves there.
            leaveok(window, update.frame.cursor == nil)
            wnoutrefresh(window)
            doupdate()
            showCursor(update.frame.cursor != nil)
        }
        if let pixels { writeAll(pixels.afterText(update.pictures.placed, frameHeight: update.frame.height)) }
        if update.asksForReport { requestStatusReport() }
        // Some cells of this frame got no colours of their own: all again, afresh.
        guard !styles.ranOutOfPairs else {
            styles.startOver()
            return false
        }
        return true
    }

    /// Shows or hides the terminal's cursor, when that changes.
    private func showCursor(_ shown: Bool) {
        guard shown != cursorShown else { return }
        curs_set(shown ? 1 : 0)
        cursorShown = shown
    }

    /// `CSI 5 n`, written after ncurses has flushed the frame: the terminal answers
    /// `CSI 0 n` once it has read everything before it.
    private func requestStatusReport() {
        writeAll([0x1B, 0x5B, 0x35, 0x6E])
        unansweredReports += 1
        lastReportAskedAt = now
    }

    /// The terminal answered a status request.
    func reportAnswered() {
        unansweredReports = max(0, unansweredReports - 1)
    }

    /// Writes the runs (in the order of the screen), each stretch of touching cells of a
    /// row with one call, each cell with its own style. Any cluster but a narrow
    /// standalone character is written on its own, and what follows starts with an
    /// explicit move, so a terminal that measures a cluster differently cannot shift the
    /// rest of the row.
    private func draw(_ runs: [FrameDiff.Run], of frame: ScreenBuffer) {
        var row = -1
        var start = 0
        var next = 0
        // Local buffers, handed back at the end: a stored property of a class is checked
        // for overlapping access at each use, and this loop uses them for every cell.
        var stretch = self.stretch
        var piece = self.piece
        (self.stretch, self.piece) = ([], [])
        defer { (self.stretch, self.piece) = (stretch, piece) }
        stretch.removeAll(keepingCapacity: true)
        func flush() {
            guard !stretch.isEmpty else { return }
            wmove(window, Int32(row), Int32(start))
            stretch.withUnsafeBufferPointer { _ = wadd_wchnstr(window, $0.baseAddress, Int32($0.count)) }
            stretch.removeAll(keepingCapacity: true)
        }
        for run in runs {
            if run.row != row || run.columns.lowerBound != next { flush() }
            row = run.row
            next = run.columns.upperBound
            let style = styles.drawn(run.style)
            for column in run.columns {
                let cell = frame[row, column]
                // The right half of a wide cluster: ncurses fills it with the cluster.
                guard !cell.content.isEmpty else { continue }
                if stretch.isEmpty { start = column }
                if let glyph = style.cell {
                    stretch.append(glyph)
                } else if let ascii = cell.content.ascii {
                    stretch.append(ascii == 0x20 ? style.space : style.character(wchar_t(ascii)))
                } else if let scalar = cell.text.unicodeScalars.first, cell.text.unicodeScalars.count == 1,
                    CellWidth.isNarrowStandalone(scalar)
                {
                    stretch.append(style.character(wchar_t(bitPattern: scalar.value)))
                } else {
                    // Any other cluster on its own, as ncurses reads a string: a cell holds
                    // one spacing character and its marks, and a flag is two of them.
                    flush()
                    piece.removeAll(keepingCapacity: true)
                    piece.append(contentsOf: cell.text.unicodeScalars.map { wchar_t(bitPattern: $0.value) })
                    wmove(window, Int32(row), Int32(column))
                    var pair = style.pair
                    wattr_set(window, style.attributes, Int16(truncatingIfNeeded: pair), &pair)
                    piece.withUnsafeBufferPointer { _ = waddnwstr(window, $0.baseAddress, Int32($0.count)) }
                    // Back to normal: ncurses gives a cell of pair 0 in a stretch the
                    // window's attributes (render_char), and a plain cell must stay plain.
                    var normal: Int32 = 0
                    wattr_set(window, CNcurses_A_NORMAL(), 0, &normal)
                }
            }
        }
        flush()
    }
}
