import FeedNetwork
import FeedServices
import Foundation
import NetworkRegistry
import TestSupport
import Testing

@testable import FeedCore

/// One timeline of several networks (docs/timeline.md): each source opened by
/// its network through the registry, its posts decoded by the registry's formats from
/// recorded answers; each row names its network where the timeline mixes them, in the
/// network's words; what a network cannot do is its capability, so a new post goes to the
/// source whose network can post.
@Suite struct MixedNetworksTests {
    static let mastodon = "https://mastodon.example/api/v1/timelines/home"

    /// The posts of a recorded answer, as the registry's formats read it.
    private func recorded(_ name: String) throws -> [Post] {
        try FeedDocumentDecoder.decode(try Fixtures.data(name), formats: NetworkRegistry.formats.json, asked: nil).posts
    }

    /// The view of a run of `arguments` (no store, nothing loaded), `accounts` signed in.
    private func view(_ arguments: [String], accounts: [Account] = []) throws -> AppState {
        let folder = try SettingsTests.Folder()
        try FileManager.default.createDirectory(at: folder.settings, withIntermediateDirectories: true)
        try AccountsFile(path: folder.settings.appendingPathComponent("accounts").path).write(accounts)
        let run = try folder.run(["--no-store"] + arguments)
        var state = AppState(options: run.viewer, size: TerminalSize(width: 120, height: 40))
        _ = state.apply(.start, at: .zero)
        return state
    }

    @Test func aTimelineOfSeveralNetworksNamesEachRowsNetwork() throws {
        var state = try view([
            Fixtures.url("jsonfeed.json").path, Self.mastodon, "https://bsky.app/profile/bsky.app",
        ])
        Views.answer(&state, source: 0, try recorded("jsonfeed.json"), at: .milliseconds(100))
        Views.answer(&state, source: 1, try recorded("mastodon.json"), at: .milliseconds(100))
        Views.answer(&state, source: 2, try recorded("bluesky/feed.json"), at: .milliseconds(100))
        let posts = try #require(state.feed?.posts)
        #expect(Set(posts.map(\.network?.rawValue)) == [nil, "mastodon", "bluesky"])
        let view = state.timeline.viewport(in: state.frame)
        let names = ["mastodon": "Mastodon", "bluesky": "Bluesky"]
        for index in posts.indices {
            let meta = view.content(at: index).meta
            let network = posts[index].network.flatMap { names[$0.rawValue] } ?? "feed"
            #expect(meta.hasSuffix(" · \(network)"), "\(meta)")
        }
        // Drawn: a Bluesky row says so, after its source (the profile's name).
        #expect(Views.frame(state, at: .seconds(2)).contains { $0.contains("@bsky.app · 1y · @bsky.app · Bluesky") })
        // One network alone: no row names it.
        var single = try self.view([Self.mastodon])
        Views.answer(&single, source: 0, try recorded("mastodon.json"), at: .milliseconds(100))
        #expect(!single.timeline.viewport(in: single.frame).content(at: 0).meta.contains("Mastodon"))
    }

    @Test func aNewPostGoesWithTheSelectedPostsSourceWhereItsNetworkPosts() throws {
        let mastodon = Account(
            network: NetworkID("mastodon"), server: "https://mastodon.example", username: "me", displayName: nil,
            token: "secret")
        let bluesky = Account(
            network: NetworkID("bluesky"), server: "https://pds.example", username: "me.bsky.social",
            displayName: nil, token: "access", refreshToken: "refresh", accountID: "did:plc:me")
        var state = try view(["https://bsky.app/", Self.mastodon], accounts: [mastodon, bluesky])
        Views.answer(&state, source: 0, try recorded("bluesky/timeline.json"), at: .milliseconds(100))
        Views.answer(&state, source: 1, try recorded("mastodon.json"), at: .milliseconds(100))
        _ = state.apply(.key(.character("g")), at: .seconds(1))
        guard case .compose(let request)? = state.apply(.key(.character("c")), at: .seconds(1)).first else {
            Issue.record("no post composed")
            return
        }
        // The selected post (the newest, Mastodon's) is its source's: that account posts.
        #expect(request.source == state.selectedPost?.source?.index && request.source == 1)
        // With the Bluesky session alone, its account posts.
        var alone = try view(["https://bsky.app/"], accounts: [bluesky])
        Views.answer(&alone, source: 0, try recorded("bluesky/timeline.json"), at: .milliseconds(100))
        #expect(alone.apply(.key(.character("c")), at: .seconds(1)) == [.compose(ComposeRequest(id: 1, source: 0))])
    }
}
