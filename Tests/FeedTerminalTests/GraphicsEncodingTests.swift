import FeedCore
import TestSupport
import Testing

@testable import FeedTerminal

/// The sequences of the kitty graphics protocol, sixel and tmux's passthrough, byte for
/// byte, each worked out by hand from the protocol's documentation.
@Suite struct GraphicsEncodingTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func base64AsRFC4648HasIt() {
        // RFC 4648, section 10.
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE="]
        for (plain, encoded) in vectors { #expect(text(KittyGraphics.base64(Array(plain.utf8))) == encoded) }
        #expect(text(KittyGraphics.base64([0xFF, 0x00, 0x00])) == "/wAA")
    }

    @Test func anOpaquePictureIsSentOnceAsRGBWithItsPlacement() {
        // One red pixel: RGB ff 00 00 is "/wAA"; placed in 2 × 1 cells, no replies.
        let red = PicturePixels.painted(1, 1) { _, _ in [255, 0, 0, 255] }
        let sequences = KittyGraphics.transmit(red, id: 0x0500_002A, columns: 2, rows: 1)
        #expect(
            sequences.map(text) == [
                "\u{1B}_Ga=T,U=1,f=24,s=1,v=1,i=83886122,c=2,r=1,q=2,m=0;/wAA\u{1B}\\"
            ])
    }

    @Test func aPictureWithTransparencyIsSentAsRGBA() {
        let clear = PicturePixels.painted(1, 1) { _, _ in [0, 0, 255, 0] }
        // RGBA 00 00 ff 00 is "AAD/AA==".
        #expect(
            KittyGraphics.transmit(clear, id: 300, columns: 1, rows: 1).map(text) == [
                "\u{1B}_Ga=T,U=1,f=32,s=1,v=1,i=300,c=1,r=1,q=2,m=0;AAD/AA==\u{1B}\\"
            ])
    }

    @Test func aLargePictureGoesIn4096ByteChunks() {
        // 1366 pixels of RGB: 4098 bytes, 5464 of base64: a chunk of 4096 and one of 1368.
        // Noise, which zlib cannot make smaller: it goes as it is.
        var seed: UInt32 = 1
        let wide = PicturePixels.painted(1366, 1) { _, _ in
            seed = seed &* 1_103_515_245 &+ 12345
            return [
                UInt8(truncatingIfNeeded: seed >> 24), UInt8(truncatingIfNeeded: seed >> 16),
                UInt8(truncatingIfNeeded: seed >> 8), 255,
            ]
        }
        let sequences = KittyGraphics.transmit(wide, id: 300, columns: 10, rows: 1)
        #expect(sequences.count == 2)
        let first = text(sequences[0])
        let second = text(sequences[1])
        #expect(first.hasPrefix("\u{1B}_Ga=T,U=1,f=24,s=1366,v=1,i=300,c=10,r=1,q=2,m=1;"))
        #expect(second.hasPrefix("\u{1B}_Gm=0,q=2;"))
        #expect(sequences[0].count == "\u{1B}_Ga=T,U=1,f=24,s=1366,v=1,i=300,c=10,r=1,q=2,m=1;".utf8.count + 4096 + 2)
        #expect(sequences[1].count == "\u{1B}_Gm=0,q=2;".utf8.count + 1368 + 2)
    }

    @Test func aFlatPictureGoesCompressed() {
        // 64 × 64 of one colour: 12,288 bytes of RGB, a few dozen deflated. zlib's header
        // at its default level is 78 9C, "eJ" in base64.
        let flat = PicturePixels.painted(64, 64) { _, _ in [200, 100, 50, 255] }
        let sequences = KittyGraphics.transmit(flat, id: 300, columns: 8, rows: 4)
        #expect(sequences.count == 1)
        let sequence = text(sequences[0])
        #expect(sequence.hasPrefix("\u{1B}_Ga=T,U=1,f=24,o=z,s=64,v=64,i=300,c=8,r=4,q=2,m=0;eJ"))
        #expect(sequence.utf8.count < 200)
    }

    @Test func aPictureLetGoIsDeletedWithItsData() {
        #expect(text(KittyGraphics.delete(id: 300)) == "\u{1B}_Ga=d,d=I,i=300,q=2\u{1B}\\")
    }

    @Test func tmuxPassthroughDoublesEveryEscape() {
        #expect(
            text(TmuxPassthrough.wrap(Array("\u{1B}_Ga=d\u{1B}\\".utf8)))
                == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d\u{1B}\u{1B}\\\u{1B}\\")
    }

    @Test func aPlaceholderCarriesRowColumnAndTheIdsHighByte() {
        // Row 1: U+030D; column 2: U+030E; high byte 5: U+033D. The low byte, 42, is the colour.
        let cell = KittyPlaceholder.cell(row: 1, column: 2, id: 0x0500_002A)
        #expect(
            Array(cell.string.utf8) == [
                0xF4, 0x8E, 0xBB, 0xAE, 0xCC, 0x8D, 0xCC, 0x8E, 0xCC, 0xBD,
            ])
        // The largest: row and column 296 (the table's last, U+1D244) and high byte 255
        // (U+A8E5) still fit a cell.
        let last = KittyPlaceholder.cell(row: 296, column: 296, id: 0xFF00_0010)
        #expect(last.string.unicodeScalars.map(\.value) == [0x10EEEE, 0x1D244, 0x1D244, 0xA8E5])
        for depth in [ColorDepth.ansi256, .truecolor] {
            #expect(StyleMapping.style(for: Style(.kittyPlaceholder(id: 0x0500_002A)), depth: depth).foreground == 42)
        }
        // A cell under a sixel looks blank but is not, to ncurses.
        #expect(StyleMapping.style(for: Style(.underPixels), depth: .ansi256).bold)
    }

    @Test func sixelWritesEachBandColourByColour() {
        // Two columns six pixels tall: red, then blue. The palette is cut at the red
        // channel (its widest), blue below red: #0 blue, #1 red. Red comes first in the
        // band: all six of its bits in column 0 ("~", 63 + 63), then none in column 1,
        // which is left out; "$" goes back to the band's start for blue: "?~".
        let two = PicturePixels.painted(2, 6) { x, _ in x == 0 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        #expect(
            text(SixelEncoder.encode(two))
                == "\u{1B}P0;1;0q\"1;1;2;6#0;2;0;0;100#1;2;100;0;0#1~$#0?~\u{1B}\\")
        // A run of four or more is "!count"; a transparent pixel sets no bit (column 9 of
        // the first band has bits 1–5: 63 + 62 = "}"); "-" starts the second band, whose
        // two rows are bits 0 and 1: 63 + 3 = "B".
        let tall = PicturePixels.painted(10, 8) { x, y in x == 9 && y == 0 ? [0, 0, 0, 0] : [0, 255, 0, 255] }
        #expect(
            text(SixelEncoder.encode(tall))
                == "\u{1B}P0;1;0q\"1;1;10;8#0;2;0;100;0#0!9~}-#0!10B\u{1B}\\")
    }

    @Test func sixelKeepsAFewColoursExactlyAndCutsManyToTheRegisters() {
        let few = PicturePixels.painted(8, 6) { x, _ in [UInt8(x * 30), 100, 200, 255] }
        let (palette, indices) = SixelEncoder.quantize(few, colors: 256)
        #expect(palette.count == 8)
        for x in 0..<8 { #expect(palette[Int(indices[x])] == UInt32(x * 30) << 16 | 100 << 8 | 200) }
        let many = PicturePixels.painted(64, 64) { x, y in [UInt8(x * 4), UInt8(y * 4), 128, 255] }
        let cut = SixelEncoder.quantize(many, colors: 16)
        #expect(cut.palette.count == 16 && cut.indices.allSatisfy { (0..<16).contains($0) })
    }

    @Test func theProbeDecidesTheDrawing() {
        func answers(_ text: String) -> TerminalProbe.Answers { TerminalProbe.parse(Array(text.utf8)) }
        let kitty = answers("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c")
        let sixel = answers("\u{1B}[?63;1;2;4;6;9;15;16;22;28c")
        let plain = answers("\u{1B}[?62;22c")
        let cell = CellPixels(width: 8, height: 17)
        func choose(
            _ requested: ImageChoice, _ answers: TerminalProbe.Answers, depth: ColorDepth = .ansi256,
            tmux: PictureSupport.Tmux = .outside, cell: CellPixels? = cell
        ) -> PictureSupport {
            PictureSupport.choose(requested: requested, answers: answers, depth: depth, tmux: tmux, cellSize: cell)
        }
        #expect(choose(.auto, kitty).drawing == .kitty)
        #expect(
            choose(.auto, kitty, tmux: .passthrough)
                == PictureSupport(drawing: .kitty, cellSize: cell, throughTmux: true))
        #expect(choose(.auto, sixel).drawing == .sixel)
        #expect(choose(.auto, sixel, cell: nil).drawing == .cells, "a sixel picture needs the cells' pixels")
        #expect(choose(.auto, plain) == PictureSupport(drawing: .cells, cellSize: cell))
        #expect(choose(.cells, kitty).drawing == .cells && choose(.none, sixel).drawing == .cells)
        // tmux without passthrough: cells, and the reader is told why, once.
        let blocked = choose(.auto, plain, tmux: .noPassthrough)
        #expect(blocked.drawing == .cells && blocked.notice?.contains("allow-passthrough") == true)
        #expect(choose(.kitty, plain, tmux: .noPassthrough).drawing == .cells)
        // Asked for: kitty without an answer (the reader knows), sixel at the VT340's cell.
        #expect(choose(.kitty, plain).drawing == .kitty)
        #expect(choose(.kitty, plain, depth: .ansi16).drawing == .cells)
        #expect(
            choose(.sixel, plain, cell: nil)
                == PictureSupport(drawing: .sixel, cellSize: CellPixels(width: 10, height: 20)))
        #expect(choose(.auto, kitty, depth: .ansi16).drawing == .cells, "a placeholder's id is a 256-colour")
    }

    @Test func aCellSizeAnswerAfterAResizeIsNoKey() {
        var decoder = InputDecoder()
        #expect(
            decoder.feed(Array("\u{1B}[6;18;9t".utf8)[...], at: .zero) == [.cellSize(CellPixels(width: 9, height: 18))])
        #expect(decoder.feed(Array("\u{1B}[4;400;800t".utf8)[...], at: .zero) == [.ignored])
    }

    @Test func aWindowReportIsReadOneWayByTheProbeAndTheDecoder() {
        #expect(CellPixels.windowReport("6;18;9")?.1 == CellPixels(width: 9, height: 18))
        #expect(CellPixels.windowReport("4;408;640").map { $0.0 == .textArea && $0.1.width == 640 } == true)
        // The text area in cells (8), a size of nothing, a field short or empty: no size.
        for parameters in ["8;24;80", "6;0;10", "6;18", "6;;9", "6;18;9;1"] {
            #expect(CellPixels.windowReport(parameters) == nil, "\(parameters)")
        }
        #expect(TerminalProbe.parse(Array("\u{1B}[6;0;10t".utf8)).cellSize == nil)
        // A cell of an area: nil where the terminal fills in no pixels.
        let area = CellPixels(width: 640, height: 408)
        #expect(CellPixels(of: area, columns: 80, rows: 24) == CellPixels(width: 8, height: 17))
        #expect(CellPixels(of: CellPixels(width: 0, height: 0), columns: 80, rows: 24) == nil)
        #expect(CellPixels(of: area, columns: 0, rows: 24) == nil)
    }
}
