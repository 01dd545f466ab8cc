import FeedCore
import FeedNetwork
import FeedStore
import Foundation
import TestSupport
import Testing

@testable import FeedServices

/// The servers as the viewer's loop uses them (docs/mastodon.md, "Notifications" and
/// "Replies and posts"), wired as the viewer wires them: a thread read from its source's own
/// server with its account's token, none for a source whose network has no threads; the
/// `notifications` source expanded to an account's; a post written in the reader's editor
/// (a script here), checked against the server's limit, posted once with one key however
/// often it is tried, its draft removed once posted and kept, and named, when not.
@Suite(.serialized) struct ServerServiceTests {
    let loopback: LoopbackRun
    /// The recorded thread (mastodon-api/context.json): no ancestors, three replies.
    static let threaded = "114026814291152535"

    init() throws {
        loopback = try LoopbackRun()
        try loopback.signIn([loopback.mastodonAccount])
    }

    /// The viewer's server services of a run of `arguments`, `extra` in its environment.
    private func servers(_ arguments: [String] = [], environment extra: [String: String] = [:]) throws
        -> ServerService
    {
        let run = try loopback.run(arguments, environment: extra)
        let composer = Composer(
            posters: run.sources.opened.map { $0?.poster }, offline: run.options.viewer.offline,
            environment: run.environment, store: run.store.store)
        return ServerService(
            sources: run.sources.opened, outbox: run.outbox, composer: composer, readPositions: run.readPositions)
    }

    @Test func aThreadIsReadFromItsSourcesServerWithItsAccountsToken() async throws {
        let servers = try servers([])
        let thread = try await servers.thread(source: 0, statusID: Self.threaded).get()
        #expect(thread.ancestors.isEmpty && thread.descendants.count == 3)
        let asked = try MastodonLog.entries(loopback.server)
        #expect(asked.map(\.path) == ["/api/v1/statuses/\(Self.threaded)/context"] && asked[0].rightToken)
    }

    @Test func aWebFeedHasNoThreadToRead() async throws {
        let servers = try servers([Fixtures.url("jsonfeed.json").path])
        guard case .failure(let failure) = await servers.thread(source: 0, statusID: "1") else {
            Issue.record("a web feed read a thread")
            return
        }
        #expect(failure.message == "its source's network has no threads to read")
        #expect(try MastodonLog.entries(loopback.server).isEmpty)
    }

