import FeedCore
import Foundation
import Testing

@testable import FeedTerminal

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Frames as SVG: well-formed, each cell in the colour the terminal would get, feed text
/// escaped, and an animation of the frames and length asked for.
@Suite struct SVGScreenshotTests {
    static let size = TerminalSize(width: 80, height: 24)

    static func post(_ title: String) -> Post {
        Post(
            id: .number(1), author: Author(name: "Ada Park", handle: "ada"), title: title, content: "Some text.",
            likes: 3, createdAt: nil)
    }

    static func loaded(_ posts: [Post]) -> AppState {
        var state = AppState(source: "t", animation: .slide, size: size)
        _ = state.apply(.start, at: .zero)
        _ = state.apply(
            .loaded(Feed(posts: posts), generation: 1, at: Date()), at: .zero)
        return state
    }

    static func loading() -> AppState {
        var state = AppState(source: "t", animation: .slide, size: size)
        _ = state.apply(.start, at: .zero)
        return state
    }

    /// Whether `svg` parses as XML.
    static func isWellFormed(_ svg: String) -> Bool {
        let parser = XMLParser(data: Data(svg.utf8))
        return parser.parse()
    }

    /// The still layer's painted rectangles, in drawing order (backgrounds first, then
    /// blocks), each with its colour: read once, looked up for every cell.
    struct Paint {
        var rects: [(left: Double, top: Double, width: Double, height: Double, color: String?)] = []

        init(_ svg: String) {
            let still = svg.components(separatedBy: "<g class=\"f ")[0]
            var colors: [String: String] = [:]
            for match in still.matches(of: #/\.(c\d+)\{fill:(#[0-9a-f]{6})\}/#) {
                colors[String(match.1)] = String(match.2)
            }
            for path in still.matches(of: #/<path class="(c\d+)" d="([^"]+)"/>/#) {
                for rect in path.2.matches(of: #/M([\d.]+) ([\d.]+)h([\d.]+)v([\d.]+)/#) {
                    rects.append(
                        (Double(rect.1)!, Double(rect.2)!, Double(rect.3)!, Double(rect.4)!, colors[String(path.1)]))
                }
            }
        }

        /// The colour painted last at a cell's centre.
        func fill(row: Int, column: Int) -> String? {
            let (x, y) = (Double(column) + 0.5, Double(row) + 0.5)
            return rects.last { x >= $0.left && x < $0.left + $0.width && y >= $0.top && y < $0.top + $0.height }?
                .color
        }
    }

    @Test(arguments: [ColorDepth.truecolor, .ansi256, .ansi16])
    func eachCellHasTheColourTheTerminalGets(depth: ColorDepth) throws {
        let picture = SVGScreenshot(depth: depth, background: .dark)
        // The skeleton mid-sweep: bars, the band and its edges.
        let frame = FeedRenderer.render(Self.loading().advanced(to: .milliseconds(700)))
        let svg = picture.document([frame])
        #expect(Self.isWellFormed(svg))
        let painted = Paint(svg)
        var checked = 0
        for row in 0..<Self.size.height - 1 {
            for column in 0..<Self.size.width where frame[row, column].style.ink.isSkeleton {
                let paint = picture.paint(frame[row, column])
                guard !paint.split else { continue }
                #expect(painted.fill(row: row, column: column) == SVGScreenshot.hex(paint.background))
                checked += 1
            }
        }
        #expect(checked > 200)
        // And that colour is StyleMapping's, on this depth.
        let cell = try #require(frame.cells.first { $0.style.ink.isSkeleton })
        let style = StyleMapping.style(for: cell.style, depth: depth, background: .dark, defaultBackground: 0x1C1C1C)
        let expected = depth == .truecolor ? UInt32(style.background) : XtermPalette.rgb(Int(style.background))
        #expect(picture.paint(cell).background == expected)
    }

