import Foundation
import TestSupport
import Testing

@testable import FeedCore

extension Snapshot {
    /// This target's snapshots, with each style described by its meaning.
    static func assertMatches(
        _ buffer: ScreenBuffer, named name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try assertMatches(
            buffer, named: name, in: Fixtures.snapshots(of: "FeedCoreTests"), sourceLocation: sourceLocation)
    }
}