    @Test func notificationsAreTheAccountsAndWithoutOneWhereToSignIn() async throws {
        let run = try loopback.run(["notifications"])
        let entry = try #require(run.sources.list.entries.first)
        #expect(entry.url?.absoluteString == loopback.base + "/api/v1/notifications")
        #expect(entry.title == "Notifications \(loopback.mastodonHandle)")
        let rows = try await #require(run.loaders(clock: ManualClock()).first).load { _, _, _ in }.posts
        #expect(!rows.isEmpty && rows.allSatisfy { $0.network?.rawValue == "mastodon" })
        let servers = try servers([])
        let fromHome = try await servers.notifications(source: 0).get()
        #expect(fromHome.count == rows.count, "the same account's, from its home")
        try loopback.signIn([])
        #expect(throws: Failure.unexpected("notifications are an account's: shimmerfeed login SERVER first")) {
            try loopback.run(["notifications"])
        }
    }

    /// `notifications` in the subscriptions file keeps its line's tags and settings, so that
    /// `--tag` and the sources view find it under its tag.
    @Test func notificationsKeepTheirLinesTagsAndSettings() throws {
        let config = loopback.folder.appendingPathComponent("config/shimmerfeed")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "notifications tag=people refresh=5m Mine\n".write(
            to: config.appendingPathComponent("feeds"), atomically: true, encoding: .utf8)
        let run = try loopback.run([])
        let entry = try #require(run.sources.list.entries.first)
        #expect(entry.url?.absoluteString == loopback.base + "/api/v1/notifications")
        #expect(entry.tags == ["people"] && entry.refresh == .seconds(300) && entry.title == "Mine")
        #expect(run.sources.statuses.map(\.tags) == [["people"]])
        #expect(try loopback.run(["--tag", "people"]).sources.count == 1)
    }

    /// An editor that writes `text` into the draft (the file it is given), and counts its runs.
    private func editor(writing text: String, orWhenReopened second: String? = nil) throws -> [String: String] {
        let script = loopback.folder.appendingPathComponent("editor.sh")
        let runs = loopback.folder.appendingPathComponent("editor-runs").path
        let reopened = second.map { "if grep -q 'Too long' \"$1\"; then printf '%s' '\($0)' > \"$1\"; exit 0; fi\n" }
        try """
        #!/bin/sh
        echo run >> '\(runs)'
        \(reopened ?? "")printf '%s' '\(text)' > "$1"
        """.write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        return ["EDITOR": script.path, "XDG_STATE_HOME": loopback.folder.appendingPathComponent("state").path]
    }

    private var editorRuns: Int {
        let text =
            (try? String(contentsOfFile: loopback.folder.appendingPathComponent("editor-runs").path, encoding: .utf8))
            ?? ""
        return text.split(separator: "\n").count
    }

    private var drafts: [String] {
        let folder = loopback.folder.appendingPathComponent("state/shimmerfeed/drafts").path
        return (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    }

    private func posts() throws -> [MastodonLog.Entry] {
        try MastodonLog.entries(loopback.server).filter { $0.method == "POST" && $0.path == "/api/v1/statuses" }
    }

    @Test func aPostTriedAgainAfterABadGatewayIsPostedOnceWithOneKey() async throws {
        _ = try loopback.server.get("/mastodon-api/fail?status=502&times=1")
        let servers = try servers([], environment: try editor(writing: "Hello from the services"))
        guard case .sending(let shown, let send) = servers.compose(ComposeRequest(id: 1, source: 0), handOver: { $0() })
        else {
            Issue.record("nothing to send")
            return
        }
        #expect(shown.content == "Hello from the services" && shown.author.name == loopback.mastodonHandle)
        guard case .posted(let post, _) = await send() else {
            Issue.record("not posted")
            return
        }
        #expect(post.content == "Hello from the services")
        let tries = try posts()
        #expect(tries.count == 2, "the 502, then the post")
        #expect(tries[0].idempotencyKey != nil && tries[0].idempotencyKey == tries[1].idempotencyKey)
        #expect(drafts.isEmpty, "the draft removed once posted")
    }

    @Test func aDraftTooLongForTheServerIsOpenedAgainWithWhy() async throws {
        let long = String(repeating: "Long words. ", count: 50)
        // The server's limit, asked in the background as the viewer does at start.
        let composer = Composer(
            posters: try loopback.run([]).sources.opened.map { $0?.poster }, offline: false,
            environment: try editor(writing: long, orWhenReopened: "Short now"))
        composer.learnLimits()
        try await eventually("the limit known") { composer.limit(of: loopback.base) == 500 }
        guard case .sending(let shown, _) = composer.compose(ComposeRequest(id: 1, source: 0), handOver: { $0() })
        else {
            Issue.record("nothing to send")
            return
        }
        #expect(shown.content == "Short now")
        #expect(editorRuns == 2, "opened again once")
    }

    @Test func aPostThatFailsKeepsItsDraftAndSaysWhere() async throws {
        _ = try loopback.server.get("/mastodon-api/fail?status=422&times=1")
        let servers = try servers([], environment: try editor(writing: "Refused"))
        guard case .sending(_, let send) = servers.compose(ComposeRequest(id: 1, source: 0), handOver: { $0() }) else {
            Issue.record("nothing to send")
            return
        }
        guard case .failed(let message) = await send() else {
            Issue.record("posted")
            return
        }
        #expect(message.hasPrefix("Could not post: HTTP 422"), "\(message)")
        #expect(drafts.count == 1 && message.hasSuffix(drafts[0]), "\(message)")
        #expect(try posts().count == 1, "a refusal is not tried again")
    }

    /// The posts the store's outbox keeps, by kind.
    private func keptPosts() throws -> [FeedStore.Queued] {
        let run = try loopback.run([])
        return try #require(run.store.store).queued(by: loopback.mastodonHandle).filter { $0.kind == .post }
    }

    /// A post the server could not take (down, three tries) stays in the outbox with its key
    /// and its draft; the next start posts it with that key, once, and forgets both.
    @Test func aPostTheServerCouldNotTakeIsPostedAtTheNextStartWithItsKey() async throws {
        _ = try loopback.server.get("/mastodon-api/fail?status=503&times=5")
        let environment = try editor(writing: "Through the outage")
        let servers = try servers([], environment: environment)
        guard case .sending(_, let send) = servers.compose(ComposeRequest(id: 1, source: 0), handOver: { $0() }) else {
            Issue.record("nothing to send")
            return
        }
        guard case .failed(let message) = await send() else {
            Issue.record("posted through a 503")
            return
        }
        #expect(message.contains("kept to post at the next start"), "\(message)")
        let kept = try keptPosts()
        #expect(kept.count == 1 && drafts.count == 1)
        let key = try #require(kept.first?.target)
        let tries = try posts().map(\.idempotencyKey)
        #expect(tries.count > 1 && Set(tries) == [key], "tried again with its key, and given up")
        _ = try loopback.server.get("/mastodon-api/fail?status=503&times=0")
        // The next start, the server up again.
        let run = try loopback.run([], environment: environment)
        let composer = Composer(
            posters: run.sources.opened.map { $0?.poster }, offline: false, environment: run.environment,
            store: run.store.store)
        #expect(await composer.sendKept() == ["Posted the post kept from the last run (“Through the outage”)."])
        #expect(try posts().map(\.idempotencyKey) == tries + [key], "the same key: never a second post")
        #expect(try keptPosts().isEmpty && drafts.isEmpty)
        #expect(await composer.sendKept().isEmpty, "sent once")
    }

    /// Offline, a post waits in the outbox; a refusal takes it out, its draft kept and named.
    @Test func offlineAPostWaitsAndARefusalTakesItOut() async throws {
        let environment = try editor(writing: "Written on the train")
        let offline = try servers(["--offline"], environment: environment)
        guard case .sending(_, let send) = offline.compose(ComposeRequest(id: 1, source: 0), handOver: { $0() }) else {
            Issue.record("nothing to send")
            return
        }
        guard case .failed(let message) = await send() else {
            Issue.record("posted offline")
            return
        }
        #expect(message.hasPrefix("Offline: not posted; kept to post at the next start"), "\(message)")
        #expect(try posts().isEmpty && keptPosts().count == 1)
        _ = try loopback.server.get("/mastodon-api/fail?status=422&times=1")
        let run = try loopback.run([], environment: environment)
        let composer = Composer(
            posters: run.sources.opened.map { $0?.poster }, offline: false, environment: run.environment,
            store: run.store.store)
        let said = await composer.sendKept()
        #expect(said.count == 1 && said[0].hasPrefix("Could not post the post kept from the last run"), "\(said)")
        #expect(try keptPosts().isEmpty && drafts.count == 1 && said[0].hasSuffix(drafts[0]))
    }

    @Test func anEmptyDraftPostsNothing() throws {
        let servers = try servers([], environment: try editor(writing: ""))
        guard case .cancelled(let message) = servers.compose(ComposeRequest(id: 1, source: 0), handOver: { $0() })
        else {
            Issue.record("an empty draft was sent")
            return
        }
        #expect(message == "Nothing posted: the text was empty.")
        #expect(drafts.isEmpty)
    }
}
