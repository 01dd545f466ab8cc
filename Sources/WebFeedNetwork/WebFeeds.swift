import FeedCore
import FeedNetwork
import FoundationEssentials

/// Web feeds: RSS, Atom and RDF (through FeedXML), JSON Feed, and our own format, from a
/// file, standard input, the bundled sample or any web address no other network claims
/// (the registry asks it last). Nothing is done on a server: a like stays here.
public struct WebFeeds: Network {
    /// The bundled sample feed's bytes.
    let sampleData: Data

    public init(sampleData: Data = Data()) {
        self.sampleData = sampleData
    }

    public var traits: NetworkTraits { .webFeed }

    /// JSON Feed before ours: an object with "items" and no "posts" is a JSON Feed.
    public var formats: DocumentFormats {
        DocumentFormats(json: [JSONFeedFormat(), PostsFormat()], xml: XMLFeedReader())
    }

    public func reader(_ context: NetworkContext) -> any NetworkReader {
        WebFeedReader(context: context, sampleData: sampleData)
    }
}

/// A run's web feeds: every source of a file, standard input, the sample or a web address.
struct WebFeedReader: NetworkReader {
    let context: NetworkContext
    let sampleData: Data

    func open(_ entry: SourceEntry) -> NetworkSource? {
        let name = entry.title ?? entry.source.shortName
        switch entry.source {
        case .sample:
            var source = NetworkSource(
                loader: SampleFeedLoader(data: sampleData, formats: context.formats), traits: .webFeed)
            source.name = name
            return source
        case .file, .standardInput, .url:
            var loader = DocumentLoader(
                source: entry.source, client: context.client, formats: context.formats, format: context.format)
            // A private feed's token, from the variable `token=` names.
            switch context.token(of: entry) {
            case .success(let token)?: loader.credential = .token(token)
            case .failure(let failure)?: loader.credential = .failing(failure)
            case nil: break
            }
            var source = NetworkSource(loader: loader, traits: .webFeed)
            source.validators = entry.url != nil ? loader : nil
            source.name = name
            return source
        case .search:
            return nil
        }
    }
}

/// The bundled sample feed: our own format, its dates moved so that the newest is a few
/// minutes old.
struct SampleFeedLoader: FeedLoading {
    let data: Data
    let formats: DocumentFormats

    func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
        try Task.checkCancellation()
        let feed = try FeedDocumentDecoder.decode(data, formats: formats.json, asked: nil) { feed, decoded, total in
            try Task.checkCancellation()
            progress(feed, decoded, total)
        }
        return SampleFeedDates.rebased(feed, now: Date())
    }
}
