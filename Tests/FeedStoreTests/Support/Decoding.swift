import FeedCore
import Foundation

@testable import MastodonNetwork

/// The recorded Mastodon pages the stores were made from, read as Mastodon's module reads them.
extension FeedDocumentDecoder {
    static func decode(_ data: Data, format: FeedFormat = .auto) throws(Failure) -> Feed {
        try decode(data, formats: Mastodon().formats.json, asked: format == .auto ? nil : format.rawValue)
    }
}
