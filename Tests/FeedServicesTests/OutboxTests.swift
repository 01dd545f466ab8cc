import FeedCore
import FeedNetwork
import FeedServices
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import FeedStore

/// The outbox (docs/mastodon.md, "Favourites, boosts and bookmarks"): an action is kept in the store as it is
/// pressed, before it is sent; taken out once the server answers, taken or refused; kept
/// through an outage (`--offline`, the network down) and sent at the next start, before its
/// timeline's first load, once a run; a refusal of a kept action said in the network's
/// words. Against the loopback server's Mastodon and Bluesky, with the run wired as `main`
/// wires it.
@Suite(.serialized) struct OutboxTests {
    let loopback: LoopbackRun

    init() throws {
        loopback = try LoopbackRun()
        try loopback.signIn([loopback.mastodonAccount])
    }

    private func favourite(_ id: String, on: Bool = true) -> ActionRequest {
        ActionRequest(
            id: 1, target: ActionTarget(source: 0, statusID: id), action: ServerAction(mark: .favourited, on: on))
    }

    private func kept(_ run: ViewerRun) throws -> [FeedStore.Queued] {
        try #require(run.store.store).queued(by: loopback.mastodonHandle)
    }

    /// What the Mastodon server was asked to do to statuses, in order.
    private func acted() throws -> [String] {
        try MastodonLog.entries(loopback.server).filter { $0.path.hasPrefix("/api/v1/statuses/") }.map {
            "\($0.method) \($0.path)\($0.rightToken ? "" : " (wrong token)")"
        }
    }

    @Test func anActionIsKeptBeforeItIsSentAndTakenOutOnceTheServerTookIt() async throws {
        let run = try loopback.run([])
        #expect(run.sources.list.entries.first?.title == "Home \(loopback.mastodonHandle)", "the account's home")
        let send = run.outbox.keep(favourite(RecordedMastodon.newest))
        #expect(try kept(run).map(\.kind) == [.like] && kept(run).allSatisfy(\.on), "kept before it is sent")
        #expect(try acted().isEmpty)
        guard case .confirmed(let state) = await send() else {
            Issue.record("the server did not take the favourite")
            return
        }
        #expect(state.statusID == RecordedMastodon.newest && state.marks.contains(.favourited) && state.likes == 1)
        #expect(try acted() == ["POST /api/v1/statuses/\(RecordedMastodon.newest)/favourite"])
        #expect(try kept(run).isEmpty, "taken out once answered")
    }

    @Test func aRefusedActionIsTakenOutAndNotSentAgain() async throws {
        _ = try loopback.server.get("/mastodon-api/fail?status=422&times=1")
        let run = try loopback.run([])
        guard case .refused(let failure) = await run.outbox.keep(favourite(RecordedMastodon.newest))() else {
            Issue.record("the 422 was not a refusal")
            return
        }
        #expect(failure.message.contains("422"))
        #expect(try kept(run).isEmpty, "a refusal is an answer: nothing kept to send again")
        let next = try loopback.run([])
        #expect(await next.outbox.sendKept(forSource: 0).isEmpty)
        #expect(try acted().count == 1, "sent once")
    }

