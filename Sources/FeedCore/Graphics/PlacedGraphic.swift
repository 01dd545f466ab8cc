/// A picture that the terminal draws in pixels, where a frame puts it: the cells it
/// covers (its top may be above the screen), and which of its rows are on screen.
public struct PlacedGraphic: Hashable, Sendable {
    /// The picture's kitty id (`KittyPictureIds`); in sixel mode, just a name for it.
    public var id: UInt32
    public var pixels: PicturePixels
    /// The screen line of its first row (negative when scrolled partly off the top) and
    /// its first column.
    public var line: Int
    public var column: Int
    public var columns: Int
    public var rows: Int
    /// The picture's rows that are on screen, drawn; the others are cut off.
    public var visibleRows: Range<Int>

    public init(
        id: UInt32, pixels: PicturePixels, line: Int, column: Int, columns: Int, rows: Int, visibleRows: Range<Int>
    ) {
        self.id = id
        self.pixels = pixels
        self.line = line
        self.column = column
        self.columns = columns
        self.rows = rows
        self.visibleRows = visibleRows
    }

    /// The same picture in the same place: the pixels go with the id, and comparing them
    /// byte by byte every frame would cost more than the frame.
    public static func == (left: PlacedGraphic, right: PlacedGraphic) -> Bool {
        left.id == right.id && left.line == right.line && left.column == right.column
            && left.columns == right.columns && left.rows == right.rows && left.visibleRows == right.visibleRows
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(line)
        hasher.combine(column)
        hasher.combine(visibleRows)
    }
}
