import FeedCore
import Foundation

@testable import MastodonNetwork

/// This target's documents, read in the formats Mastodon's module reads.
extension FeedDocumentDecoder {
    static func decode(_ data: Data, format: FeedFormat = .auto) throws(Failure) -> Feed {
        try decode(data, formats: Mastodon().formats.json, asked: format == .auto ? nil : format.rawValue)
    }
}

/// The formats this target names, as `--format` names them.
extension FeedFormat {
    static let mastodon = FeedFormat(rawValue: "mastodon")
    static let notifications = FeedFormat(rawValue: "notifications")
}
