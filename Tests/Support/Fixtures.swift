import Foundation

/// The tests' fixtures: the files under each target's `Fixtures` (the web feeds' and the
/// screens' under FeedCoreTests, each network's recorded answers under its own target),
/// found from this source file's location.
public enum Fixtures {
    /// The `Tests` folder.
    public static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    /// FeedCoreTests, where its snapshots are.
    public static let testsDirectory = tests.appendingPathComponent("FeedCoreTests")
    /// The targets whose fixtures are looked in, in order.
    static let targets = [
        "FeedCoreTests", "MastodonNetworkTests", "BlueskyNetworkTests", "TinyTinyRSSNetworkTests", "FeedStoreTests",
    ]

    /// The fixture `name`, from the first target that has it.
    public static func data(_ name: String) throws -> Data {
        try Data(contentsOf: url(name))
    }

    /// Where the fixture `name` is: in the first target that has it.
    public static func url(_ name: String) -> URL {
        let places = targets.map {
            tests.appendingPathComponent($0).appendingPathComponent("Fixtures").appendingPathComponent(name)
        }
        return places.first { FileManager.default.fileExists(atPath: $0.path) } ?? places[0]
    }

    /// A target's folder of snapshots.
    public static func snapshots(of target: String) -> URL {
        tests.appendingPathComponent(target).appendingPathComponent("Snapshots")
    }

    /// The README.
    public static let readme = tests.deletingLastPathComponent().appendingPathComponent("README.md")
    /// docs/architecture.md, whose table of layers a test holds Package.swift to.
    public static let architecture = tests.deletingLastPathComponent().appendingPathComponent(
        "docs/architecture.md")

    /// A fixed "now" for relative times in fixtures and snapshots.
    public static let referenceDate = Date(timeIntervalSince1970: 1_796_000_000)  // 2026-11-30
}
