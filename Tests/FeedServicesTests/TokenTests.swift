import FeedCore
import FeedServices
import Foundation
import TestSupport
import Testing

/// Where a token may go, and where it may not (docs/mastodon.md and
/// docs/timeline.md): an account's token to its own server alone, over https alone; a
/// `token=$VARIABLE` from the environment, never from a file, and over https only; a source
/// of another server read without an account gets no token at all, and the account finds
/// its posts on its own server to act on them; a Bluesky session's token goes to its PDS,
/// never to the public AppView. Each source opened and loaded as `main` opens it, against
/// the loopback server (its TLS port the account's server, its plain port another).
@Suite(.serialized) struct TokenTests {
    let loopback: LoopbackRun

    init() throws {
        loopback = try LoopbackRun()
        try loopback.signIn([loopback.mastodonAccount])
    }

    /// The plain (http) server's public timeline: another server than the account's.
    private var elsewhere: String { "http://127.0.0.1:\(loopback.server.port)/api/v1/timelines/public" }

    /// The subscriptions file of `lines`, run, each source loaded once: its failure, if any.
    private func load(_ lines: [String], environment: [String: String] = [:]) async throws -> [String?] {
        try lines.joined(separator: "\n").write(
            to: loopback.config.appendingPathComponent("feeds"), atomically: true, encoding: .utf8)
        let run = try loopback.run([], environment: environment)
        var failures: [String?] = []
        for loader in run.loaders(clock: ManualClock()) {
            do {
                _ = try await loader.load { _, _, _ in }
                failures.append(nil)
            } catch let failure as Failure {
                failures.append(failure.message)
            }
        }
        return failures
    }

    private func bearers() throws -> [String] {
        try MastodonLog.entries(loopback.server).map { "\($0.path) \($0.rightToken ? "token" : "none")" }
    }

    @Test func anAccountsTokenGoesToItsOwnServerOnly() async throws {
        let account = "account=\(loopback.mastodonHandle)"
        let failures = try await load([
            "\(loopback.base)/api/v1/timelines/home \(account)", "\(elsewhere) \(account)",
        ])
        #expect(failures[0] == nil)
        #expect(failures[1] == "\(loopback.mastodonHandle) is not an account of 127.0.0.1", "\(failures)")
        #expect(try bearers() == ["/api/v1/timelines/home token"], "nothing asked of the other server")
    }

    @Test func anAccountNotSignedInIsSaidWithWhereToSignIn() async throws {
        let failures = try await load(["\(loopback.base)/api/v1/timelines/home account=@nobody@\(loopback.host)"])
        #expect(failures == ["not signed in as @nobody@\(loopback.host): shimmerfeed login \(loopback.host)"])
        #expect(try bearers().isEmpty)
    }

    @Test func aTokenFromTheEnvironmentGoesOverHTTPSOnly() async throws {
        try loopback.signIn([])
        let failures = try await load(
            [
                "\(loopback.base)/api/v1/timelines/home token=$HOME_TOKEN", "\(elsewhere) token=$HOME_TOKEN",
                "\(loopback.base)/api/v1/timelines/home token=$UNSET_TOKEN",
            ], environment: ["HOME_TOKEN": RecordedMastodon.token])
        #expect(failures[0] == nil)
        #expect(failures[1] == "a token is sent over https only, not to http://127.0.0.1")
        #expect(failures[2] == "the token's variable $UNSET_TOKEN is not set")
        #expect(try bearers() == ["/api/v1/timelines/home token"], "the refused ones asked nothing")
    }

    @Test func aSourceOfAnotherServerIsReadWithoutATokenAndActedOnFromTheAccountsOwn() async throws {
        // The same server by another name: another server, as far as tokens go.
        let another = "https://localhost:\(loopback.server.tlsPort ?? 0)/api/v1/timelines/public"
        #expect(try await load([another]) == [nil])
        #expect(try bearers() == ["/api/v1/timelines/public none"])
        let run = try loopback.run([])
        #expect(run.sources.statuses[0].capabilities.contains(.like), "the account acts for it")
        let answer = await run.outbox.keep(
            ActionRequest(
                id: 1,
                target: ActionTarget(
                    source: 0, statusID: RecordedMastodon.newest,
                    statusURL: "http://localhost:3000/@mastodonpy_test/\(RecordedMastodon.newest)"),
                action: ServerAction(mark: .favourited, on: true)))()
        guard case .confirmed = answer else {
            Issue.record("the favourite was not taken: \(answer)")
            return
        }
        #expect(
            try bearers().dropFirst() == [
                "/api/v2/search token", "/api/v1/statuses/9\(RecordedMastodon.newest)/favourite token",
            ], "found on the account's own server, by its id there")
    }

    @Test func aBlueskySessionsTokenGoesToItsPDSNeverToThePublicAppView() async throws {
        let session = try await loopback.blueskySession()
        try loopback.signIn([session])
        let failures = try await load(["https://bsky.app/profile/chriskenny.bsky.social", "https://bsky.app/"])
        #expect(failures == [nil, nil])
        let asked = try BlueskyLog.entries(loopback.server).filter {
            $0.path != "/xrpc/com.atproto.server.createSession"
        }
        #expect(asked.filter { $0.scheme == "http" }.allSatisfy { $0.token == "none" }, "the AppView: no token")
        #expect(asked.filter { $0.token != "none" }.allSatisfy { $0.scheme == "https" && $0.token == "right" })
        #expect(asked.contains { $0.path == "/xrpc/app.bsky.feed.getTimeline" && $0.token == "right" })
    }
}
