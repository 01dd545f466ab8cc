import FeedCore
import Foundation
import WebFeedNetwork

/// The screens' tests read their fixtures (our format, JSON Feed) as the web feeds'
/// module reads them.
extension FeedDocumentDecoder {
    static func decode(_ data: Data, format: FeedFormat = .auto) throws(Failure) -> Feed {
        try decode(data, formats: WebFeeds().formats.json, asked: format == .auto ? nil : format.rawValue)
    }

    static func decode(_ data: Data, format: FeedFormat, progress: Progress?) throws -> Feed {
        try decode(
            data, formats: WebFeeds().formats.json, asked: format == .auto ? nil : format.rawValue, progress: progress)
    }
}
