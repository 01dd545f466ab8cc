import FeedCore

/// Frames as SVG: each cell in the colours `StyleMapping` gives the terminal at a depth and
/// background, so a picture cannot drift from what the viewer draws. One frame is a still;
/// several play in a loop, each after the first holding only the cells that differ from
/// it, shown in turn by CSS keyframes.
public struct SVGScreenshot {
    public var depth: ColorDepth
    public var background: TerminalBackground
    /// A window around the screen, with a title bar, as screenshots of terminals have.
    public var windowFrame = false
    public var title = "shimmerfeed"
    /// The text's colours.
    public var theme = ColourTheme()

    /// A cell's size in pixels, for a 14 px monospace font.
    static let cellWidth = 8.4
    static let cellHeight = 18.0
    static let fontSize = 14.0
    static let fonts = "'SF Mono','Menlo','DejaVu Sans Mono','Liberation Mono','Consolas',monospace"
    /// The frame around the screen: padding, and the title bar's height.
    static let padding = 12.0
    static let titleBar = 30.0

    public init(depth: ColorDepth, background: TerminalBackground) {
        self.depth = depth
        self.background = background
    }

    /// The terminal's own colours, which cells with none of their own show.
    var defaultColors: (foreground: UInt32, background: UInt32) {
        background == .light ? (0x262626, 0xFAFAFA) : (0xD0D0D0, 0x1C1C1C)
    }

    /// One cell as drawn: its background, and its text or glyph in its foreground.
    struct Paint: Hashable {
        var background: UInt32
        var foreground: UInt32
        var text: String
        var bold = false
        var dim = false
        var underline = false
        /// A band edge: the left half in the foreground, the right in the background.
        var split = false
        /// A block element drawn as the parts of the cell it fills (x, y, width, height in
        /// cells), so that blocks meet seamlessly as they do in a terminal.
        var block: [Block]?
    }

    struct Block: Hashable {
        var x, y, width, height: Double
    }

    /// Block elements as the shapes they are; shades as their foreground over their
    /// background in a quarter, half or three quarters.
    static let blocks: [String: [Block]] = {
        let top = Block(x: 0, y: 0, width: 1, height: 0.5)
        let bottom = Block(x: 0, y: 0.5, width: 1, height: 0.5)
        let topLeft = Block(x: 0, y: 0, width: 0.5, height: 0.5)
        let topRight = Block(x: 0.5, y: 0, width: 0.5, height: 0.5)
        let bottomLeft = Block(x: 0, y: 0.5, width: 0.5, height: 0.5)
        let bottomRight = Block(x: 0.5, y: 0.5, width: 0.5, height: 0.5)
        return [
            "█": [Block(x: 0, y: 0, width: 1, height: 1)], "▌": [Block(x: 0, y: 0, width: 0.5, height: 1)],
            "▐": [Block(x: 0.5, y: 0, width: 0.5, height: 1)], "▀": [top], "▄": [bottom],
            // The quadrants pictures are drawn with.
            "▘": [topLeft], "▝": [topRight], "▖": [bottomLeft], "▗": [bottomRight], "▚": [topLeft, bottomRight],
            "▞": [topRight, bottomLeft], "▛": [top, bottomLeft], "▜": [top, bottomRight], "▙": [bottom, topLeft],
            "▟": [bottom, topRight],
        ]
    }()
    static let shades: [String: Double] = ["░": 0.25, "▒": 0.5, "▓": 0.75]

    func paint(_ cell: ScreenBuffer.Cell) -> Paint {
        let defaults = defaultColors
        let style = StyleMapping.style(
            for: cell.style, depth: depth, background: background, defaultBackground: defaults.background, theme: theme)
        // Direct colour gives RGB values; the other depths, palette or ANSI indices.
        func rgb(_ value: Int32, _ fallback: UInt32) -> UInt32 {
            if value < 0 { return fallback }
            return depth == .truecolor ? UInt32(value) : XtermPalette.rgb(Int(value))
        }
        var foreground = rgb(style.foreground, defaults.foreground)
        var background = rgb(style.background, defaults.background)
        if style.reverse { swap(&foreground, &background) }
        // A bold ANSI colour is its bright twin on eight-colour terminals.
        if depth == .ansi8, style.bold, (0..<8).contains(style.foreground) {
            foreground = XtermPalette.rgb(Int(style.foreground) + 8)
        }
        var paint = Paint(
            background: background, foreground: foreground, text: cell.text, bold: style.bold, dim: style.dim,
            underline: style.underline)
        if let glyph = style.glyph {
            if glyph == StyleMapping.edgeGlyph, depth >= .ansi256 {
                paint.split = true
                paint.text = " "
            } else {
                paint.text = String(glyph)
            }
        }
        if let block = Self.blocks[paint.text] {
            paint.block = block
            paint.text = " "
        } else if let amount = Self.shades[paint.text] {
            paint.background = RGB.mix(paint.background, paint.foreground, paint.dim ? amount / 2 : amount)
            paint.text = " "
        }
        return paint
    }

