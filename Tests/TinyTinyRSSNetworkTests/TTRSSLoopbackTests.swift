import FeedCore
import FeedNetwork
import FeedTransport
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import TinyTinyRSSNetwork

/// The code that talks to tt-rss, against a real one: Debian's tt-rss on loopback
/// (`TTRSSServer`), 3 feeds of 40 articles filed under two categories, a server of each
/// test's own (2–3 s to start), its admin signed in.
@Suite(.serialized, .enabled(if: TTRSSServer.unavailable == nil, "\(TTRSSServer.unavailable ?? "")"))
struct TTRSSLoopbackTests {
    let server: TTRSSServer
    let client: HTTPClient

    init() throws {
        server = try TTRSSServer(feeds: 3, articles: 40)
        client = HTTPClient(certificateAuthorities: server.certificate)
    }

    /// The admin, with its password and id; or a user made now, without feeds, API access
    /// as given.
    private func user(_ name: String, api: Bool = true) -> (name: String, uid: Int) {
        if name == "admin" { return ("admin", 1) }
        #expect(server.command("user \(name) pw-\(name) \(api ? "on" : "off")") == "ok")
        return (name, Int(server.sql("select id from ttrss_users where login = '\(name)'").first ?? "") ?? -1)
    }

    private func password(_ name: String) -> String { name == "admin" ? server.password : "pw-\(name)" }

    private func signIn(_ lines: [String], at address: String? = nil) async throws -> Account {
        try await TinyTinyRSS().signIn(at: address ?? server.url, console: Console(lines: lines), client: client)
    }

    private func session(_ account: Account, password: TTRSSPassword? = nil, file: AccountsFile? = nil)
        -> TTRSSSession
    {
        TTRSSSession(account: account, password: password ?? .kept(account.password), file: file, client: client)
    }

    private func unread(_ uid: Int) -> Int { server.unreadCount(owner: uid) }

