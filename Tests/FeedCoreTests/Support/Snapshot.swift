import Foundation
import Testing

@testable import FeedCore

/// Whole screens compared as text plus a style mask, stored under Snapshots/.
/// `RECORD_SNAPSHOTS=1` re-records them (on purpose only: review the diff).
enum Snapshot {
    static let directory = Fixtures.testsDirectory.appendingPathComponent("Snapshots")

    static func render(_ buffer: ScreenBuffer) -> String {
        var text = buffer.lines.map { "|\($0)|" }
        text.append("--- style mask ---")
        text += buffer.styleMask.map { "|\($0)|" }
        return text.joined(separator: "\n") + "\n"
    }

    static func assertMatches(
        _ buffer: ScreenBuffer, named name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = directory.appendingPathComponent("\(name).txt")
        let actual = render(buffer)
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
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
