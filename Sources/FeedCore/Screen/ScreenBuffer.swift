/// One frame: a grid of cells, each holding one grapheme cluster and a style. A wide
/// cluster occupies its cell and an empty continuation cell after it.
public struct ScreenBuffer: Hashable, Sendable {
    public struct Cell: Hashable, Sendable {
        public var content: CellText
        public var style: Style

        public init(text: String, style: Style) {
            content = CellText(text)
            self.style = style
        }

        init(content: CellText, style: Style) {
            self.content = content
            self.style = style
        }

        /// The cluster drawn here; "" for the right half of a wide cluster.
        public var text: String {
            get { content.string }
            set { content = CellText(newValue) }
        }

        public static let blank = Cell(content: CellText(ascii: 0x20), style: .plain)
    }

    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    /// With `--palette`: the grey level of each reserved palette entry at this frame's time
    /// (`Ink.skeletonSlot` cells take their grey from these). Empty otherwise.
    public var paletteLevels: [Int] = []
    /// The pictures the terminal draws in pixels in this frame, where their cells are.
    public var graphics: [PlacedGraphic] = []
    /// With kitty pictures: the ids of every picture still held in memory, on screen or
    /// not. The terminal keeps those it was sent; it is told to delete the others.
    public var keptGraphicIds: Set<UInt32> = []

    /// Where the terminal's cursor is to sit after this frame, shown (`--accessible`: where
    /// the reader is, for braille displays and screen readers, which follow it); nil hides it.
    public var cursor: Cursor?

    public struct Cursor: Hashable, Sendable {
        public var row: Int
        public var column: Int

        public init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }
    }

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(row: Int, column: Int) -> Cell {
        cells[row * width + column]
    }

    /// Writes `text` from (`row`, `column`), clipped to the buffer and to `maxWidth` cells.
    /// A wide cluster that would straddle the edge is not drawn. Returns the cells used.
    @discardableResult
    public mutating func write(
        _ text: String, row: Int, column: Int, style: Style, maxWidth: Int = .max
    ) -> Int {
        guard row >= 0, row < height, column < width else { return 0 }
        let limit = min(width, column.addingReportingOverflow(maxWidth).overflow ? width : column + maxWidth)
        var x = column
        if CellWidth.isPrintableASCII(text) {
            for byte in text.utf8 {
                if x >= limit { break }
                if x >= 0 { place(Cell(content: CellText(ascii: byte), style: style), cells: 1, row: row, column: x) }
                x += 1
            }
            return x - column
        }
        if CellWidth.isNarrowScalars(text) {
            for scalar in text.unicodeScalars {
                if x >= limit { break }
                if x >= 0 {
                    place(Cell(content: CellText(scalar: scalar), style: style), cells: 1, row: row, column: x)
                }
                x += 1
            }
            return x - column
        }
        for character in text {
            let cells = CellWidth.of(character)
            if cells == 0 {
                // A zero-width cluster (a stray combining mark) has no cell of its own.
                continue
            }
            if x + cells > limit { break }
            if x >= 0 { place(Cell(text: String(character), style: style), cells: cells, row: row, column: x) }
            x += cells
        }
        return x - column
    }

    /// Paints `count` cells from (`row`, `column`) with spaces in `style`: a skeleton's bars
    /// and the band's cells, many times a frame, so no character is looked at.
    public mutating func fill(row: Int, column: Int, count: Int, style: Style) {
        guard row >= 0, row < height else { return }
        let start = max(0, column)
        let end = min(width, column + count)
        guard start < end else { return }
        let cell = Cell(content: CellText(ascii: 0x20), style: style)
        // Only the two ends can cut a wide cluster; the cells between are all replaced.
        place(cell, cells: 1, row: row, column: start)
        if end - 1 > start { place(cell, cells: 1, row: row, column: end - 1) }
        let base = row * width
        cells.withUnsafeMutableBufferPointer { cells in
            for x in (start + 1)..<max(start + 1, end - 1) { cells[base + x] = cell }
        }
    }

    /// Puts one narrow cell's text as it is, a cluster of any marks: a kitty placeholder,
    /// which is one cell wide whatever its scalars say.
    public mutating func put(_ content: CellText, row: Int, column: Int, style: Style) {
        guard row >= 0, row < height, column >= 0, column < width else { return }
        place(Cell(content: content, style: style), cells: 1, row: row, column: column)
    }

    /// Gives `count` cells from (`row`, `column`) `style`, keeping their text: a search's
    /// words marked where they were written.
    public mutating func restyle(row: Int, column: Int, count: Int, style: Style) {
        guard row >= 0, row < height else { return }
        let start = max(0, column)
        let end = min(width, column + count)
        guard start < end else { return }
        for x in start..<end { cells[row * width + x].style = style }
    }

    /// Puts a cluster `count` cells wide at a position, blanking the other half of any
    /// wide cluster it overwrites, so that no half of a wide character is left behind.
    /// Takes `columns` of `row` from `other` (of the same size): the part of a frame that
    /// was drawn, when a slow terminal gets a frame a part at a time.
    public mutating func copy(row: Int, columns: Range<Int>, from other: ScreenBuffer) {
        guard other.width == width, other.height == height, row >= 0, row < height else { return }
        let columns = columns.clamped(to: 0..<width)
        let base = row * width
        cells.withUnsafeMutableBufferPointer { cells in
            other.cells.withUnsafeBufferPointer { source in
                for column in columns { cells[base + column] = source[base + column] }
            }
        }
    }

    /// Puts `other` (as high, no wider) at the left edge, its pictures and cursor with it:
    /// the timeline drawn in the columns the reading pane leaves it.
    public mutating func paste(_ other: ScreenBuffer) {
        guard other.height == height, other.width <= width else { return }
        cells.withUnsafeMutableBufferPointer { cells in
            other.cells.withUnsafeBufferPointer { source in
                for row in 0..<height {
                    for column in 0..<other.width { cells[row * width + column] = source[row * other.width + column] }
                }
            }
        }
        graphics += other.graphics
        if !other.paletteLevels.isEmpty { paletteLevels = other.paletteLevels }
        if let cursor = other.cursor { self.cursor = cursor }
    }

    private mutating func place(_ cell: Cell, cells count: Int, row: Int, column: Int) {
        let base = row * width
        if cells[base + column].content.isEmpty, column > 0 {
            cells[base + column - 1].content = CellText(ascii: 0x20)  // the left half of a wide cluster we cut
        }
        let after = column + count
        if after < width, cells[base + after].content.isEmpty {
            cells[base + after].content = CellText(ascii: 0x20)  // the right half of a wide cluster we cut
        }
        cells[base + column] = cell
        if count == 2 { cells[base + column + 1] = Cell(content: CellText(""), style: cell.style) }
    }

    /// The text of each line, wide clusters once, trailing spaces kept.
    public var lines: [String] {
        (0..<height).map { row in
            var line = ""
            for x in 0..<width { line += cells[row * width + x].text }
            return line
        }
    }

    /// One mask character per cell (see `Style.maskCharacter`), line by line.
    public var styleMask: [String] {
        (0..<height).map { row in
            String((0..<width).map { cells[row * width + $0].style.maskCharacter })
        }
    }
}
