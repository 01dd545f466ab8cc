import Foundation

/// Files under Tests/FeedCoreTests, found from this source file's location.
enum Fixtures {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: testsDirectory.appendingPathComponent("Fixtures").appendingPathComponent(name))
    }

    /// A fixed "now" for relative times in fixtures and snapshots.
    static let referenceDate = Date(timeIntervalSince1970: 1_796_000_000)  // 2026-11-30
}