    /// The SVG of `frames` (at least one), played at `fps` when there are several.
    public func document(_ frames: [ScreenBuffer], fps: Double = 30) -> String {
        guard let first = frames.first else { return "" }
        let width = Double(first.width) * Self.cellWidth
        let height = Double(first.height) * Self.cellHeight
        let inset = windowFrame ? Self.padding : 0
        let top = windowFrame ? Self.titleBar : 0
        let totalWidth = width + 2 * inset
        let totalHeight = height + top + 2 * inset
        let defaults = defaultColors
        // A row's runs of spaces are kept: by `white-space:pre` in browsers, by
        // `xml:space` in renderers without it (librsvg, which `rsvg-convert` uses).
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Self.number(totalWidth))" \
            height="\(Self.number(totalHeight))" viewBox="0 0 \(Self.number(totalWidth)) \(Self.number(totalHeight))" \
            xml:space="preserve">

            """
        let base = first.cells.map(paint)
        var palette = ColorClasses()
        let duration = Double(frames.count) / max(1, fps)
        var body = ""
        if windowFrame { body += frameChrome(width: totalWidth, height: totalHeight) }
        body += "<g transform=\"translate(\(Self.number(inset)),\(Self.number(top + inset)))\">\n"
        body +=
            "<rect width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" fill=\"\(Self.hex(defaults.background))\"/>\n"
        body += layer(base, width: first.width, only: nil, palette: &palette)
        for index in frames.indices.dropFirst() {
            let cells = frames[index].cells.map(paint)
            let changed = Set(cells.indices.filter { cells[$0] != base[$0] })
            guard !changed.isEmpty else { continue }
            body += "<g class=\"f f\(index)\">\n"
            body += layer(cells, width: first.width, only: changed, palette: &palette)
            body += "</g>\n"
        }
        body += "</g>\n"
        out += "<style>\n"
        out += "text{font-family:\(Self.fonts);font-size:\(Self.number(Self.fontSize))px;white-space:pre}"
        out += ".b{font-weight:bold}.d{opacity:.6}.u{text-decoration:underline}\n"
        out += palette.css
        if frames.count > 1 {
            // Frame k shows from k/N to (k+1)/N of the loop, the first underneath all along.
            out += ".f{opacity:0;animation:\(Self.number(duration))s step-end infinite}\n"
            for index in frames.indices.dropFirst() {
                let start = Double(index) / Double(frames.count) * 100
                let end = Double(index + 1) / Double(frames.count) * 100
                out += ".f\(index){animation-name:k\(index)}"
                out += "@keyframes k\(index){0%{opacity:0}\(Self.number(start))%{opacity:1}"
                out += end < 100 ? "\(Self.number(end))%{opacity:0}}\n" : "}\n"
            }
        }
        out += "</style>\n"
        out += body
        out += "</svg>\n"
        return out
    }

    /// The cells of one frame (or those in `only`): backgrounds as one path per colour,
    /// in cell units, then the text in runs of one style.
    private func layer(_ cells: [Paint], width: Int, only: Set<Int>?, palette: inout ColorClasses) -> String {
        let defaults = defaultColors
        var paths: [UInt32: String] = [:]
        var order: [UInt32] = []
        func fill(_ color: UInt32, row: Int, column: Double, cells count: Double, block: Block? = nil) {
            if paths[color] == nil { order.append(color) }
            let shape = block ?? Block(x: 0, y: 0, width: count, height: 1)
            let (width, height) = (Self.number(shape.width), Self.number(shape.height))
            let x = Self.number(column + shape.x)
            let y = Self.number(Double(row) + shape.y)
            paths[color, default: ""] += "M\(x) \(y)h\(width)v\(height)h-\(width)z"
        }
        var texts = ""
        let rows = cells.count / max(1, width)
        for row in 0..<rows {
            var column = 0
            while column < width {
                let index = row * width + column
                guard only?.contains(index) ?? true else {
                    column += 1
                    continue
                }
                let cell = cells[index]
                // A run of cells with the same background (and no split), for one rectangle.
                var end = column + 1
                while end < width, only?.contains(row * width + end) ?? true,
                    cells[row * width + end].background == cell.background, !cells[row * width + end].split,
                    !cell.split
                {
                    end += 1
                }
                if cell.split {
                    fill(cell.foreground, row: row, column: Double(column), cells: 0.5)
                    fill(cell.background, row: row, column: Double(column) + 0.5, cells: 0.5)
                } else if cell.background != defaults.background || only != nil {
                    fill(cell.background, row: row, column: Double(column), cells: Double(end - column))
                }
                for blockColumn in column..<end {
                    let blockCell = cells[row * width + blockColumn]
                    for block in blockCell.block ?? [] {
                        fill(blockCell.foreground, row: row, column: Double(blockColumn), cells: 1, block: block)
                    }
                }
                column = end
            }
            texts += textRuns(cells, row: row, width: width, only: only, palette: &palette)
        }
        // Crisp edges: cells meet as in a terminal, and a frame drawn over another covers it
        // exactly, with no blend of the two along the edges.
        var out =
            "<g transform=\"scale(\(Self.number(Self.cellWidth)),\(Self.number(Self.cellHeight)))\" shape-rendering=\"crispEdges\">"
        for color in order {
            out += "<path class=\"\(palette.name(color))\" d=\"\(paths[color]!)\"/>"
        }
        out += "</g>\n" + texts
        return out
    }

    /// The text of one row, in runs of one foreground and weight; a wide character's
    /// second cell (empty) is part of its run.
    private func textRuns(_ cells: [Paint], row: Int, width: Int, only: Set<Int>?, palette: inout ColorClasses)
        -> String
    {
        var out = ""
        var column = 0
        while column < width {
            let index = row * width + column
            let cell = cells[index]
            guard only?.contains(index) ?? true, !cell.text.isEmpty, cell.text != " " else {
                column += 1
                continue
            }
            var text = cell.text
            var end = column + 1
            while end < width, only?.contains(row * width + end) ?? true {
                let next = cells[row * width + end]
                guard next.foreground == cell.foreground, next.bold == cell.bold, next.dim == cell.dim,
                    next.underline == cell.underline
                else { break }
                text += next.text
                end += 1
            }
            let trimmed = String(text.reversed().drop { $0 == " " }.reversed())
            let x = Double(column) * Self.cellWidth
            let y = (Double(row) + 0.75) * Self.cellHeight
            var classes = [palette.name(cell.foreground)]
            if cell.bold { classes.append("b") }
            if cell.dim { classes.append("d") }
            if cell.underline { classes.append("u") }
            let cellsWide = trimmed.reduce(0) { $0 + CellWidth.of(String($1)) }
            out += "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" class=\"\(classes.joined(separator: " "))\" "
            out +=
                "textLength=\"\(Self.number(Double(cellsWide) * Self.cellWidth))\" lengthAdjust=\"spacingAndGlyphs\">"
            out += Self.escaped(trimmed) + "</text>\n"
            column = end
        }
        return out
    }

    private func frameChrome(width: Double, height: Double) -> String {
        let dark = background != .light
        let chrome = dark ? "#2b2b2b" : "#e8e8e8"
        var out =
            "<rect width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" rx=\"8\" fill=\"\(chrome)\"/>\n"
        for (index, color) in ["#ff5f57", "#febc2e", "#28c840"].enumerated() {
            out += "<circle cx=\"\(Self.number(16 + Double(index) * 20))\" cy=\"15\" r=\"6\" fill=\"\(color)\"/>\n"
        }
        out += "<text x=\"\(Self.number(width / 2))\" y=\"20\" text-anchor=\"middle\" "
        out += "fill=\"\(dark ? "#a0a0a0" : "#606060")\" style=\"font-size:12px\">\(Self.escaped(title))</text>\n"
        return out
    }
}
