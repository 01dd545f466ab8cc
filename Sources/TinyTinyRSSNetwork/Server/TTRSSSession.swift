import FeedCore
import FeedNetwork
import FeedTransport
import FoundationEssentials
import Synchronization

/// A signed-in tt-rss account's session, shared by all its sources: its `sid` goes with
/// each call. When the server says the session ended (`NOT_LOGGED_IN`: it expired, or the
/// server restarted), one login makes a new one, with the password kept in the accounts file
/// or the configuration's password command, however many calls met the end at once.
final class TTRSSSession: Sendable {
    let api: TTRSSAPI
    let username: String
    private let password: TTRSSPassword
    private let file: AccountsFile?
    private let sid: Mutex<(current: String, login: Task<String, any Error>?)>
    /// The account's unread counts by feed, as last asked, and when; or the ask under way.
    private let counters = Mutex<(task: Task<[Int: Int], any Error>?, askedAt: ContinuousClock.Instant?)>((nil, nil))
    /// How long the counts answer every feed's load: one ask for a refresh's round.
    static let countersFresh = Duration.seconds(5)

    init(account: Account, password: TTRSSPassword, file: AccountsFile?, client: HTTPClient) {
        api = TTRSSAPI(server: account.server, client: client)
        username = account.username
        self.password = password
        self.file = file
        sid = Mutex((account.token, nil))
    }

    var server: String { api.server }

    /// The name the outbox keeps its actions by, and rows and messages name the account by.
    var name: String { TinyTinyRSS.handle(username: username, server: server) }

    /// `op`'s content with the session's `sid`; after `NOT_LOGGED_IN`, logged in again and
    /// asked once more.
    func call<Content: Decodable>(_ op: String, _ parameters: [String: TTRSSParameter] = [:], as: Content.Type)
        async throws -> Content
    {
        let used = sid.withLock { $0.current }
        do {
            return try await api.call(op, sid: used, parameters, as: Content.self)
        } catch .refused(.notLoggedIn) {
            let fresh = try await loggedIn(replacing: used)
            do {
                return try await api.call(op, sid: fresh, parameters, as: Content.self)
            } catch {
                throw Self.failure(error, server: server)
            }
        } catch {
            throw Self.failure(error, server: server)
        }
    }

    /// The server's unread count of each feed (`getCounters`), one ask for all the
    /// account's feeds within `countersFresh`.
    func unreadCounts() async throws -> [Int: Int] {
        let now = ContinuousClock.now
        let task: Task<[Int: Int], any Error> = counters.withLock { counters in
            if let task = counters.task, let askedAt = counters.askedAt, now - askedAt < Self.countersFresh {
                return task
            }
            let task = Task { try await self.askCounters() }
            counters = (task, now)
            return task
        }
        return try await task.value
    }

    private func askCounters() async throws -> [Int: Int] {
        struct Counter: Decodable {
            var id: TTRSSNumber
            var counter: TTRSSNumber?
            var kind: String?
        }
        let counters = try await call("getCounters", as: [Lenient<Counter>].self)
        var byFeed: [Int: Int] = [:]
        // A feed's counter has no `kind`; a category's says "cat"; the virtual feeds are
        // below 1, and "global-unread" is no number.
        for counter in counters.compactMap(\.value) where counter.kind == nil && counter.id.value > 0 {
            byFeed[counter.id.value] = counter.counter?.value ?? 0
        }
        return byFeed
    }

    /// A new session in place of `stale`; one login for every call that met its end.
    private func loggedIn(replacing stale: String) async throws -> String {
        let task: Task<String, any Error> = sid.withLock { sid in
            if let login = sid.login { return login }
            if sid.current != stale {
                let current = sid.current
                return Task { current }
            }
            let login = Task { try await self.login() }
            sid.login = login
            return login
        }
        return try await task.value
    }

    private func login() async throws -> String {
        defer { sid.withLock { $0.login = nil } }
        let secret = try password.read(for: name)
        let session: String
        do {
            session = try await TTRSSSignIn.login(api: api, username: username, password: secret)
        } catch .refused(.loginError) {
            throw Failure.unexpected(
                "tt-rss at \(TinyTinyRSS.shown(server)) refused the password of \(username) "
                    + "(changed since?): shimmerfeed login --ttrss \(server) again")
        } catch {
            throw Self.failure(error, server: server)
        }
        sid.withLock { $0.current = session }
        keep(session)
        return session
    }

    /// The new session in the accounts file, so that the next run starts with it.
    private func keep(_ session: String) {
        guard let file, var accounts = try? file.read() else { return }
        for index in accounts.indices
        where accounts[index].network == TinyTinyRSS.id && accounts[index].server == server
            && accounts[index].username == username
        {
            accounts[index].token = session
        }
        try? file.write(accounts)
    }

    /// A call's failure in words for the reader.
    static func failure(_ failure: TTRSSAPI.CallFailure, server: String) -> Failure {
        switch failure {
        case .failed(let failure): failure
        case .refused(let refusal): .unexpected(TTRSSSignIn.explained(refusal, server: server))
        }
    }
}

/// Where a session's password comes from when the server asks for a login again: the
/// accounts file, or the configuration's `password-command`, run each time (nothing kept).
enum TTRSSPassword: Sendable {
    case kept(String?)
    case command(String)

    /// The password, or why there is none.
    func read(for account: String) throws -> String {
        switch self {
        case .kept(let password?) where !password.isEmpty:
            return password
        case .kept:
            throw Failure.unexpected(
                "the tt-rss session of \(account) ended, and no password is kept for it: set password-command "
                    + "in the configuration, or sign in again")
        case .command(let command):
            return try PasswordCommand.run(command)
        }
    }
}
