import FeedCore
import Glibc

/// How this terminal gets its pictures, from `--images` (or `SHIMMERFEED_IMAGES`) and
/// what the probe at start found.
public struct PictureSupport: Hashable, Sendable {
    public var drawing: PictureDrawing
    /// A cell's size in pixels, when known: pictures are scaled to it before they are sent.
    public var cellSize: CellPixels?
    /// Whether pictures go through tmux's passthrough to the terminal outside.
    public var throughTmux = false
    /// Why pictures are cells where pixels were wanted: said once, beside the status,
    /// the first time a picture is on the screen (`ViewerOptions.picturesNote`). Short,
    /// since it shares the line; `--help` and the manual say how to change it.
    public var notice: String?

    public init(drawing: PictureDrawing, cellSize: CellPixels? = nil, throughTmux: Bool = false, notice: String? = nil)
    {
        self.drawing = drawing
        self.cellSize = cellSize
        self.throughTmux = throughTmux
        self.notice = notice
    }

    /// Where shimmerfeed runs, as far as tmux goes.
    public enum Tmux: Hashable, Sendable {
        case outside
        /// Inside tmux, with the pane's `allow-passthrough` on (or `all`).
        case passthrough
        case noPassthrough
    }

    /// Terminals that answer the kitty query but draw no Unicode placeholders (their
    /// XTVERSION names them): sixel or cells there.
    static let kittyWithoutPlaceholders = ["WezTerm", "Konsole"]
    /// kitty draws Unicode placeholders from 0.28.0 on (Debian 12 has 0.26.5).
    static let firstKittyWithPlaceholders = [0, 28, 0]

    /// Whether a terminal that answers the kitty query draws its Unicode placeholders too,
    /// as far as its XTVERSION says: not WezTerm nor Konsole, not kitty before 0.28, and
    /// any other (Ghostty, a terminal that does not say) is taken at its word.
    static func drawsPlaceholders(version: String?) -> Bool {
        guard let version else { return true }
        if kittyWithoutPlaceholders.contains(where: { version.hasPrefix($0) }) { return false }
        if let match = version.wholeMatch(of: #/kitty\(([0-9]+)\.([0-9]+)\.([0-9]+)\)/#) {
            let numbers = [match.1, match.2, match.3].map { Int($0) ?? 0 }
            return !numbers.lexicographicallyPrecedes(firstKittyWithPlaceholders)
        }
        return true
    }

    /// A cell's size when `--images sixel` is asked of a terminal that does not say
    /// (the VT340's).
    static let assumedCellSize = CellPixels(width: 10, height: 20)

    static func choose(
        requested: ImageChoice, answers: TerminalProbe.Answers, depth: ColorDepth, tmux: Tmux,
        cellSize: CellPixels?
    ) -> PictureSupport {
        let through = tmux == .passthrough
        let passthroughOff = "pictures in cells: tmux's allow-passthrough is off"
        let placeholders = drawsPlaceholders(version: answers.version)
        let rich = depth == .ansi256 || depth == .truecolor
        switch requested {
        case .none, .cells:
            return PictureSupport(drawing: .cells, cellSize: cellSize)
        case .kitty:
            if tmux == .noPassthrough {
                return PictureSupport(drawing: .cells, cellSize: cellSize, notice: passthroughOff)
            }
            guard rich else {
                return PictureSupport(
                    drawing: .cells, cellSize: cellSize,
                    notice: "pictures in cells: --images kitty needs 256 colours")
            }
            return PictureSupport(drawing: .kitty, cellSize: cellSize, throughTmux: through)
        case .sixel:
            // tmux draws sixel itself, when it was built to.
            return PictureSupport(drawing: .sixel, cellSize: cellSize ?? assumedCellSize)
        case .auto:
            if answers.kittyGraphics, placeholders, rich, tmux != .noPassthrough {
                return PictureSupport(drawing: .kitty, cellSize: cellSize, throughTmux: through)
            }
            if answers.sixel, let cellSize { return PictureSupport(drawing: .sixel, cellSize: cellSize) }
            return PictureSupport(
                drawing: .cells, cellSize: cellSize, notice: tmux == .noPassthrough ? passthroughOff : nil)
        }
    }

    /// Whether tmux is around this program, and lets sequences through: the pane's
    /// `allow-passthrough`, read (never set) with `tmux show-options`.
    static func tmux(environment: [String: String]) -> Tmux {
        guard let socket = environment["TMUX"], !socket.isEmpty else { return .outside }
        var command = "tmux show-options -Apv"
        // The pane this program runs in; its name is `%` and digits.
        if let pane = environment["TMUX_PANE"], pane.wholeMatch(of: #/%[0-9]+/#) != nil { command += " -t '\(pane)'" }
        command += " allow-passthrough 2>/dev/null"
        guard let pipe = popen(command, "r") else { return .noPassthrough }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = fread(&buffer, 1, buffer.count, pipe)
        pclose(pipe)
        let value = String(decoding: buffer[0..<count], as: UTF8.self).split(whereSeparator: \.isWhitespace).first
        return value == "on" || value == "all" ? .passthrough : .noPassthrough
    }
}
