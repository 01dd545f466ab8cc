import Testing

@testable import FeedCore

@Suite struct CellTextTests {
    @Test(arguments: [" ", "a", "~", "é", "한", "日", "🙂", "🇫🇷", "1️⃣", "e\u{301}", ""])
    func aClusterComesBackAsItWent(_ text: String) {
        #expect(CellText(text).string == text)
        #expect(CellText(text).isEmpty == text.isEmpty)
        #expect(ScreenBuffer.Cell(text: text, style: .plain).text == text)
    }

    @Test func asciiIsKnownWithoutAString() {
        #expect(CellText(ascii: 0x41) == CellText("A"))
        #expect(CellText("A").ascii == 0x41)
        #expect(CellText("é").ascii == nil)
        #expect(CellText("").ascii == nil)
    }

    @Test func aClusterLongerThanACellHoldsKeepsItsFirstScalars() {
        // A character under ten thousand combining marks: ncurses draws at most four.
        let hostile = "e" + String(repeating: "\u{301}", count: 10_000)
        let kept = CellText(hostile).string
        #expect(kept.unicodeScalars.count == CellText.maxScalars)
        #expect(kept.unicodeScalars.elementsEqual(hostile.unicodeScalars.prefix(CellText.maxScalars)))
        // Never a partial scalar, never over the capacity.
        let wide = String(repeating: "\u{1F642}", count: 9)
        #expect(CellText(wide).string == String(repeating: "\u{1F642}", count: 3))  // 12 of 15 bytes
        #expect(CellText(String(repeating: "한", count: 9)).string.utf8.count <= CellText.capacity)
    }

    @Test func aCellIsSmallAndHoldsNoReferences() {
        #expect(MemoryLayout<ScreenBuffer.Cell>.stride <= 24)
        #expect(_isPOD(ScreenBuffer.Cell.self))
    }

    @Test func stylesKeepTheirInkAndFade() {
        let inks: [Ink] = [
            .plain, .muted, .name, .title, .likes, .liked, .selection, .avatar(color: 7), .skeleton(level: 8),
            .skeletonEdge(left: 3, right: 6), .skeletonSlot(5), .statusBar, .error, .help, .helpKey,
        ]
        for ink in inks {
            for fade in 0...CrossFade.steps {
                let style = Style(ink, fade: fade)
                #expect(style.ink == ink && style.fade == fade)
            }
        }
        #expect(Set(inks.map { Style($0) }).count == inks.count)
    }

    @Test func equalTextsAreEqualCells() {
        #expect(CellText("x") == CellText("x"))
        #expect(CellText("x") != CellText("y"))
        #expect(Set([CellText("x"), CellText("x"), CellText("한")]).count == 2)
    }
}
