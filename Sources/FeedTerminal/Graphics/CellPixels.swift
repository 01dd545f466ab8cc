/// A size in pixels: a cell's, or the text area's.
public struct CellPixels: Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// A cell of `area` when it is `columns` × `rows` cells; nil where that leaves a cell
    /// under a pixel (a terminal that fills in no pixel size says 0).
    init?(of area: CellPixels, columns: Int, rows: Int) {
        guard columns > 0, rows > 0, area.width >= columns, area.height >= rows else { return nil }
        self.init(width: area.width / columns, height: area.height / rows)
    }

    /// What a window report measures: `CSI 6 ; height ; width t` a cell, `CSI 4 ; …` the
    /// text area.
    enum Measured {
        case cell
        case textArea
    }

    /// The size a window report's parameters give ("6;20;10"), and what it is of; nil for
    /// any other report, or a size of nothing.
    static func windowReport(_ parameters: some StringProtocol) -> (Measured, CellPixels)? {
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        guard fields.count == 3, let height = fields[1], let width = fields[2], height > 0, width > 0 else {
            return nil
        }
        let size = CellPixels(width: width, height: height)
        switch fields[0] {
        case 6: return (.cell, size)
        case 4: return (.textArea, size)
        default: return nil
        }
    }
}
