import FeedCore
import FeedNetwork
import FeedTransport
import TestSupport
import WebFeedNetwork

/// A loader of `source` as the web feeds read it (their formats: ours, JSON Feed, RSS and
/// Atom), with the transport's settings given, trusting `server`'s certificate where given.
func documentLoader(
    _ source: FeedSource, format: FeedFormat = .auto, timeout: Duration = .seconds(15),
    maxSize: Int = ByteCount.defaultLimit, trusting server: FeedServer? = nil
) -> DocumentLoader {
    var client = server?.client ?? HTTPClient()
    client.timeout = timeout
    client.maxSize = maxSize
    return DocumentLoader(source: source, client: client, formats: WebFeeds().formats, format: format)
}

/// The formats this target names, as `--format` names them.
extension FeedFormat {
    static let rss = FeedFormat(rawValue: "rss")
    static let atom = FeedFormat(rawValue: "atom")
    static let jsonfeed = FeedFormat(rawValue: "jsonfeed")
}
