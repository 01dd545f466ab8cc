import FeedCore
import Foundation
import Testing

/// Whole screens compared as text plus a style map, stored as text files. The map gives
/// each distinct style of the frame a symbol, and a legend says what each symbol is: the
/// ink and its grey level, an edge's two levels, a fade's step (and, for a terminal's
/// rung, the colours it maps to). So a changed grey, colour or edge level changes the
/// file, readably; so does a cursor shown, and where it is.
///
/// `RECORD_SNAPSHOTS=1` writes the files that differ and then fails, naming them: a new
/// recording is looked at before it passes (run again without the flag). CI refuses it.
public enum Snapshot {
    /// The symbols, in the order styles first appear (row by row): printable ASCII but `|`.
    static let symbols = Array(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-+*=#@%&$~^/\\<>!?:;,'\"`_()[]{}")

    public static func render(_ buffer: ScreenBuffer, describe: (Style) -> String) -> String {
        var symbolOf: [Style: Character] = [:]
        var legend: [String] = []
        var mask: [String] = []
        for row in 0..<buffer.height {
            var line = ""
            for column in 0..<buffer.width {
                let style = buffer[row, column].style
                if symbolOf[style] == nil {
                    let symbol = symbols[min(symbolOf.count, symbols.count - 1)]
                    symbolOf[style] = symbol
                    legend.append("\(symbol)  \(describe(style))")
                }
                line.append(symbolOf[style]!)
            }
            mask.append("|\(line)|")
        }
        var text = buffer.lines.map { "|\($0)|" }
        text.append("--- styles ---")
        text += mask
        text.append("--- legend ---")
        text += legend
        if !buffer.paletteLevels.isEmpty { text.append("palette levels \(buffer.paletteLevels)") }
        // The terminal's cursor, where the frame shows it (accessible mode): part of the screen.
        if let cursor = buffer.cursor { text.append("cursor at row \(cursor.row), column \(cursor.column)") }
        return text.joined(separator: "\n") + "\n"
    }

    public static func assertMatches(
        _ buffer: ScreenBuffer, named name: String, in directory: URL, describe: (Style) -> String = \.description,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try assertText(
            render(buffer, describe: describe), named: name, in: directory, sourceLocation: sourceLocation)
    }

    /// `actual` against the recorded text file `name`.txt, as screens are compared: for a
    /// document the program writes whole (a manual page, a completion script).
    public static func assertText(
        _ actual: String, named name: String, in directory: URL, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = directory.appendingPathComponent("\(name).txt")
        let expected = try? String(contentsOf: url, encoding: .utf8)
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            guard expected != actual else { return }
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record(
                "re-recorded \(name).txt (\(expected == nil ? "new" : "changed")): review the diff, then run again without RECORD_SNAPSHOTS",
                sourceLocation: sourceLocation)
            return
        }
        guard let expected else {
            Issue.record("no snapshot \(name).txt; record it with RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let firstDifference = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }
            let detail =
                firstDifference.map { "line \($0.offset + 1):\n  expected \($0.element.0)\n  actual   \($0.element.1)" }
                ?? "different line counts"
            Issue.record(
                "snapshot \(name) differs at \(detail)\nfull actual:\n\(actual)", sourceLocation: sourceLocation)
        }
    }
}