    /// Text runs change colour where the colour changes: the likes in the likes colour, the
    /// handle and time beside them in the muted grey, the name in the default colour.
    @Test(arguments: [ColorDepth.truecolor, .ansi256])
    func eachTextRunIsInItsOwnColour(depth: ColorDepth) throws {
        var post = Self.post("Shipping")
        post.likes = 128
        let frame = FeedRenderer.render(Self.loaded([post]).advanced(to: .zero))
        let picture = SVGScreenshot(depth: depth, background: .dark)
        let svg = picture.document([frame])
        var colours: [String: String] = [:]
        for match in svg.matches(of: #/\.(c\d+)\{fill:(#[0-9a-f]{6})\}/#) { colours[String(match.1)] = String(match.2) }
        func colour(of text: String) throws -> String? {
            let match = try #require(
                svg.matches(of: #/<text [^>]*class="(c\d+)[^"]*"[^>]*>([^<]*)</text>/#).first { $0.2.contains(text) },
                "no text run holds \(text)")
            return colours[String(match.1)]
        }
        func expected(_ ink: Ink) -> String {
            let style = StyleMapping.style(for: Style(ink), depth: depth, background: .dark)
            return SVGScreenshot.hex(
                depth == .truecolor ? UInt32(style.foreground) : XtermPalette.rgb(Int(style.foreground)))
        }
        let likes = try colour(of: "♥ 128")
        let meta = try colour(of: "@ada")
        #expect(likes == expected(.likes))
        #expect(meta == expected(.muted))
        #expect(likes != meta)
        // No run spans both: the handle's run ends before the likes' colour begins.
        #expect(svg.matches(of: #/>[^<]*@ada[^<]*♥[^<]*</#).isEmpty)
    }

    @Test func aHostileFeedsTextIsEscaped() {
        let hostile = Self.post(#"</text><script>alert("x")</script> & <b onload='y'>"#)
        let frame = FeedRenderer.render(Self.loaded([hostile]).advanced(to: .zero))
        let svg = SVGScreenshot(depth: .truecolor, background: .dark).document([frame])
        #expect(Self.isWellFormed(svg))
        #expect(!svg.contains("<script") && !svg.contains("<b "))
        #expect(
            svg.contains(
                "&lt;/text&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b onload=&apos;y&apos;&gt;"))
    }

    @Test func anAnimationHasTheFramesAndLengthAskedFor() throws {
        let state = Self.loading()
        let frames = (0..<60).map {
            FeedRenderer.render(state.advanced(to: .milliseconds(500 + $0 * 1000 / 30)))
        }
        let svg = SVGScreenshot(depth: .truecolor, background: .dark).document(frames, fps: 30)
        #expect(Self.isWellFormed(svg))
        #expect(svg.contains(".f{opacity:0;animation:2s step-end infinite}"))
        // The band moves every frame: 59 frames over the first, each in its 1/60 of the loop.
        #expect(svg.matches(of: #/@keyframes k\d+/#).count == 59)
        #expect(svg.contains("@keyframes k30{0%{opacity:0}50%{opacity:1}51.67%{opacity:0}}"))
        // Only what changes is repeated: a 2 s sweep at 80x24 stays small.
        #expect(svg.utf8.count < 300_000, "\(svg.utf8.count) bytes")
    }

    @Test func blocksAreShapesAndBandEdgesSplitTheirCell() {
        let picture = SVGScreenshot(depth: .truecolor, background: .dark)
        let selected = picture.paint(ScreenBuffer.Cell(text: "▌", style: Style(.selection)))
        #expect(selected.block == [SVGScreenshot.Block(x: 0, y: 0, width: 0.5, height: 1)] && selected.text == " ")
        let edge = picture.paint(ScreenBuffer.Cell(text: " ", style: Style(.skeletonEdge(left: 1, right: 5))))
        #expect(edge.split && edge.foreground != edge.background)
    }

    /// librsvg ignores CSS `white-space: pre`; `xml:space` keeps a run's spaces there too,
    /// so a status line's right part ends at the right edge in every renderer.
    @Test func runsOfSpacesAreKeptInEveryRenderer() {
        var buffer = ScreenBuffer(width: 20, height: 1)
        buffer.write("left      right", row: 0, column: 0, style: .plain)
        let svg = SVGScreenshot(depth: .truecolor, background: .dark).document([buffer])
        #expect(svg.contains("xml:space=\"preserve\""))
        #expect(svg.contains(">left      right</text>"))
    }

    @Test func quadrantsAreDrawnAsTheirShapes() {
        let picture = SVGScreenshot(depth: .truecolor, background: .dark)
        let cell = picture.paint(
            ScreenBuffer.Cell(text: "▚", style: Style(.picture(foreground: 0xFF0000, background: 0x0000FF))))
        #expect(
            cell.block == [
                SVGScreenshot.Block(x: 0, y: 0, width: 0.5, height: 0.5),
                SVGScreenshot.Block(x: 0.5, y: 0.5, width: 0.5, height: 0.5),
            ])
        #expect(cell.foreground == 0xFF0000 && cell.background == 0x0000FF && cell.text == " ")
    }
}
