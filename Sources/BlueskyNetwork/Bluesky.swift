import FeedCore
import FeedNetwork
import FeedTransport
import FoundationEssentials

/// Bluesky: a profile's posts, a custom feed and a list through the public AppView (or the
/// reader's PDS, signed in with an app password), the Following timeline, and likes and
/// reposts as records in the reader's repo. Its servers are bsky.social and a PDS of the
/// reader's own (`login --bluesky HOST`).
public struct Bluesky: Network {
    public static let id = NetworkID.bluesky
    /// Where a reader signs in to Bluesky, as messages tell it.
    static let service = "bsky.social"

    public init() {}

    static let words = NetworkWords(
        name: "Bluesky", like: "like", boost: "repost", bookmark: "bookmark", boostedBy: "reposted by",
        lacking: [
            .bookmark: "A Bluesky post cannot be bookmarked: Bluesky keeps no bookmarks that other apps see.",
            .vote: "Bluesky has no polls.",
        ])

    public var traits: NetworkTraits {
        NetworkTraits(
            id: Self.id, words: Self.words,
            capabilities: [.like, .boost, .thread, .reply, .post, .quote, .notifications, .readPosition],
            notificationsPosition: .newestTime)
    }

    public var formats: DocumentFormats { DocumentFormats(json: [BlueskyFeedFormat()]) }

    public var signIns: [CommandLineVocabulary.SignIn] {
        [
            .init(usage: "login bsky.social", summary: "sign in to Bluesky with an app password"),
            .init(usage: "login --bluesky HOST", summary: "sign in to Bluesky at another PDS"),
        ]
    }

    /// Bluesky's own service, as its app or its entryway names it.
    public func signsIn(at server: String) -> Bool {
        BlueskySignIn.isBluesky(server)
    }

    public func signIn(at server: String, console: any SignInConsole, client: HTTPClient) async throws -> Account {
        let server = BlueskySignIn.entryway(try SignInRefused.server(server, example: Self.service))
        console.say(
            """
            Signing in to Bluesky at \(server.dropFirst("https://".count)) with an app password: never your \
            account's own password.
            Make one in Bluesky's Settings → Privacy and security → App passwords.
            """)
        guard let typed = console.ask("Handle (such as alice.bsky.social): ", secret: false)?.trimmingWhitespace(),
            !typed.isEmpty
        else {
            throw SignInRefused("no handle given")
        }
        guard let password = console.ask("App password: ", secret: true)?.trimmingWhitespace(), !password.isEmpty
        else {
            throw SignInRefused("no app password given")
        }
        let handle = typed.hasPrefix("@") ? String(typed.dropFirst()) : typed
        return try await BlueskySignIn(server: server, client: client).signIn(handle: handle, appPassword: password)
    }

    /// Every Bluesky session: `logout bsky.social` forgets them all; `logout HOST` those of
    /// that PDS.
    public func accounts(_ accounts: [Account], signedOutAt server: String) -> [Account] {
        let mine = accounts.filter { $0.network == Self.id }
        guard !BlueskySignIn.isBluesky(server) else { return mine }
        let typed = server.lowercased()
        let host = (typed.hasPrefix("https://") ? String(typed.dropFirst("https://".count)) : typed)
            .prefix { $0 != "/" }
        return mine.filter { $0.host.lowercased() == host }
    }

    /// Forgets the session here. An app password stays valid on the server until it is
    /// revoked there: said so.
    public func signOut(_ account: Account, client: HTTPClient) async throws -> String {
        "Signed out of Bluesky: \(handle(of: account)) forgotten here. "
            + "To end the app password itself, revoke it in Bluesky's Settings → App passwords."
    }

    /// Handles are domain names: `@ada.bsky.social`.
    public func handle(of account: Account) -> String {
        "@\(account.username)"
    }

    public func signedIn(_ account: Account, keptIn path: String) -> String {
        "Signed in to Bluesky as \(handle(of: account)), at \(account.host). The session is kept in \(path)."
    }

