import TestSupport
import Testing

@testable import FeedCore

private typealias V = Views
private typealias P = PictureStateTests

/// Pictures the terminal draws itself (`--images kitty`, `sixel`): the frame holds their
/// cells (kitty placeholders, or blank cells under a sixel) and says where each picture
/// goes; skeleton and BlurHash stay cells.
@Suite struct PixelPicturesTests {
    /// One source's view drawing pictures as `drawing`, its posts answered at 100 ms.
    static func loaded(
        _ posts: [Post], drawing: PictureDrawing, size: TerminalSize = V.size, pane: PaneChoice = .auto
    ) -> AppState {
        var options = V.options(1)
        options.pane = pane
        options.pictures = true
        options.pictureDrawing = drawing
        options.pictureIdSalt = 0x5EED
        var state = AppState(options: options, size: size)
        _ = state.apply(.start, at: .zero)
        _ = V.answer(&state, source: 0, posts, at: .milliseconds(100))
        return state
    }

    @Test func kittyPlaceholdersNameEachCellsRowColumnAndPicture() throws {
        var state = Self.loaded([P.post("a", minutesAgo: 1)], drawing: .kitty)
        _ = state.apply(.picture(url: P.media + "a", .loaded(P.pixels)), at: .seconds(1))
        let strip = try #require(state.viewport.layout(at: 0).pictures.first)
        let frame = FeedRenderer.render(state.advanced(to: .seconds(1)))
        let graphic = try #require(frame.graphics.first)
        #expect(frame.graphics.count == 1, "the avatar has not come: its cells shimmer")
        #expect((graphic.line, graphic.column) == (strip.line, strip.column))
        #expect((graphic.columns, graphic.rows, graphic.visibleRows) == (strip.columns, strip.rows, 0..<strip.rows))
        for row in 0..<strip.rows {
            for column in 0..<strip.columns {
                let cell = frame[strip.line + row, strip.column + column]
                #expect(cell.style == Style(.kittyPlaceholder(id: graphic.id)), "no fade: the terminal draws it")
                let scalars = cell.text.unicodeScalars.map(\.value)
                #expect(
                    scalars == [
                        0x10EEEE, KittyPlaceholder.diacritics[row], KittyPlaceholder.diacritics[column],
                        KittyPlaceholder.diacritics[Int(graphic.id >> 24)],
                    ])
            }
        }
        #expect(frame.keptGraphicIds == [graphic.id])
        // The text around is as it was in cells.
        #expect(frame[strip.line + strip.rows, strip.column] == ScreenBuffer.Cell(text: "▣", style: .plain))
    }

    /// `images=cells` on the source: its pictures are drawn in cells though the terminal
    /// draws kitty's, and no id is given to them.
    @Test func aSourcesPicturesInCellsWhateverTheTerminalDraws() throws {
        var options = V.options(1)
        options.pictures = true
        options.pictureDrawing = .kitty
        options.sourceImages = [0: .cells]
        var state = AppState(options: options, size: V.size)
        _ = state.apply(.start, at: .zero)
        _ = V.answer(&state, source: 0, [P.post("a", minutesAgo: 1)], at: .milliseconds(100))
        _ = state.apply(.picture(url: P.media + "a", .loaded(P.pixels)), at: .seconds(1))
        let strip = try #require(state.viewport.layout(at: 0).pictures.first)
        #expect(strip.picture.inCells)
        let frame = FeedRenderer.render(state.advanced(to: .seconds(3)))
        #expect(frame.graphics.isEmpty, "no kitty picture")
        let inColour = (0..<strip.rows).flatMap { row in
            (0..<strip.columns).filter { P.isPicture(frame[strip.line + row, strip.column + $0].style.ink) }
        }
        #expect(inColour.count == strip.rows * strip.columns, "every cell in the picture's own colours")
        #expect(state.pictures.ids.id(source: P.media + "a", columns: strip.columns, rows: strip.rows) == nil)
    }

    /// Kitty numbers a placeholder's row and column with its diacritics, 297 of them: a
    /// picture wider than that (a panorama, expanded on a very wide terminal) is drawn in
    /// cells.
    @Test func aPictureWiderThanKittyCanNumberIsDrawnInCells() throws {
        var panorama = P.post("a", minutesAgo: 1)
        panorama.attachments[0].width = 8000
        panorama.attachments[0].height = 100
        // One column: the row as wide as the screen.
        var state = Self.loaded([panorama], drawing: .kitty, size: TerminalSize(width: 340, height: 60), pane: .off)
        _ = state.apply(.key(.enter), at: .milliseconds(500))
        _ = state.apply(.picture(url: P.media + "a", .loaded(P.pixels)), at: .seconds(1))
        let strip = try #require(state.viewport.layout(at: 0).pictures.first)
        try #require(strip.columns > KittyPlaceholder.limit && strip.rows <= KittyPlaceholder.limit, "\(strip)")
        let frame = FeedRenderer.render(state.advanced(to: .seconds(3)))
        #expect(frame.graphics.isEmpty)
        let placeholders = (0..<strip.columns).filter { column in
            frame[strip.line, strip.column + column].text.unicodeScalars.first?.value == 0x10EEEE
        }
        #expect(placeholders.isEmpty)
        let inColour = (0..<strip.rows).flatMap { row in
            (0..<strip.columns).filter { P.isPicture(frame[strip.line + row, strip.column + $0].style.ink) }
        }
        #expect(!inColour.isEmpty, "the picture's own colours, in cells")
    }

    @Test func idsAreStableDistinctAndFitTheColourAndTheThirdMark() {
        var ids = KittyPictureIds(salt: 7)
        let first = ids.assign(source: "https://x.example/a", columns: 14, rows: 4)
        #expect(ids.assign(source: "https://x.example/a", columns: 14, rows: 4) == first)
        #expect(ids.id(source: "https://x.example/a", columns: 14, rows: 4) == first)
        let expanded = ids.assign(source: "https://x.example/a", columns: 43, rows: 12)
        #expect(expanded != first, "a placement has one size: another size is another picture")
        var seen: Set<UInt32> = [first, expanded]
        for index in 0..<2000 {
            let id = ids.assign(source: "https://x.example/\(index)", columns: 4, rows: 2)
            #expect(seen.insert(id).inserted)
            #expect((16...255).contains(id & 0xFF) && (1...255).contains(id >> 24) && (id >> 8) & 0xFFFF == 0)
        }
        // Another run's salt names the same picture differently.
        var otherRun = KittyPictureIds(salt: 8)
        #expect(otherRun.assign(source: "https://x.example/a", columns: 14, rows: 4) != first)
        ids.forget("https://x.example/a")
        #expect(!ids.kept.contains(first) && !ids.kept.contains(expanded) && ids.kept.count == 2000)
        #expect(ids.id(source: "https://x.example/a", columns: 14, rows: 4) == nil)
    }

    /// Render only reads the state: the ids pictures are drawn by were given when they were
    /// scheduled, so drawing other frames first changes nothing of this one.
    @Test func theSameStateRenderedTwiceGivesTheSameFrameAndGivesNoIds() {
        let posts = (0..<6).map { P.post("p\($0)", minutesAgo: $0 + 1) }
        var state = Self.loaded(posts, drawing: .kitty, size: TerminalSize(width: 80, height: 16))
        for index in 0..<6 { _ = state.apply(.picture(url: P.media + "p\(index)", .loaded(P.pixels)), at: .seconds(1)) }
        let kept = state.pictures.ids.kept
        #expect(!kept.isEmpty, "the pictures on the screen had their ids when they were scheduled")
        let first = FeedRenderer.render(state, elapsed: .seconds(2))
        var elsewhere = state
        for _ in 0..<4 { _ = elsewhere.apply(.key(.character("j")), at: .seconds(1)) }
        _ = FeedRenderer.render(elsewhere, elapsed: .seconds(2))
        let later = state.advanced(to: .seconds(9))
        _ = FeedRenderer.render(later)
        let second = FeedRenderer.render(state, elapsed: .seconds(2))
        #expect(first == second)
        #expect(!first.graphics.isEmpty && first.keptGraphicIds == kept)
        #expect(state.pictures.ids.kept == kept && state.timing.now == .seconds(1), "the state is as it was")
    }

    @Test func aPictureCutByTheTopOfTheScreenStartsAtItsFirstVisibleRow() throws {
        let posts = (0..<6).map { P.post("p\($0)", minutesAgo: $0 + 1) }
        var state = Self.loaded(posts, drawing: .kitty, size: TerminalSize(width: 80, height: 16))
        for index in 0..<6 { _ = state.apply(.picture(url: P.media + "p\(index)", .loaded(P.pixels)), at: .seconds(1)) }
        let layout = state.viewport.layout(at: 0)
        let strip = try #require(layout.pictures.first)
        // Scrolled so that the first row's picture has lost its top two lines.
        state.scroll = ScrollPosition(row: 0, line: strip.line + 2)
        let frame = FeedRenderer.render(state.advanced(to: .seconds(2)))
        let graphic = try #require(frame.graphics.first { $0.line == -2 })
        #expect(graphic.line == -2 && graphic.visibleRows == 2..<strip.rows)
        let cell = frame[0, strip.column].text.unicodeScalars.map(\.value)
        #expect(cell[1] == KittyPlaceholder.diacritics[2] && cell[2] == KittyPlaceholder.diacritics[0])
        // Nothing is drawn on the status line.
        #expect(frame.graphics.allSatisfy { $0.line + $0.visibleRows.upperBound <= frame.height - 1 })
    }

    @Test func aPictureStopsAboveTheStatusLine() throws {
        let post = P.post("a", minutesAgo: 1)
        let strip = try #require(Self.loaded([post], drawing: .kitty).viewport.layout(at: 0).pictures.first)
        // The screen ends so that the picture's third row would be on the status line.
        for drawing in [PictureDrawing.kitty, .sixel] {
            var state = Self.loaded([post], drawing: drawing, size: TerminalSize(width: 80, height: strip.line + 3))
            _ = state.apply(.picture(url: P.media + "a", .loaded(P.pixels)), at: .seconds(1))
            let frame = FeedRenderer.render(state.advanced(to: .seconds(1)))
            let graphic = try #require(frame.graphics.first)
            #expect(graphic.visibleRows == 0..<2)
            #expect(frame[strip.line + 2, strip.column].style.ink == .statusBar)
        }
    }

    @Test func sixelCellsAreBlankAndThePictureGoesOverThem() throws {
        var state = Self.loaded([P.post("a", minutesAgo: 1)], drawing: .sixel)
        _ = state.apply(.picture(url: P.media + "a", .loaded(P.pixels)), at: .seconds(1))
        let strip = try #require(state.viewport.layout(at: 0).pictures.first)
        let frame = FeedRenderer.render(state.advanced(to: .seconds(1)))
        #expect(frame.graphics.map(\.visibleRows) == [0..<strip.rows] && frame.keptGraphicIds.isEmpty)
        for row in 0..<strip.rows {
            for column in 0..<strip.columns {
                #expect(frame[strip.line + row, strip.column + column] == .init(text: " ", style: Style(.underPixels)))
            }
        }
        // With help open over it, the picture is drawn in cells: no sixel covers the help.
        _ = state.apply(.key(.character("?")), at: .seconds(2))
        let help = FeedRenderer.render(state.advanced(to: .seconds(2)))
        #expect(help.graphics.isEmpty)
    }

    @Test func aSixelPictureLosesTheRowsSomethingWasDrawnOver() throws {
        var state = Self.loaded([P.post("a", minutesAgo: 1)], drawing: .sixel)
        _ = state.apply(.picture(url: P.media + "a", .loaded(P.pixels)), at: .seconds(1))
        var frame = FeedRenderer.render(state.advanced(to: .seconds(1)))
        let graphic = try #require(frame.graphics.first)
        // The "new" marker on the top line, over the picture's first row.
        frame.write("▲", row: graphic.line, column: graphic.column + 1, style: Style(.statusBar))
        PicturePainter.finish(&frame, state: state)
        #expect(frame.graphics.first?.visibleRows == 1..<graphic.rows)
        // A hole in the middle takes it away.
        frame.write("x", row: graphic.line + 2, column: graphic.column + 1, style: Style(.help))
        PicturePainter.finish(&frame, state: state)
        #expect(frame.graphics.isEmpty)
    }

    @Test func theSkeletonAndTheBlurhashStayCells() throws {
        let state = Self.loaded(
            [P.post("a", minutesAgo: 1, blurhash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj")], drawing: .kitty)
        let strip = try #require(state.viewport.layout(at: 0).pictures.first)
        let early = FeedRenderer.render(state.advanced(to: .milliseconds(150)))
        #expect(early[strip.line, strip.column].style.ink.isSkeleton && early.graphics.isEmpty)
        let later = FeedRenderer.render(state.advanced(to: .milliseconds(100) + SkeletonTiming.showDelay))
        #expect(P.isPicture(later[strip.line + 1, strip.column + 3].style.ink) && later.graphics.isEmpty)
    }

    @Test func anEvictedPictureIsLetGoOf() {
        let posts = (0..<60).map { P.post("p\($0)", minutesAgo: $0 + 1, picture: false) }
        var state = Self.loaded(posts, drawing: .kitty)
        let big = PicturePixels(width: 512, height: 512, rgba: [UInt8](repeating: 200, count: 512 * 512 * 4))
        var firstId: UInt32?
        for index in 0..<60 {
            let url = P.avatar + "p\(index)"
            if state.pictures.phases[url] == nil { state.pictures.phases[url] = .loading(since: .zero) }
            let instant = Duration.seconds(1) + .milliseconds(10 * index)
            _ = state.apply(.picture(url: url, .loaded(big)), at: instant)
            let frame = FeedRenderer.render(state.advanced(to: instant))
            if index == 0 { firstId = frame.graphics.first?.id }
            _ = state.apply(.key(.character("j")), at: instant)
        }
        let kept = FeedRenderer.render(state.advanced(to: .seconds(3))).keptGraphicIds
        #expect(firstId != nil && !kept.contains(firstId!), "the first avatar left memory, and the terminal")
        #expect(!kept.isEmpty)
    }
}
