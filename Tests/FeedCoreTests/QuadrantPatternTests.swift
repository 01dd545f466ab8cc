import Testing

@testable import FeedCore

private typealias C = PictureCellsTests

/// Every two-colour pattern of a cell's four dots is drawn as it is: each of the 14 has a
/// glyph (itself or its inverse, colours swapped), chosen over the half block when the
/// picture needs it. With the clear dots showing the terminal, each is its own glyph.
@Suite struct QuadrantPatternTests {
    /// The dots each block glyph's foreground covers, as Unicode draws it (not the table
    /// the code uses): 0 top left, 1 top right, 2 bottom left, 3 bottom right.
    static let covers: [Unicode.Scalar: Set<Int>] = [
        " ": [], "▘": [0], "▝": [1], "▀": [0, 1], "▖": [2], "▌": [0, 2], "▞": [1, 2], "▛": [0, 1, 2],
        "▗": [3], "▚": [0, 3], "▐": [1, 3], "▜": [0, 1, 3], "▄": [2, 3], "▙": [0, 2, 3], "▟": [1, 2, 3],
        "█": [0, 1, 2, 3],
    ]

    /// One cell's picture: 2 × 4 pixels, which fill its 2 × 2 dots; the dots in `pattern`
    /// are `inside`, the others `outside` (nil: clear).
    static func cellPicture(_ pattern: Set<Int>, inside: UInt32, outside: UInt32?) -> PicturePixels {
        C.picture(2, 4) { x, y in pattern.contains((y / 2) * 2 + x) ? inside : outside }
    }

    /// The 14 patterns of two colours: every set of dots but none and all.
    static let patterns: [Set<Int>] = (1..<15).map { mask in Set((0..<4).filter { mask & (1 << $0) != 0 }) }

    @Test(arguments: patterns)
    func eachPatternOfTwoColoursIsDrawnExactly(pattern: Set<Int>) throws {
        let cell = CellPicture(Self.cellPicture(pattern, inside: C.red, outside: C.blue), columns: 1, rows: 1)[0, 0]
        let covered = try #require(Self.covers[cell.glyph], "a block glyph: \(cell.glyph)")
        guard case .picture(let foreground, let background) = cell.ink else {
            Issue.record("two colours in the cell: \(cell.ink)")
            return
        }
        let drawn = (0..<4).map { covered.contains($0) ? foreground : background }
        let wanted = (0..<4).map { pattern.contains($0) ? C.red : C.blue }
        #expect(drawn == wanted, "pattern \(pattern.sorted()) drawn with \(cell.glyph)")
    }

    @Test(arguments: patterns)
    func eachPatternOverTheTerminalIsItsOwnGlyph(pattern: Set<Int>) {
        let cell = CellPicture(Self.cellPicture(pattern, inside: C.green, outside: nil), columns: 1, rows: 1)[0, 0]
        #expect(Self.covers[cell.glyph] == pattern)
        #expect(cell.ink == .pictureOnDefault(foreground: C.green))
    }

    /// Nearly a half block: red above; below, blue and a purple nearer red. "▜" (the purple
    /// with the reds) leaves 70 % of the half block's error: closer, not enough to be worth
    /// a glyph that changes from frame to frame.
    @Test func aNearlyHalfBlockStaysAHalfBlock() {
        let nearly = C.picture(2, 4) { x, y in y < 2 ? C.red : (x == 1 ? 0x94006B : C.blue) }
        #expect(CellPicture(nearly, columns: 1, rows: 1)[0, 0].glyph == "▀")
    }
}