    public func reader(_ context: NetworkContext) -> any NetworkReader {
        BlueskyReader(context: context)
    }
}

/// A run's Bluesky sources: a bsky.app address (a profile, a custom feed, a list, the
/// Following timeline), or an XRPC feed request to a signed-in account's PDS. A session of
/// each account, shared by its sources: one refresh for them all.
struct BlueskyReader: NetworkReader {
    let context: NetworkContext
    let sessions: [BlueskySession]

    init(context: NetworkContext) {
        self.context = context
        sessions = context.accounts.filter { $0.network == Bluesky.id }.map {
            BlueskySession(account: $0, file: context.accountsFile, client: context.client)
        }
    }

    /// Where Bluesky's public feeds are read: `SHIMMERFEED_BLUESKY_APPVIEW` (another AppView,
    /// or a test's loopback server), else Bluesky's own.
    var appView: String {
        guard let given = context.environment["SHIMMERFEED_BLUESKY_APPVIEW"], !given.isEmpty else {
            return BlueskyAddress.publicAppView
        }
        return given.hasSuffix("/") ? String(given.dropLast()) : given
    }

    /// The account's Following timeline, read through its session.
    func home(of account: Account) -> SourceEntry? {
        guard account.network == Bluesky.id, let url = URL(string: "https://bsky.app/") else { return nil }
        let name = Bluesky().handle(of: account)
        return SourceEntry(source: .url(url), title: "Following \(name)", account: name)
    }

    /// A `notifications` line: the notifications of its `account=`, else of the first
    /// account signed in; read at the account's PDS.
    func notifications(for entry: SourceEntry) -> SourceEntry? {
        let wanted = entry.account.map { $0.hasPrefix("@") ? $0 : "@" + $0 }?.lowercased()
        guard let session = sessions.first(where: { wanted == nil || $0.name.lowercased() == wanted }),
            let url = URL(string: session.server + "/xrpc/" + Self.listNotifications)
        else { return nil }
        return SourceEntry(
            source: .url(url), title: entry.title ?? "Notifications \(session.name)", account: session.name,
            streams: entry.streams)
    }

    static let listNotifications = "app.bsky.notification.listNotifications"

    /// Whether the live updates of a source go on: asked (`--no-stream` and `stream=off`
    /// say no), and not already brought as often by the viewer's own refresh.
    private func polls(_ entry: SourceEntry) -> Bool {
        context.live && entry.streams && (context.refresh.map { $0 > pollInterval } ?? true)
    }

    /// How often the live sources are asked: a minute, or `SHIMMERFEED_BLUESKY_POLL`
    /// seconds (5 at least), for a PDS of one's own or a test.
    var pollInterval: Duration {
        guard let given = context.environment["SHIMMERFEED_BLUESKY_POLL"].flatMap({ Int($0) }) else {
            return BlueskyPolling.interval
        }
        return .seconds(max(5, given))
    }

