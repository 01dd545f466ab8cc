import FeedCore
import Foundation

@testable import BlueskyNetwork

/// This target's documents, read in the formats Bluesky's module reads.
extension FeedDocumentDecoder {
    static func decode(_ data: Data, format: FeedFormat = .auto) throws(Failure) -> Feed {
        try decode(data, formats: Bluesky().formats.json, asked: format == .auto ? nil : format.rawValue)
    }
}

/// The format this target names, as `--format` names it.
extension FeedFormat {
    static let bluesky = FeedFormat(rawValue: "bluesky")
}
