import Testing

@testable import FeedCore

/// A placed picture is the same as another only in every respect but its pixels (which go
/// with its id): anything else that differs is a picture to draw again.
@Suite struct PlacedGraphicTests {
    static let placed = PlacedGraphic(
        id: 7, pixels: PictureCellsTests.quadrants, line: 3, column: 5, columns: 14, rows: 4, visibleRows: 0..<4)

    static let changes: [(String, @Sendable (inout PlacedGraphic) -> Void)] = [
        ("id", { $0.id = 8 }), ("line", { $0.line = 4 }), ("column", { $0.column = 6 }),
        ("columns", { $0.columns = 13 }), ("rows", { $0.rows = 5 }), ("visible rows", { $0.visibleRows = 1..<4 }),
    ]

    @Test func everyFieldButThePixelsTellsTwoApart() {
        for (name, change) in Self.changes {
            var other = Self.placed
            change(&other)
            #expect(other != Self.placed, "a different \(name)")
        }
        var repainted = Self.placed
        repainted.pixels = PicturePixels(width: 1, height: 1, rgba: [0, 0, 0, 255])
        #expect(repainted == Self.placed, "the pixels go with the id")
        #expect(repainted.hashValue == Self.placed.hashValue)
    }
}