    func open(_ entry: SourceEntry) -> NetworkSource? {
        guard let url = entry.url else { return nil }
        if let session = session(for: entry), url.absoluteString == session.server + "/xrpc/" + Self.listNotifications {
            return openNotifications(entry, session: session)
        }
        let address = BlueskyAddress(url)
        guard address != nil || sessions.contains(where: { url.absoluteString.hasPrefix($0.server + "/xrpc/") })
        else { return nil }
        let session = session(for: entry)
        let reading = BlueskyReading(appView: appView, handles: context.names, session: session, client: context.client)
        var loader = DocumentLoader(
            source: entry.source, client: context.client, formats: context.formats, format: context.format)
        loader.cursorField = "cursor"
        loader.explainError = XRPCError.explained
        loader.signInNeeded = .needsAccount(what: "This Bluesky feed", signIn: Bluesky.service)
        if let address { loader.firstPage = { try await reading.firstPage(of: address) } }
        if let session {
            loader.credential = .session(session)
        } else if let wanted = entry.account {
            loader.credential = .failing(.notSignedIn(account: wanted, host: Bluesky.service))
        } else if case .success(let token)? = context.token(of: entry) {
            loader.credential = .token(token)
        } else if case .failure(let failure)? = context.token(of: entry) {
            loader.credential = .failing(failure)
        }
        var source = NetworkSource(loader: loader, traits: Bluesky().traits)
        source.validators = loader
        source.name = entry.title ?? address?.title ?? entry.source.shortName
        // Threads are public: read at the AppView without an account.
        source.threads = BlueskyThreads(reading: reading)
        source.capabilities.insert(.thread)
        if let session {
            actsWithAccount(
                &source, session: session, reading: reading, notifications: BlueskyNotifications(session: session))
            if address?.kind == .timeline, polls(entry) {
                source.live = BlueskyPolling(every: pollInterval, clock: context.clock) {
                    let answer = try await session.answer("app.bsky.feed.getTimeline?limit=30")
                    let feed = try FeedDocumentDecoder.decode(answer.body, formats: [BlueskyFeedFormat()])
                    return (feed.posts.map { (nil, $0) }, answer.rateLimit)
                }
                source.capabilities.insert(.live)
            }
        } else if entry.account == nil, entry.tokenVariable == nil {
            // Read without an account: a like stays here, and the reader is told where to
            // sign in.
            source.signInHost = Bluesky.service
        }
        return source
    }

    /// The account's notifications as a source of their own: rows as `i` shows them, the
    /// account's to act on, kept live.
    private func openNotifications(_ entry: SourceEntry, session: BlueskySession) -> NetworkSource {
        let notifications = BlueskyNotifications(session: session)
        var source = NetworkSource(
            loader: BlueskyNotificationsFeed(notifications: notifications), traits: Bluesky().traits)
        source.name = entry.title ?? "Notifications \(session.name)"
        let reading = BlueskyReading(appView: appView, handles: context.names, session: session, client: context.client)
        source.threads = BlueskyThreads(reading: reading)
        source.capabilities = [.thread]
        actsWithAccount(&source, session: session, reading: reading, notifications: notifications)
        if polls(entry) {
            source.live = BlueskyPolling(every: pollInterval, clock: context.clock) { try await notifications.rows() }
            source.capabilities.insert(.live)
        }
        return source
    }

    /// What a signed-in account does with `source`'s posts, the same for every source it
    /// reads: likes and reposts, posts, replies and quotes, its notifications, and where
    /// they are seen up to.
    private func actsWithAccount(
        _ source: inout NetworkSource, session: BlueskySession, reading: BlueskyReading,
        notifications: BlueskyNotifications
    ) {
        source.actor = BlueskyActions(session: session)
        source.poster = BlueskyPosting(
            session: session, reading: reading, languages: Self.languages(context.environment))
        source.notifications = notifications
        source.capabilities.formUnion([.like, .boost, .reply, .post, .quote, .notifications])
        if context.readPositions {
            source.readPosition = BlueskySeenNotifications(session: session)
            source.capabilities.insert(.readPosition)
        }
    }

    /// The language of the reader's locale, as a post's `langs` names it: `LC_ALL`, else
    /// `LC_MESSAGES`, else `LANG` ("fr_CA.UTF-8" is "fr-CA"); none for C and POSIX.
    static func languages(_ environment: [String: String]) -> [String] {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let name = locale.split(separator: ".").first.map(String.init) ?? ""
        guard !name.isEmpty, name != "C", name != "POSIX" else { return [] }
        let tag = String((name.split(separator: "@").first ?? "").map { $0 == "_" ? "-" : $0 })
        return tag.isEmpty ? [] : [tag]
    }

    /// The session `entry` is read with: its `account=`, else the first signed in.
    func session(for entry: SourceEntry) -> BlueskySession? {
        guard let wanted = entry.account?.lowercased() else { return sessions.first }
        return sessions.first { $0.name.lowercased() == wanted }
    }
}
