import Foundation
import Testing

@testable import FeedCore

/// The search's table of accented letters, against an independent reading of Unicode's
/// data: Python's `unicodedata`. Each letter of Latin, Greek and Cyrillic (and their
/// extended blocks) whose canonical decomposition is a letter and combining marks maps to
/// that letter, and no other is in the table. Canonical decompositions never change once
/// published, so any Python 3 gives the same answer.
@Suite struct DiacriticTableTests {
    static let reference = """
        import unicodedata
        for first, end in [(0xC0, 0x250), (0x370, 0x530), (0x1E00, 0x2000)]:
            for code in range(first, end):
                nfd = unicodedata.normalize("NFD", chr(code))
                if len(nfd) > 1 and nfd[0].isalpha() and all(0x300 <= ord(m) <= 0x36F for m in nfd[1:]):
                    print(f"{code:X} {ord(nfd[0]):X}")
        """

    @Test func everyAccentedLetterFoldsToItsLetterAsUnicodeDecomposesIt() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.reference]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        var expected: [UInt32: UInt32] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ").compactMap { UInt32($0, radix: 16) }
            try #require(fields.count == 2, "a line of two code points: \(line)")
            expected[fields[0]] = fields[1]
        }
        try #require(expected.count > 700, "Python read the blocks: \(expected.count) letters")
        let table = DiacriticFolding.baseOfAccented
        for (letter, base) in expected where table[letter] != base {
            Issue.record(
                "U+\(String(letter, radix: 16, uppercase: true)) folds to \(table[letter].map { "U+\(String($0, radix: 16))" } ?? "itself"), not U+\(String(base, radix: 16, uppercase: true))"
            )
        }
        for letter in table.keys where expected[letter] == nil {
            Issue.record(
                "U+\(String(letter, radix: 16, uppercase: true)) is in the table but has no such decomposition")
        }
        #expect(table.count == expected.count)
    }
}
