import FeedCore
import FeedNetwork
import FeedTransport
import Foundation

@testable import BlueskyNetwork

/// A Bluesky feed's status as Bluesky's module opens it: read through a signed-in session
/// (its posts liked and reposted as records), or through the public AppView without one
/// (where to sign in said instead).
enum BlueskySources {
    static let account = Account(
        network: Bluesky.id, server: "https://pds.example", username: "me.bsky.social", displayName: nil,
        token: "access", refreshToken: "refresh", accountID: "did:plc:me")

    /// A profile's feed, opened by the network.
    static func opened(withSession: Bool) -> NetworkSource? {
        let context = NetworkContext(
            client: HTTPClient(offline: true), accounts: withSession ? [account] : [], formats: Bluesky().formats)
        guard let url = URL(string: "https://bsky.app/profile/bsky.app") else { return nil }
        return Bluesky().reader(context).open(SourceEntry(source: .url(url)))
    }

    /// `status` as that source's: its network, what its reader can do, where to sign in.
    static func status(_ status: SourceStatus, withSession: Bool) -> SourceStatus {
        var status = status
        guard let opened = opened(withSession: withSession) else { return status }
        status.describe(as: opened)
        return status
    }
}

extension ViewerOptions {
    /// Each source a Bluesky feed, read with a session or without.
    mutating func readFromBluesky(withSession: Bool) {
        sources = sources.map { BlueskySources.status($0, withSession: withSession) }
        networkWords[Bluesky.id] = Bluesky().traits.words
    }
}

extension Post {
    /// The Bluesky record its payload holds.
    var record: BlueskyRecord? { BlueskyRecord(payload: payload) }
}

extension ActionTarget {
    /// The Bluesky record its payload holds.
    var record: BlueskyRecord? { BlueskyRecord(payload: payload) }
}
