import FeedCore
import FeedNetwork
import FeedTransport
import Foundation
import TestSupport
import Testing

@testable import BlueskyNetwork

/// Bluesky's sessions as its module keeps them, against the loopback PDS and AppView
/// (Tests/servers/bluesky_api.py, answering with the recorded answers of
/// Fixtures/bluesky): an access token that expired is refreshed once (`refreshSession`)
/// and the request made again, for a feed as for a like; the new tokens kept in the
/// accounts file; the sources of one account share its session, one refresh for them all.
@Suite(.serialized) struct SessionLoopbackTests {
    let server: FeedServer
    let folder: URL
    let file: AccountsFile
    let account: Account

    init() async throws {
        server = try FeedServer(tls: true)
        folder = try ScratchFolder.make("bluesky-session")
        file = AccountsFile(path: folder.appendingPathComponent("accounts").path)
        account = try await server.signedInToBluesky()
        try file.write([account])
    }

    /// The reader of this run: the session's account, the AppView on the plain server.
    private func reader() -> any NetworkReader {
        server.blueskyReader(accounts: [account], file: file)
    }

    /// The requests after the sign-in: path and the token as the server judged it.
    private func asked() throws -> [String] {
        try BlueskyLog.entries(server).dropFirst().map { "\($0.path) \($0.token)" }
    }

    @Test func anExpiredSessionIsRefreshedOnceForAFeedAndTheNewTokensKept() async throws {
        let reader = reader()
        let home = try #require(reader.home(of: account))
        #expect(home.title == "Following @bskyr.bsky.social")
        let source = try #require(reader.open(home))
        _ = try server.get("/bluesky-api/expire")
        let feed = try await source.loader.load { _, _, _ in }
        #expect(feed.posts.count == 25)
        #expect(
            try asked() == [
                "/xrpc/app.bsky.feed.getTimeline expired", "/xrpc/com.atproto.server.refreshSession refresh",
                "/xrpc/app.bsky.feed.getTimeline right",
            ])
        let kept = try file.read()
        #expect(kept.map(\.token) == ["access-2"] && kept.map(\.refreshToken) == ["refresh-2"])
    }

    /// The refreshed tokens are the session's account's alone: another Bluesky account in
    /// the file keeps its own.
    @Test func aRefreshKeepsTheOtherAccountsTokens() async throws {
        var other = account
        (other.username, other.accountID, other.token, other.refreshToken) =
            ("other.bsky.social", "did:plc:other", "other-access", "other-refresh")
        try file.write([other, account])
        let reader = reader()
        let home = try #require(reader.home(of: account))
        let source = try #require(reader.open(home))
        _ = try server.get("/bluesky-api/expire")
        _ = try await source.loader.load { _, _, _ in }
        let kept = try file.read()
        #expect(kept.map(\.token) == ["other-access", "access-2"])
        #expect(kept.map(\.refreshToken) == ["other-refresh", "refresh-2"])
    }

    /// A long run meets the expiry again and again: each time one refresh, and the request
    /// made again with the newest token; the accounts file keeps the last.
    @Test func aSessionIsRefreshedASecondAndAThirdTimeInOneRun() async throws {
        let reader = reader()
        let home = try #require(reader.home(of: account))
        let source = try #require(reader.open(home))
        for _ in 0..<3 {
            _ = try server.get("/bluesky-api/expire")
            #expect(try await source.loader.load { _, _, _ in }.posts.count == 25)
        }
        let refreshes = try asked().filter { $0.hasPrefix("/xrpc/com.atproto.server.refreshSession") }
        #expect(refreshes == Array(repeating: "/xrpc/com.atproto.server.refreshSession refresh", count: 3))
        #expect(try asked().filter { $0.hasSuffix(" right") }.count == 3, "each load made again with the new token")
        #expect(try file.read().map(\.token) == ["access-4"] && (try file.read()).map(\.refreshToken) == ["refresh-4"])
    }

    @Test func anExpiredSessionIsRefreshedOnceForALike() async throws {
        let reader = reader()
        let source = try #require(reader.home(of: account).flatMap(reader.open))
        let post = try #require(try await source.loader.load { _, _, _ in }.posts.first)
        _ = try server.get("/bluesky-api/expire")
        let actor = try #require(source.actor)
        let target = ActionTarget(source: 0, statusID: post.id.description, payload: post.payload, likes: post.likes)
        guard case .confirmed(let state) = await actor.send(ServerAction(mark: .favourited, on: true), on: target)
        else {
            Issue.record("the like was not made")
            return
        }
        #expect(state.marks.contains(.favourited) && state.likes == (post.likes ?? 0) + 1)
        #expect(
            try asked().dropFirst() == [
                "/xrpc/com.atproto.repo.createRecord expired", "/xrpc/com.atproto.server.refreshSession refresh",
                "/xrpc/com.atproto.repo.createRecord right",
            ])
        #expect(try file.read().first?.token == "access-2")
    }

    @Test func theSourcesOfOneAccountShareItsSessionOneRefreshForAll() async throws {
        let reader = reader()
        let home = try #require(reader.home(of: account).flatMap(reader.open))
        let profile = try #require(
            reader.open(SourceEntry(source: .url(URL(string: "https://bsky.app/profile/chriskenny.bsky.social")!))))
        _ = try await home.loader.load { _, _, _ in }
        _ = try server.get("/bluesky-api/expire")
        async let first = home.loader.load { _, _, _ in }
        async let second = profile.loader.load { _, _, _ in }
        _ = try await (first, second)
        let all = try asked()
        #expect(all.count { $0.hasPrefix("/xrpc/com.atproto.server.refreshSession") } == 1, "\(all)")
        // Each feed ends with the refreshed token; the profile's may have asked after the
        // refresh was done (it resolves its handle first), and then never met the expiry.
        for feed in ["getTimeline", "getAuthorFeed"] {
            let tokens = all.filter { $0.hasPrefix("/xrpc/app.bsky.feed.\(feed) ") }.dropFirst(
                feed == "getTimeline" ? 1 : 0
            )
            .map { $0.split(separator: " ")[1] }
            #expect(tokens == ["expired", "right"] || tokens == ["right"], "\(feed): \(all)")
        }
        #expect(all.contains("/xrpc/app.bsky.feed.getTimeline expired"), "the first met it: \(all)")
        #expect(try file.read().first?.token == "access-2")
    }

    @Test func aRefreshTheServerRefusesAsksToSignInAgain() async throws {
        var gone = account
        gone.refreshToken = "refresh-from-another-life"
        try file.write([gone])
        let source = try #require(
            Bluesky().reader(
                NetworkContext(
                    client: server.client, accounts: [gone],
                    accountsFile: file, formats: Bluesky().formats)
            ).open(SourceEntry(source: .url(URL(string: "https://bsky.app/")!))))
        _ = try server.get("/bluesky-api/expire")
        do {
            _ = try await source.loader.load { _, _, _ in }
            Issue.record("an expired session read on")
        } catch let failure as Failure {
            #expect(failure.message.contains("shimmerfeed login"), "\(failure.message)")
        }
        #expect(try file.read() == [gone], "nothing written over the account")
    }
}
