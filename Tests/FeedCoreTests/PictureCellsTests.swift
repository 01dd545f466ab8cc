import Testing

@testable import FeedCore

/// Pictures in cells: the fit, the glyph each cell gets, transparency; and BlurHash
/// against the reference implementation.
@Suite struct PictureCellsTests {
    static let red: UInt32 = 0xFF0000
    static let green: UInt32 = 0x00FF00
    static let blue: UInt32 = 0x0000FF
    static let white: UInt32 = 0xFFFFFF

    /// A picture of `width` × `height` whose pixel at (x, y) is `color(x, y)` (nil: clear).
    static func picture(_ width: Int, _ height: Int, _ color: (Int, Int) -> UInt32?) -> PicturePixels {
        var rgba: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                if let value = color(x, y) {
                    rgba += [UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF), 255]
                } else {
                    rgba += [0, 0, 0, 0]
                }
            }
        }
        return PicturePixels(width: width, height: height, rgba: rgba)
    }

    /// Red and green above, blue and white below, 32 × 16.
    static let quadrants = picture(32, 16) { x, y in
        y < 8 ? (x < 16 ? red : green) : (x < 16 ? blue : white)
    }

    @Test func aPictureTwiceAsWideAsTallFillsFourCellsOfOneLineInHalfBlocks() {
        // Four cells of one line are as wide as two lines are tall: 2:1, the picture's shape.
        let cells = CellPicture(Self.quadrants, columns: 4, rows: 1)
        #expect(cells.cells.map(\.glyph) == ["▀", "▀", "▀", "▀"])
        #expect(cells[0, 0].ink == .picture(foreground: Self.red, background: Self.blue))
        #expect(cells[0, 1].ink == .picture(foreground: Self.red, background: Self.blue))
        #expect(cells[0, 3].ink == .picture(foreground: Self.green, background: Self.white))
    }

    @Test func aDiagonalTakesAQuadrantGlyph() {
        // Two cells' worth of dots in one: red top left and bottom right, blue elsewhere.
        let diagonal = Self.picture(2, 4) { x, y in (x == 0) == (y < 2) ? Self.red : Self.blue }
        let cells = CellPicture(diagonal, columns: 1, rows: 1)
        #expect(cells[0, 0].glyph == "▚")
        #expect(cells[0, 0].ink == .picture(foreground: Self.red, background: Self.blue))
    }

    @Test func aFlatCellIsASpaceInItsColour() {
        let flat = Self.picture(2, 4) { _, _ in 0x336699 }
        let cells = CellPicture(flat, columns: 1, rows: 1)
        #expect(cells[0, 0].glyph == " ")
        #expect(cells[0, 0].ink == .picture(foreground: 0x336699, background: 0x336699))
    }

    @Test func transparentDotsShowTheTerminalsBackground() {
        // The bottom right quadrant clear.
        let holed = Self.picture(32, 16) { x, y in x >= 16 && y >= 8 ? nil : Self.red }
        let cells = CellPicture(holed, columns: 4, rows: 1)
        #expect(cells[0, 0].ink == .picture(foreground: Self.red, background: Self.red))
        #expect(cells[0, 3].glyph == "▀" && cells[0, 3].ink == .pictureOnDefault(foreground: Self.red))
        let clear = CellPicture(Self.picture(2, 2) { _, _ in nil }, columns: 2, rows: 2)
        #expect(clear.cells.allSatisfy { $0 == .clear })
    }

    @Test func aPictureKeepsItsShapeCentredInCellsOfAnother() {
        // A square picture in cells four times as wide as tall: 2 of 8 columns clear on
        // each side (a square of 2 lines is 4 cells wide).
        let square = Self.picture(8, 8) { _, _ in Self.green }
        let cells = CellPicture(square, columns: 8, rows: 2)
        for row in 0..<2 {
            #expect((0..<8).map { cells[row, $0] == .clear } == [true, true, false, false, false, false, true, true])
        }
        let fit = CellPicture.fit(width: 8, height: 8, columns: 8, rows: 2)
        #expect(fit.width == 8 && fit.height == 4 && fit.left == 4 && fit.top == 0)
    }

    @Test func scalingDownAveragesAndWeighsByAlpha() {
        let scaled = Self.quadrants.scaledDown(toFit: 2)
        #expect(scaled.width == 2 && scaled.height == 1)
        // Red over blue: the mean of the two, per channel.
        #expect(Array(scaled.rgba[0..<4]) == [128, 0, 128, 255])
        let half = Self.picture(2, 1) { x, _ in x == 0 ? Self.red : nil }.resampled(width: 1, height: 1)
        #expect(Array(half.rgba) == [255, 0, 0, 128], "a clear pixel lends no colour, only its alpha")
        #expect(Self.quadrants.scaledDown(toFit: 64) == Self.quadrants, "never scaled up")
    }

    // MARK: BlurHash

    /// The reference implementation's values: Wolt's C decoder through its Python binding
    /// (`blurhash-python` 1.2.2, `blurhash.decode(hash, width, height)`).
    @Test func blurhashDecodesAsTheReferenceDoes() throws {
        let known: [(hash: String, width: Int, height: Int, pixels: [(x: Int, y: Int, rgb: [UInt8])])] = [
            (
                "LEHV6nWB2yk8pyo0adR*.7kCMdnj", 8, 6,
                [
                    (0, 0, [135, 164, 177]), (7, 0, [144, 167, 179]), (4, 3, [158, 125, 108]),
                    (0, 5, [132, 144, 149]), (7, 5, [139, 143, 146]),
                ]
            ),
            (
                "UFBWY:8_0Jxv4mx]t8t64.%M-:IUWGWAt6M}", 6, 4,
                [(0, 0, [0, 0, 0]), (3, 2, [158, 148, 152]), (0, 3, [6, 0, 36]), (5, 3, [121, 129, 135])]
            ),
        ]
        for sample in known {
            let pixels = try #require(Blurhash.decode(sample.hash, width: sample.width, height: sample.height))
            for (x, y, rgb) in sample.pixels {
                let offset = (y * pixels.width + x) * 4
                #expect(Array(pixels.rgba[offset..<(offset + 3)]) == rgb, "\(sample.hash) at (\(x), \(y))")
            }
        }
    }

    @Test func blurhashPartsAsPublished() {
        // The values other decoders' tests publish for the same inputs.
        #expect(Blurhash.decode83("L".utf8) == 21 && Blurhash.decode83("U".utf8) == 30)
        #expect(Blurhash.decode83("(".utf8) == nil && Blurhash.decode83("試".utf8) == nil)
        #expect(Blurhash.components(sizeFlag: 50) == (6, 6))
        #expect(abs(Blurhash.maximumAC(50) - 0.307_229) < 1e-6)
    }

    @Test func aBrokenBlurhashDecodesToNothing() {
        #expect(Blurhash.decode("LEHV6nWB2yk8pyo0adR*.7kCMdn", width: 8, height: 6) == nil, "one character short")
        #expect(Blurhash.decode("LEHV6nWB2yk8pyo0adR*.7kCMdn(", width: 8, height: 6) == nil)
        #expect(Blurhash.decode("", width: 8, height: 6) == nil)
        #expect(Blurhash.decode("LEHV6nWB2yk8pyo0adR*.7kCMdnj", width: 0, height: 6) == nil)
    }
}
