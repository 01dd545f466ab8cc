import FeedCore
import FeedNetwork
import FeedTransport
import Foundation

@testable import MastodonNetwork

/// A Mastodon timeline's status as Mastodon's module opens it: read with the account of its
/// server (its posts acted on there), or without one (where to sign in said instead).
enum MastodonSources {
    static let account = Account(
        network: Mastodon.id, server: "https://mastodon.example", username: "me", displayName: nil, token: "secret")

    /// The home timeline of mastodon.example, opened by the network.
    static func opened(withAccount: Bool) -> NetworkSource? {
        let context = NetworkContext(
            client: HTTPClient(offline: true), accounts: withAccount ? [account] : [],
            formats: Mastodon().formats)
        guard let url = URL(string: "https://mastodon.example/api/v1/timelines/home") else { return nil }
        return Mastodon().reader(context).open(SourceEntry(source: .url(url)))
    }

    /// `status` as that source's: its network, what its reader can do, where to sign in.
    static func status(_ status: SourceStatus, withAccount: Bool) -> SourceStatus {
        var status = status
        guard let opened = opened(withAccount: withAccount) else { return status }
        status.describe(as: opened)
        return status
    }
}

extension ViewerOptions {
    /// Each source a Mastodon timeline, read with an account or without.
    mutating func readFromMastodon(withAccount: Bool) {
        sources = sources.map { MastodonSources.status($0, withAccount: withAccount) }
        networkWords[Mastodon.id] = Mastodon().traits.words
    }
}