    @Test func signingInKeepsTheSessionAndThePassword() async throws {
        let (name, _) = user("admin")
        let console = Console(lines: [name, password(name)])
        let account = try await TinyTinyRSS().signIn(at: server.url, console: console, client: client)
        #expect(account.network == TinyTinyRSS.id)
        #expect(account.server == server.url)
        #expect(account.username == name)
        #expect(account.password == password(name))
        #expect(!account.token.isEmpty)
        // The password is asked unseen; the user name is not.
        #expect(
            console.asked == [.init(prompt: "User name: ", secret: false), .init(prompt: "Password: ", secret: true)])
        // The session works.
        struct Level: Decodable { var level: Int }
        let level = try await session(account).call("getApiLevel", as: Level.self)
        #expect(level.level == 15)
    }

    /// What signing in with `lines` at `address` was refused with; nil when it was not.
    private func refusal(_ lines: [String], at address: String? = nil) async -> String? {
        do {
            _ = try await signIn(lines, at: address)
            return nil
        } catch let refused as SignInRefused {
            return refused.description
        } catch {
            return String(describing: error)
        }
    }

    @Test func eachRefusalSaysWhatToDo() async throws {
        let (name, _) = user("apioff", api: false)
        let wrong = await refusal(["admin", "wrong"])
        #expect(wrong?.contains("refused the user name or password") == true)
        let apiOff = await refusal([name, password(name)])
        #expect(apiOff?.contains("“Enable API” in tt-rss's Preferences → Preferences → General") == true)
        let elsewhere = await refusal(["admin", server.password], at: server.url + "/elsewhere")
        #expect(elsewhere?.contains("Tiny Tiny RSS's API") == true)
        let unreachable = await refusal(["admin", server.password], at: "https://127.0.0.1:1")
        #expect(unreachable?.contains("127.0.0.1") == true)
    }

    @Test func theAccountsFeedsAreSourcesTaggedByCategoryWithTheServersCounts() async throws {
        let (name, _) = user("admin")
        let account = try await signIn([name, password(name)])
        let folder = try ScratchFolder.make("store-ttrss")
        defer { try? FileManager.default.removeItem(at: folder) }
        let context = NetworkContext(
            client: client, accounts: [account], environment: ["XDG_CACHE_HOME": folder.path],
            formats: DocumentFormats(json: []))
        let reader = TTRSSReader(context: context)
        let home = try #require(reader.home(of: account))
        let entries = try #require(await reader.sources(of: home))
        #expect(entries.map { $0.title } == ["Feed 1", "Feed 2", "Feed 3"])
        #expect(entries.map { $0.tags } == [["Category A"], ["Category B"], ["Category A"]])
        #expect(entries.allSatisfy { $0.account == "\(name)@\(TinyTinyRSS.shown(server.url))" })
        let source = try #require(reader.open(entries[1]))
        #expect(source.name == "Feed 2")
        #expect(source.actor != nil && source.readState != nil)
        // Offline, the list the last run kept.
        var offline = context
        offline.client = HTTPClient(offline: true)
        let kept = try #require(await TTRSSReader(context: offline).sources(of: home))
        #expect(kept.map { $0.title } == entries.map { $0.title })
        #expect(kept.map { $0.tags } == entries.map { $0.tags })
    }

    @Test func articlesComeNewestFirstPagedAndThenOnlyWhatIsNewer() async throws {
        let (name, uid) = user("admin")
        let account = try await signIn([name, password(name)])
        let session = session(account)
        let feedID = Int(server.sql("select id from ttrss_feeds where owner_uid = \(uid) and title = 'Feed 1'")[0])!
        let loader = TTRSSFeedLoader(
            session: session, feed: TTRSSFeed(id: feedID, title: "Feed 1", unread: 40, order: 1))
        let first = try await loader.load { _, _, _ in }
        #expect(first.posts.count == TTRSSFeedLoader.pageSize)
        #expect(first.posts.first?.title == "Feed 1 article 40")
        #expect(first.posts.allSatisfy { $0.readOnServer == false })
        // The server's count (getCounters) beyond the 30 here: the sources view's 40.
        #expect(first.unreadElsewhere == 10)
        let next = try #require(first.nextPage)
        let page = try await loader.loadPage(next)
        #expect(page.posts.count == 10)
        #expect(page.posts.last?.title == "Feed 1 article 1")
        #expect(page.nextPage == nil)
        // A full page further on names the next by where it ends.
        let fromFive = try await loader.loadPage(loader.pageAddress(skip: 5))
        #expect(fromFive.posts.first?.title == "Feed 1 article 35")
        let after = try #require(fromFive.nextPage)
        #expect(TTRSSFeedLoader.skip(in: after) == 35)
        #expect(
            try await loader.loadPage(after).posts.map(\.title) == (1...5).reversed().map { "Feed 1 article \($0)" })
        // Published since, and one read elsewhere (tt-rss's own page, another device).
        server.command("publish 1 Feed 1 breaking")
        server.command("update")
        let elsewhere = server.articleID("Feed 1 article 39")
        _ = server.sql(
            "update ttrss_user_entries set unread = false, marked = true where owner_uid = \(uid) and ref_id = \(elsewhere)"
        )
        let refreshed = try await loader.load { _, _, _ in }
        #expect(refreshed.posts.first?.title == "Feed 1 breaking")
        // tt-rss numbers a feed's articles as it first stored them, its newest first: the
        // ten past the first page came after it, and a refresh brings them too, once.
        #expect(refreshed.posts.count == 41)
        #expect(Set(refreshed.posts.map(\.id)).count == 41)
        let read = try #require(refreshed.posts.first { $0.title == "Feed 1 article 39" })
        #expect(read.readOnServer == true)
        #expect(read.marks == .favourited)
        #expect(refreshed.nextPage == nil)
        // 41 articles, one read: all 40 unread are here now, none beyond.
        #expect(refreshed.unreadElsewhere == 0)
        #expect(refreshed.posts.count { $0.readOnServer == false } == 40)
    }

    @Test func theUnreadCountsAreAskedOnceForEveryFeedOfARound() async throws {
        let (name, uid) = user("admin")
        let session = session(try await signIn([name, password(name)]))
        let counts = try await session.unreadCounts()
        #expect(counts.count == 3 && counts.values.allSatisfy { $0 == 40 })
        // Read elsewhere meanwhile: the same round's loads still share the first answer.
        server.sql("update ttrss_user_entries set unread = false where owner_uid = \(uid)")
        #expect(try await session.unreadCounts() == counts)
    }

    @Test func readMarksGoBothWaysSeveralInOneRequest() async throws {
        let (name, uid) = user("admin")
        let actions = TTRSSActions(session: session(try await signIn([name, password(name)])))
        let before = unread(uid)
        #expect(before == 120)
        let ids = ["Feed 2 article 40", "Feed 2 article 39", "Feed 3 article 1"].map { title in
            server.sql(
                "select u.ref_id from ttrss_user_entries u join ttrss_entries e on e.id = u.ref_id "
                    + "where u.owner_uid = \(uid) and e.title = '\(title)'")[0]
        }
        #expect(await actions.mark(ids, read: true) == .taken)
        #expect(unread(uid) == before - 3)
        #expect(
            server.titles(where: "not u.unread", owner: uid) == [
                "Feed 2 article 39", "Feed 2 article 40", "Feed 3 article 1",
            ])
        #expect(await actions.mark([ids[0]], read: false) == .taken)
        #expect(server.titles(where: "not u.unread", owner: uid) == ["Feed 2 article 39", "Feed 3 article 1"])
        // A mark sets, never toggles: read twice (two devices, a retry) is read.
        #expect(await actions.mark([ids[1]], read: true) == .taken)
        #expect(await actions.mark([ids[0]], read: false) == .taken)
        #expect(server.titles(where: "not u.unread", owner: uid) == ["Feed 2 article 39", "Feed 3 article 1"])
    }

    @Test func aStarIsTheArticlesMarkOnTheServer() async throws {
        let (name, uid) = user("admin")
        let actions = TTRSSActions(session: session(try await signIn([name, password(name)])))
        let id = server.sql(
            "select u.ref_id from ttrss_user_entries u join ttrss_entries e on e.id = u.ref_id "
                + "where u.owner_uid = \(uid) and e.title = 'Feed 3 article 7'")[0]
        let target = ActionTarget(source: 0, statusID: id)
        guard case .confirmed(let state) = await actions.send(ServerAction(mark: .favourited, on: true), on: target)
        else {
            Issue.record("the star was not taken")
            return
        }
        #expect(state.marks == .favourited)
        #expect(server.titles(where: "u.marked", owner: uid) == ["Feed 3 article 7"])
        guard case .confirmed(let undone) = await actions.send(ServerAction(mark: .favourited, on: false), on: target)
        else {
            Issue.record("the unstar was not taken")
            return
        }
        #expect(undone.marks.isEmpty)
        #expect(server.titles(where: "u.marked", owner: uid).isEmpty)
        // tt-rss has no shares to make from here: refused, not sent.
        guard case .refused = await actions.send(ServerAction(mark: .boosted, on: true), on: target) else {
            Issue.record("a boost was sent to tt-rss")
            return
        }
    }

    @Test func anEndedSessionIsLoggedInAgainWithThePasswordAndKept() async throws {
        let (name, _) = user("admin")
        let account = try await signIn([name, password(name)])
        let folder = try ScratchFolder.make("store-ttrss")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = AccountsFile(path: folder.path + "/accounts")
        // Beside it, accounts that share all but one of its server, network and name:
        // the new session is this one's only.
        var others = [account, account, account]
        others[0].username = "another"
        others[1].network = NetworkID("mastodon")
        others[2].server = account.server + "/other"
        try file.write([others[0], account, others[1], others[2]])
        let session = session(account, file: file)
        // The server forgets every session (a restart of its PHP sessions, an expiry).
        _ = server.sql("delete from ttrss_sessions")
        struct Level: Decodable { var level: Int }
        // Several calls meet the end at once: one login.
        async let a = session.call("getApiLevel", as: Level.self)
        async let b = session.call("getApiLevel", as: Level.self)
        #expect(try await a.level == 15)
        #expect(try await b.level == 15)
        let kept = try file.read()
        #expect(kept.count == 4)
        #expect(kept[1].token != account.token)
        #expect([kept[0], kept[2], kept[3]] == others, "the others' sessions as they were")
        // With a password command instead, nothing kept: the command's password is used.
        _ = server.sql("delete from ttrss_sessions")
        var bare = account
        bare.password = nil
        let commanded = self.session(bare, password: .command("echo \(password(name))"))
        #expect(try await commanded.call("getApiLevel", as: Level.self).level == 15)
        // And a wrong one says to sign in again.
        _ = server.sql("delete from ttrss_sessions")
        let wrong = self.session(bare, password: .command("echo nope"))
        await #expect(
            throws: Failure.unexpected(
                "tt-rss at \(TinyTinyRSS.shown(server.url)) refused the password of \(name) (changed since?): "
                    + "shimmerfeed login --ttrss \(server.url) again")
        ) {
            try await wrong.call("getApiLevel", as: Level.self)
        }
    }

    @Test func withTheServerDownAMarkWaitsAndThenGoes() async throws {
        let (name, uid) = user("admin")
        let actions = TTRSSActions(session: session(try await signIn([name, password(name)])))
        let id = server.sql(
            "select u.ref_id from ttrss_user_entries u join ttrss_entries e on e.id = u.ref_id "
                + "where u.owner_uid = \(uid) and e.title = 'Feed 1 article 3'")[0]
        server.command("down")
        defer { server.command("up") }
        guard case .unsent = await actions.mark([id], read: true) else {
            Issue.record("a mark the server could not take was not kept to send")
            return
        }
        #expect(server.titles(where: "not u.unread", owner: uid).isEmpty)
        server.command("up")
        #expect(await actions.mark([id], read: true) == .taken)
        #expect(server.titles(where: "not u.unread", owner: uid) == ["Feed 1 article 3"])
    }

    @Test func loggingOutEndsTheSessionOnTheServer() async throws {
        let (name, _) = user("admin")
        let account = try await signIn([name, password(name)])
        let said = try await TinyTinyRSS().signOut(account, client: client)
        #expect(said.contains("the session at \(TinyTinyRSS.shown(server.url)) ended"))
        struct Level: Decodable { var level: Int }
        let api = TTRSSAPI(server: server.url, client: client)
        do throws(TTRSSAPI.CallFailure) {
            _ = try await api.call("getApiLevel", sid: account.token, as: Level.self)
            Issue.record("the session still works")
        } catch .refused(let refusal) {
            #expect(refusal == .notLoggedIn)
        } catch {
            Issue.record("\(error)")
        }
        // A server that cannot be reached: forgotten here all the same, and said.
        var gone = account
        gone.server = "https://127.0.0.1:1"
        let unreachable = try await TinyTinyRSS().signOut(gone, client: client)
        #expect(
            unreachable.hasPrefix("Signed out of tt-rss: admin@127.0.0.1:1 forgotten here, and its password with it."))
        #expect(unreachable.hasSuffix("its session ends there when it expires."))
    }
}

/// A sign-in's console that types the given lines and keeps what was asked, and whether
/// unseen.
final class Console: SignInConsole, @unchecked Sendable {
    struct Asked: Equatable {
        var prompt: String
        var secret: Bool
    }
    private let lock = NSLock()
    private var lines: [String]
    private(set) var asked: [Asked] = []

    init(lines: [String]) { self.lines = lines }

    func say(_ text: String, newline: Bool) {}

    func ask(_ prompt: String, secret: Bool) -> String? {
        lock.withLock {
            asked.append(Asked(prompt: prompt, secret: secret))
            return lines.isEmpty ? nil : lines.removeFirst()
        }
    }

    func openInBrowser(_ url: String) -> Bool { false }

    func waitForLine(or descriptor: Int32, until deadline: ContinuousClock.Instant) -> ConsoleWait { .timedOut }

    func endLine() {}
}
