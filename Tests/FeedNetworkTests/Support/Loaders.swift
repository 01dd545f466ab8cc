import FeedCore
import FeedNetwork
import FeedTransport
import WebFeedNetwork

/// A loader of `source` as the web feeds read it (their formats: ours, JSON Feed, RSS and
/// Atom), with the transport's settings given.
func documentLoader(
    _ source: FeedSource, format: FeedFormat = .auto, timeout: Duration = .seconds(15),
    maxSize: Int = ByteCount.defaultLimit, certificateAuthorities: String? = nil
) -> DocumentLoader {
    DocumentLoader(
        source: source,
        client: HTTPClient(certificateAuthorities: certificateAuthorities, timeout: timeout, maxSize: maxSize),
        formats: WebFeeds().formats, format: format)
}

/// The formats this target names, as `--format` names them.
extension FeedFormat {
    static let rss = FeedFormat(rawValue: "rss")
    static let atom = FeedFormat(rawValue: "atom")
    static let jsonfeed = FeedFormat(rawValue: "jsonfeed")
}
