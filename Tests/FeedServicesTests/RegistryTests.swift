import FeedCore
import FeedNetwork
import FeedTransport
import Foundation
import NetworkRegistry
import Testing

@testable import FeedServices

/// The registry: each source goes to the first network that claims it (a network whose
/// servers have names of their own before one whose servers are anywhere, the web's feeds
/// last, taking any address); the formats of every network are read in one order, and a
/// document none of them knows is said with every shape there is.
@Suite struct RegistryTests {
    static let mastodon = Account(
        network: NetworkID("mastodon"), server: "https://mastodon.example", username: "me", displayName: nil,
        token: "secret")

    /// The network that opens `entry`, by name ("feed" for the web's).
    private func claimant(_ entry: SourceEntry, accounts: [Account] = [mastodon]) -> String? {
        let context = NetworkContext(
            client: HTTPClient(offline: true), accounts: accounts, formats: NetworkRegistry.formats)
        let list = SourceList(entries: [entry])
        let opened = OpenedSources(list, readers: NetworkRegistry.networks.map { $0.reader(context) })
        return opened.opened.first??.traits.words.name
    }

    private func url(_ text: String, account: String? = nil) -> SourceEntry {
        SourceEntry(source: .url(URL(string: text)!), account: account)
    }

    @Test func eachSourceGoesToTheFirstNetworkThatClaimsIt() {
        #expect(claimant(url("https://bsky.app/profile/bsky.app")) == "Bluesky")
        #expect(claimant(url("https://mastodon.example/api/v1/timelines/public")) == "Mastodon")
        #expect(claimant(url("https://elsewhere.example/api/v1/timelines/tag/swift")) == "Mastodon")
        #expect(
            claimant(url("https://mastodon.example/@me.rss", account: "@me@mastodon.example")) == "Mastodon",
            "read with an account: the account's network")
        #expect(claimant(url("https://blog.example/feed.xml")) == "feed")
        #expect(claimant(SourceEntry(source: .file("feeds.json"))) == "feed")
        #expect(claimant(SourceEntry(source: .standardInput)) == "feed")
        #expect(claimant(SourceEntry(source: .sample)) == "feed")
        #expect(claimant(SourceEntry(source: .search("swift"))) == nil, "the store's, no network's")
    }

    @Test func theFormatsAreEveryNetworksInTheRegistrysOrder() {
        #expect(
            NetworkRegistry.vocabulary.formats == [
                "auto", "bluesky", "mastodon", "notifications", "jsonfeed", "posts", "rss", "atom",
            ])
        #expect(
            NetworkRegistry.vocabulary.signIns.map(\.usage) == [
                "login bsky.social", "login --bluesky HOST", "login --ttrss URL", "login SERVER",
            ])
    }

    @Test func aDocumentNoNetworkReadsSaysEveryShapeThereIs() {
        #expect(
            throws: Failure.unexpectedShape(
                "JSON of no known shape: expected a Bluesky feed (an object with \"feed\"), an array of Mastodon "
                    + "statuses, an array of Mastodon notifications, a JSON Feed (an object with \"items\"), or an "
                    + "object with \"posts\" or an array of posts")
        ) {
            try FeedDocumentDecoder.decode(
                Data(#"{"entries": []}"#.utf8), formats: NetworkRegistry.formats.json, asked: nil)
        }
    }
}
