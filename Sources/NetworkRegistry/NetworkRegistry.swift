import BlueskyNetwork
import FeedCore
import FeedNetwork
import MastodonNetwork
import SampleFeed
import TinyTinyRSSNetwork
import WebFeedNetwork

/// The networks shimmerfeed reads, in one place. A new network is its module, a line here
/// and its target in Package.swift. The order is the order they are asked: the first whose
/// address or server an entry is has it, so a network whose servers are anywhere comes
/// after those whose servers have names of their own, and the web's feeds, which take any
/// address, last.
public enum NetworkRegistry {
    public static let networks: [any Network] = [
        Bluesky(),
        TinyTinyRSS(),
        Mastodon(),
        WebFeeds(sampleData: SampleFeed.data),
    ]

    /// Every network's formats, in the order a document of no named format is matched
    /// against them.
    public static var formats: DocumentFormats {
        networks.map(\.formats).reduce(DocumentFormats(json: [])) { $0.adding($1) }
    }

    /// What the networks add to the command line.
    public static var vocabulary: CommandLineVocabulary {
        CommandLineVocabulary(formats: formats.names, signIns: networks.flatMap(\.signIns))
    }
}
