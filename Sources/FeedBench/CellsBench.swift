import FeedCore
import FoundationEssentials

/// `cells RAW WIDTH HEIGHT COLUMNS ROWS ITERATIONS`: our cells for a picture, in the form
/// of Tests/bench/chafa_cells.c, so that the two are measured alike: the microseconds
/// one picture's cells take (median of 9 runs), then each cell as "codepoint foreground
/// background" (0xRRGGBB, -1 for the terminal's own).
func cellsBench(_ arguments: [String]) throws {
    guard arguments.count == 6, let width = Int(arguments[1]), let height = Int(arguments[2]),
        let columns = Int(arguments[3]), let rows = Int(arguments[4]), let iterations = Int(arguments[5])
    else { throw BenchUsage() }
    let rgba = Array(try Data(contentsOf: URL(filePath: arguments[0])))
    let pixels = PicturePixels(width: width, height: height, rgba: rgba)
    var cells = CellPicture(pixels, columns: columns, rows: rows)
    let time = microseconds(iterations: iterations) { cells = CellPicture(pixels, columns: columns, rows: rows) }
    var out = "\((time * 10).rounded() / 10)\n"
    for cell in cells.cells {
        let (foreground, background): (Int, Int) =
            switch cell.ink {
            case .picture(let foreground, let background): (Int(foreground), Int(background))
            case .pictureOnDefault(let foreground): (Int(foreground), -1)
            default: (-1, -1)
            }
        out += "\(cell.glyph.value) \(foreground) \(background)\n"
    }
    print(out, terminator: "")
}

struct BenchUsage: Error {}
