import FeedCore
import FeedNetwork
import TestSupport

@testable import BlueskyNetwork

/// The loopback server as Bluesky's PDS (its TLS port) and AppView (its plain port).
extension FeedServer {
    /// The recorded account (bskyr.bsky.social), signed in at the PDS with an app password.
    func signedInToBluesky() async throws -> Account {
        try await BlueskySignIn(server: "https://127.0.0.1:\(tlsPort ?? 0)", client: client)
            .signIn(handle: "bskyr.bsky.social", appPassword: "abcd-efgh-ijkl-mnop")
    }

    /// Bluesky's reader of this server: `accounts` at the PDS, the AppView on the plain
    /// port, with `environment` beside it.
    func blueskyReader(
        accounts: [Account] = [], file: AccountsFile? = nil, environment: [String: String] = [:],
        readPositions: Bool = false, live: Bool = false, refresh: Duration? = nil,
        clock: any LoopClock = SystemLoopClock()
    ) -> any NetworkReader {
        Bluesky().reader(
            NetworkContext(
                client: client, accounts: accounts, accountsFile: file,
                environment: environment.merging(["SHIMMERFEED_BLUESKY_APPVIEW": "http://127.0.0.1:\(port)"]) { $1 },
                formats: Bluesky().formats, live: live, refresh: refresh, readPositions: readPositions, clock: clock))
    }
}
