import FeedCore
import FeedNetwork
import FeedTransport
import FoundationEssentials
import Synchronization

/// A run's tt-rss sources. Signed in, an account stands for its feeds (`sources(of:)`, at
/// the start: `getFeeds`, `getCategories`, `getConfig`), each then a source of its own,
/// `https://host/tt-rss/api/?feed=ID`, read and acted on through the account's session.
struct TTRSSReader: NetworkReader {
    let context: NetworkContext
    let sessions: [TTRSSSession]
    /// The feeds of each account as this run listed them, by the account's handle.
    private let listed = ListedFeeds()

    init(context: NetworkContext) {
        self.context = context
        let password: (Account) -> TTRSSPassword = { account in
            context.passwordCommand.map(TTRSSPassword.command) ?? .kept(account.password)
        }
        sessions = context.accounts.filter { $0.network == TinyTinyRSS.id }.map {
            TTRSSSession(account: $0, password: password($0), file: context.accountsFile, client: context.client)
        }
    }

    /// The account as one entry: its feeds, once listed.
    func home(of account: Account) -> SourceEntry? {
        guard account.network == TinyTinyRSS.id, let url = URL(string: account.server + "/api/") else { return nil }
        let handle = TinyTinyRSS().handle(of: account)
        return SourceEntry(source: .url(url), title: "tt-rss \(handle)", account: handle)
    }

    /// The session of the account an entry's address is at: its `account=`, else the
    /// first at that address.
    private func session(for entry: SourceEntry, address: String) -> TTRSSSession? {
        let at = sessions.filter { address.hasPrefix($0.api.endpoint) }
        guard let wanted = entry.account?.lowercased() else { return at.first }
        return at.first { $0.name.lowercased() == wanted || "@" + $0.name.lowercased() == wanted }
    }

    /// The account's entry (its API's address, no feed named) stands for its feeds: listed
    /// by the server, else as the last run that reached it listed them (offline, or the
    /// server down).
    func listsSources(_ entry: SourceEntry) -> Bool {
        listingSession(entry) != nil
    }

    /// The session of the account `entry` is the list of: a subscriptions line
    /// `ttrss URL` names tt-rss's page, a signed-in account's entry its API.
    private func listingSession(_ entry: SourceEntry) -> TTRSSSession? {
        guard let url = entry.url else { return nil }
        var address = url.absoluteString
        if entry.network == TinyTinyRSS.id {
            address = ((try? TTRSSSignIn.address(address)) ?? address) + "/api/"
        } else if entry.network != nil || url.query != nil {
            return nil
        }
        guard let session = session(for: entry, address: address), address == session.api.endpoint else {
            return nil
        }
        return session
    }

    func sources(of entry: SourceEntry) async -> [SourceEntry]? {
        guard let session = listingSession(entry) else { return nil }
        let memory = TTRSSFeedListMemory(environment: context.environment, account: session.name)
        var feeds: [TTRSSFeed]
        do {
            guard !context.client.offline else { throw Failure.offline }
            feeds = try await Self.list(session)
            memory?.keep(feeds)
        } catch {
            guard let kept = memory?.read() else {
                // The account stays one source, whose load says why its feeds are not there.
                listed.failures.withLock { $0[session.name] = Failure(error) }
                return [
                    SourceEntry(
                        source: .url(URL(string: session.api.endpoint)!),
                        title: entry.title ?? "tt-rss \(session.name)",
                        account: session.name)
                ]
            }
            feeds = kept
        }
        listed.feeds.withLock { $0[session.name] = feeds }
        return feeds.map { feed in
            var feedEntry = SourceEntry(
                source: .url(URL(string: "\(session.api.endpoint)?feed=\(feed.id)")!), title: feed.title,
                account: session.name, streams: entry.streams)
            feedEntry.tags = SourceTags.all([
                entry.tags, feed.category.flatMap(SourceTags.normalised).map { [$0] } ?? [],
            ])
            (feedEntry.refresh, feedEntry.keep, feedEntry.images, feedEntry.mutes) = (
                entry.refresh, entry.keep, entry.images, entry.mutes
            )
            return feedEntry
        }
    }

    /// The account's feeds as the server lists them now.
    static func list(_ session: TTRSSSession) async throws -> [TTRSSFeed] {
        struct Config: Decodable {
            var iconsUrl: String?
        }
        async let feeds = session.call("getFeeds", ["cat_id": .number(-3)], as: [Lenient<TTRSSFeed.Listed>].self)
        async let categories = session.call("getCategories", as: [Lenient<TTRSSFeed.Category>].self)
        async let config = session.call("getConfig", as: Config.self)
        return TTRSSFeed.list(
            feeds: try await feeds.compactMap(\.value), categories: try await categories.compactMap(\.value),
            server: session.server, iconsURL: try await config.iconsUrl)
    }

    func open(_ entry: SourceEntry) -> NetworkSource? {
        guard let url = entry.url, sessions.contains(where: { url.absoluteString.hasPrefix($0.api.endpoint) }) else {
            return nil
        }
        guard let session = session(for: entry, address: url.absoluteString) else {
            var source = NetworkSource(
                loader: FailingLoader(
                    failure: .notSignedIn(account: entry.account ?? "", host: url.host ?? "")),
                traits: TinyTinyRSS().traits)
            source.name = entry.title
            return source
        }
        guard let feedID = Self.feedID(in: url) else {
            // The account itself, unlisted: its feeds could not be listed, and this says why.
            let failure =
                listed.failures.withLock { $0[session.name] }
                ?? .unexpected("tt-rss's feeds were not listed")
            var source = NetworkSource(
                loader: FailingLoader(
                    failure: .unexpected("the feeds of \(session.name) could not be listed: \(failure.message)")),
                traits: TinyTinyRSS().traits)
            source.name = entry.title
            return source
        }
        let known = listed.feeds.withLock { $0[session.name] }?.first { $0.id == feedID }
        let feed = known ?? TTRSSFeed(id: feedID, title: entry.title ?? "feed \(feedID)", unread: 0, order: 0)
        var source = NetworkSource(loader: TTRSSFeedLoader(session: session, feed: feed), traits: TinyTinyRSS().traits)
        source.name = entry.title ?? feed.title
        let actions = TTRSSActions(session: session)
        source.actor = actions
        source.readState = actions
        source.capabilities = [.like, .readPosition]
        return source
    }

    /// The feed a source's address names: `…/api/?feed=ID`.
    static func feedID(in url: URL) -> Int? {
        guard let query = url.query else { return nil }
        for pair in query.split(separator: "&") where pair.hasPrefix("feed=") {
            return Int(pair.dropFirst("feed=".count))
        }
        return nil
    }
}

/// The feeds each account listed in this run, and why an account's could not be.
private final class ListedFeeds: Sendable {
    let feeds = Mutex<[String: [TTRSSFeed]]>([:])
    let failures = Mutex<[String: Failure]>([:])
}

/// A source that can only say why it cannot be read.
struct FailingLoader: FeedLoading {
    let failure: Failure

    func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
        throw failure
    }
}
