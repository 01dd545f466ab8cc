/// A picture drawn in cells: each cell shows two colours, one in a block glyph (a half
/// block, a quadrant) and one behind it, so that a cell holds 2×2 of the picture's dots.
/// A cell is about twice as tall as wide; the picture keeps its aspect ratio inside the
/// cells given, centred, and the cells around it stay the terminal's own.
public struct CellPicture: Hashable, Sendable {
    public struct Cell: Hashable, Sendable {
        public var glyph: Unicode.Scalar
        public var ink: Ink

        public static let clear = Cell(glyph: " ", ink: .plain)
    }

    public let columns: Int
    public let rows: Int
    public let cells: [Cell]

    public subscript(row: Int, column: Int) -> Cell { cells[row * columns + column] }

    /// The glyph whose foreground covers the quadrants in `mask` (top left 1, top right 2,
    /// bottom left 4, bottom right 8).
    static let quadrantGlyphs: [Unicode.Scalar] = [
        " ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█",
    ]
    /// The half block, the glyph a cell gets unless another one draws it clearly better.
    static let topHalf = 3
    /// Below this mean squared distance per dot a cell is one colour (a space).
    static let flatError = 3 * 6 * 6
    /// Another quadrant pattern replaces the half block only when it leaves at most this
    /// part of its error: a steadier picture, fewer glyph changes.
    static let quadrantAdvantage = 0.6

    /// `pixels` fitted into `columns` × `rows` cells.
    public init(_ pixels: PicturePixels, columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        var cells = [Cell](repeating: .clear, count: self.columns * self.rows)
        guard columns > 0, rows > 0 else {
            self.cells = cells
            return
        }
        // The dots the picture covers: 2 a cell across, 2 down, a dot half as wide as tall.
        let box = Self.fit(width: pixels.width, height: pixels.height, columns: columns, rows: rows)
        let dots = pixels.resampled(width: max(1, box.width), height: max(1, box.height))
        dots.rgba.withUnsafeBufferPointer { dot in
            for row in 0..<rows {
                for column in 0..<columns {
                    var quadrants = [(r: Int, g: Int, b: Int, opaque: Bool)]()
                    quadrants.reserveCapacity(4)
                    for (dy, dx) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                        let x = column * 2 + dx - box.left
                        let y = row * 2 + dy - box.top
                        guard x >= 0, y >= 0, x < dots.width, y < dots.height else {
                            quadrants.append((0, 0, 0, false))
                            continue
                        }
                        let offset = (y * dots.width + x) * 4
                        quadrants.append(
                            (Int(dot[offset]), Int(dot[offset + 1]), Int(dot[offset + 2]), dot[offset + 3] >= 128))
                    }
                    cells[row * columns + column] = Self.cell(quadrants)
                }
            }
        }
        self.cells = cells
    }

    /// Where the picture's dots sit among the cells' dots: its size in dots and the dots
    /// left clear above and to the left.
    static func fit(
        width: Int, height: Int, columns: Int, rows: Int
    ) -> (width: Int, height: Int, left: Int, top: Int) {
        let across = columns * 2
        let down = rows * 2
        // A dot is half a cell wide and half a cell tall, and a cell is twice as tall as
        // wide: a dot is twice as tall as wide, so the picture is `2 * width / height` dots
        // across for each dot down.
        let ratio = 2 * Double(width) / Double(height)
        var fittedWidth = across
        var fittedHeight = Int((Double(across) / ratio).rounded())
        if fittedHeight > down {
            fittedHeight = down
            fittedWidth = min(across, Int((Double(down) * ratio).rounded()))
        }
        fittedWidth = max(1, fittedWidth)
        fittedHeight = max(1, fittedHeight)
        return (fittedWidth, fittedHeight, (across - fittedWidth) / 2, (down - fittedHeight) / 2)
    }

    /// The cell that draws four dots best.
    static func cell(_ dots: [(r: Int, g: Int, b: Int, opaque: Bool)]) -> Cell {
        var opaqueMask = 0
        for (index, dot) in dots.enumerated() where dot.opaque { opaqueMask |= 1 << index }
        if opaqueMask == 0 { return .clear }
        if opaqueMask != 15 {
            // Transparent dots show the terminal's background: the glyph covers the rest.
            return Cell(glyph: quadrantGlyphs[opaqueMask], ink: .pictureOnDefault(foreground: mean(dots, opaqueMask)))
        }
        let all = mean(dots, 15)
        if error(dots, mask: 15, color: all) <= flatError * 4 {
            return Cell(glyph: " ", ink: .picture(foreground: all, background: all))
        }
        func split(_ mask: Int) -> (error: Int, foreground: UInt32, background: UInt32) {
            let foreground = mean(dots, mask)
            let background = mean(dots, 15 & ~mask)
            return (
                error(dots, mask: mask, color: foreground) + error(dots, mask: 15 & ~mask, color: background),
                foreground, background
            )
        }
        var best = (mask: topHalf, split: split(topHalf))
        // Each pattern and its inverse draw the same: the masks with the top left dot in
        // the glyph cover every choice.
        for mask in [1, 5, 7, 9, 11, 13] {
            let candidate = split(mask)
            if Double(candidate.error) < Double(best.split.error) * quadrantAdvantage {
                best = (mask, candidate)
            }
        }
        return Cell(
            glyph: quadrantGlyphs[best.mask],
            ink: .picture(foreground: best.split.foreground, background: best.split.background))
    }

    static func mean(_ dots: [(r: Int, g: Int, b: Int, opaque: Bool)], _ mask: Int) -> UInt32 {
        var red = 0
        var green = 0
        var blue = 0
        var count = 0
        for (index, dot) in dots.enumerated() where mask & (1 << index) != 0 {
            red += dot.r
            green += dot.g
            blue += dot.b
            count += 1
        }
        guard count > 0 else { return 0 }
        return UInt32((red + count / 2) / count) << 16 | UInt32((green + count / 2) / count) << 8
            | UInt32((blue + count / 2) / count)
    }

    static func error(_ dots: [(r: Int, g: Int, b: Int, opaque: Bool)], mask: Int, color: UInt32) -> Int {
        let red = Int((color >> 16) & 0xFF)
        let green = Int((color >> 8) & 0xFF)
        let blue = Int(color & 0xFF)
        var sum = 0
        for (index, dot) in dots.enumerated() where mask & (1 << index) != 0 {
            sum += (dot.r - red) * (dot.r - red) + (dot.g - green) * (dot.g - green) + (dot.b - blue) * (dot.b - blue)
        }
        return sum
    }
}
