import FeedCore
import Foundation

@testable import WebFeedNetwork

/// This target's documents, read in the formats the web feeds' module reads.
extension FeedDocumentDecoder {
    static func decode(_ data: Data, format: FeedFormat = .auto) throws(Failure) -> Feed {
        try decode(data, formats: WebFeeds().formats.json, asked: format == .auto ? nil : format.rawValue)
    }
}