    /// Offline, the action stays; the next start sends it before it asks for the
    /// timeline, once however often the timeline loads.
    @Test func anActionKeptOfflineIsSentAtTheNextStartBeforeTheTimelineOnce() async throws {
        let offline = try loopback.run(["--offline"])
        guard case .unsent = await offline.outbox.keep(favourite(RecordedMastodon.newest))() else {
            Issue.record("offline, the favourite was not kept unsent")
            return
        }
        _ = await offline.outbox.keep(
            ActionRequest(
                id: 2, target: ActionTarget(source: 0, statusID: RecordedMastodon.second),
                action: ServerAction(mark: .boosted, on: true)))()
        #expect(try kept(offline).map(\.kind) == [.like, .boost])
        #expect(try MastodonLog.entries(loopback.server).isEmpty, "offline: nothing asked")

        let run = try loopback.run([])
        let told = Mutex<[String]>([])
        let loader = try #require(
            run.loaders(clock: ManualClock(), outbox: run.outbox) { text in told.withLock { $0.append(text) } }.first)
        let feed = try await loader.load { _, _, _ in }
        #expect(feed.posts.count > 1)
        let asked = try MastodonLog.paths(loopback.server)
        #expect(
            asked.prefix(3) == [
                "POST /api/v1/statuses/\(RecordedMastodon.newest)/favourite",
                "POST /api/v1/statuses/\(RecordedMastodon.second)/reblog", "GET /api/v1/timelines/home",
            ], "the kept actions first, in the order pressed: \(asked)")
        #expect(try kept(run).isEmpty)
        #expect(told.withLock { $0 }.isEmpty, "nothing refused")
        // Loaded again (a refresh), nothing is sent again.
        _ = try await loader.load { _, _, _ in }
        #expect(try acted().count == 2)
    }

    @Test func aKeptActionTheServerRefusesIsSaidInItsNetworksWords() async throws {
        let offline = try loopback.run(["--offline"])
        _ = await offline.outbox.keep(favourite(RecordedMastodon.newest))()
        _ = try loopback.server.get("/mastodon-api/fail?status=422&times=1")
        let run = try loopback.run([])
        let refusals = await run.outbox.sendKept(forSource: 0)
        #expect(refusals.count == 1)
        #expect(
            refusals.first?.hasPrefix("The favourite kept from the last run was refused: ") == true, "\(refusals)")
        #expect(try kept(run).isEmpty)
    }

    /// A store version 6 wrote (Tests/FeedStoreTests/Fixtures): its six kept actions, four
    /// of a Mastodon account under Mastodon's endpoint names and two of a Bluesky session
    /// with their post's record, sent by this version after the upgrade, each to its
    /// network in order, with what it needs.
    @Test func theActionsAStoreOfVersionSixKeptAreSentAfterTheUpgrade() async throws {
        try FileManager.default.copyItem(
            atPath: Fixtures.url("store-v6-outbox.sqlite3").path, toPath: loopback.storePath)
        // The fixture's loopback server had another port, which its Mastodon actor's name
        // keeps; this one's account is the same account.
        _ = try FeedStore.open(at: loopback.storePath)
        let database = try SQLiteDatabase(path: loopback.storePath, create: false)
        _ = try database.execute(
            "UPDATE outbox SET actor = ? WHERE actor = ?",
            [.text(loopback.mastodonHandle), .text("@mastodonpy_test@127.0.0.1:46851")])
        let session = try await loopback.blueskySession()
        try loopback.signIn([loopback.mastodonAccount, session])
        let run = try loopback.run([])
        #expect(
            run.sources.list.entries.map(\.title) == [
                "Home \(loopback.mastodonHandle)", "Following @bskyr.bsky.social",
            ])
        for source in 0..<2 { #expect(await run.outbox.sendKept(forSource: source).isEmpty) }
        #expect(
            try acted() == [
                "POST /api/v1/statuses/\(RecordedMastodon.newest)/favourite",
                "POST /api/v1/statuses/\(RecordedMastodon.newest)/reblog",
                "POST /api/v1/statuses/\(RecordedMastodon.newest)/bookmark",
                "POST /api/v1/statuses/\(RecordedMastodon.second)/unreblog",
            ])
        let records = try BlueskyLog.entries(loopback.server).filter {
            $0.path == "/xrpc/com.atproto.repo.createRecord"
        }
        #expect(records.map(\.collection) == ["app.bsky.feed.like", "app.bsky.feed.repost"])
        #expect(records.allSatisfy { $0.token == "right" && $0.scheme == "https" })
        #expect(
            records.allSatisfy {
                $0.subject
                    == [
                        "uri": "at://did:plc:qnzaaisqa3lafzmtjxt5nt52/app.bsky.feed.post/3lpk3nnns5u2b",
                        "cid": "bafyreig4tpekqkfrc4mgzogi6psjufioubsyqhs4hdufawl5k5ceydtuqa",
                    ]
            }, "the record kept in version 6's payload")
        let store = try #require(run.store.store)
        #expect(try store.queued(by: loopback.mastodonHandle).isEmpty && store.queued(by: "@bskyr.bsky.social").isEmpty)
    }
}
