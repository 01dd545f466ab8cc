import FeedCore
import FeedNetwork
import FeedTransport
import FoundationEssentials

/// A run's Mastodon sources: a timeline of the API (`/api/v1/…`), or any source read with
/// `account=` (its token goes to its own server only). Who acts on a source's posts is its
/// account, or its token's, on its own server; read with neither, the first account signed
/// in acts, finding each status on its own server first.
struct MastodonReader: NetworkReader {
    let context: NetworkContext

    private var accounts: [Account] { context.accounts.filter { $0.network == Mastodon.id } }

    private func handle(of account: Account) -> String { Mastodon().handle(of: account) }

    func home(of account: Account) -> SourceEntry? {
        guard account.network == Mastodon.id, let url = URL(string: account.server + "/api/v1/timelines/home") else {
            return nil
        }
        return SourceEntry(source: .url(url), title: "Home \(handle(of: account))", account: handle(of: account))
    }

    func notifications(for entry: SourceEntry) -> SourceEntry? {
        let wanted = entry.account?.lowercased()
        guard let account = accounts.first(where: { wanted == nil || handle(of: $0).lowercased() == wanted }),
            let url = URL(string: account.server + "/api/v1/notifications")
        else { return nil }
        return SourceEntry(
            source: .url(url), title: entry.title ?? "Notifications \(handle(of: account))",
            account: handle(of: account),
            streams: entry.streams)
    }

    func open(_ entry: SourceEntry) -> NetworkSource? {
        guard let url = entry.url, url.mastodonAPIHost != nil || entry.account != nil else { return nil }
        var loader = DocumentLoader(
            source: entry.source, client: context.client, formats: context.formats, format: context.format)
        switch token(for: entry) ?? context.token(of: entry) {
        case .success(let token)?: loader.credential = .token(token)
        case .failure(let failure)?: loader.credential = .failing(failure)
        case nil: break
        }
        var source = NetworkSource(loader: loader, traits: Mastodon().traits)
        source.validators = loader
        source.name = entry.title ?? entry.source.shortName
        source.pageAfterField = "max_id"
        guard let host = url.mastodonAPIHost else { return source }
        // A thread is read from the source's own server, with its own token where it has
        // one.
        let actor = actor(for: entry, url: url)
        if let scheme = url.scheme?.lowercased() {
            source.threads = MastodonThreads(
                base: scheme + "://" + host, token: actor.flatMap { $0.resolves ? nil : $0.token },
                client: context.client)
            source.capabilities.insert(.thread)
        }
        guard let actor else {
            // Read without a token, and no account to act: a like stays here, and the
            // reader is told where to sign in.
            if entry.tokenVariable == nil, entry.account == nil { source.signInHost = host }
            return source
        }
        source.actor = MastodonActions(actor: actor, client: context.client)
        source.poster = MastodonPosting(actor: actor, client: context.client)
        source.notifications = MastodonNotifications(actor: actor, client: context.client)
        source.capabilities.formUnion([.like, .boost, .bookmark, .vote, .reply, .post, .notifications])
        if context.readPositions {
            source.readPosition = MastodonMarkers(actor: actor, client: context.client)
            // The home marker is the home timeline's own, read on its own server.
            source.isHomeOfReadPosition = !actor.resolves && url.path() == "/api/v1/timelines/home"
            source.capabilities.insert(.readPosition)
        }
        if context.live, entry.streams, !actor.resolves, url.scheme?.lowercased() == "https",
            MastodonStreamAddress.path(forTimeline: url) != nil
        {
            // A server that does not stream is asked at the viewer's refresh, or, where it
            // has none, every five minutes by the stream itself.
            var setup = MastodonStreaming.Setup(
                server: actor.server, timeline: url.absoluteString, token: actor.token, client: context.client)
            setup.pollEvery = context.refresh ?? .seconds(300)
            setup.polls = context.refresh == nil
            setup.clock = context.clock
            source.live = MastodonStreaming(setup)
            source.capabilities.insert(.live)
        }
        return source
    }

    /// The token `entry` is read with through its account: nil without `account=`; a
    /// failure where the account is not signed in, or is not of the source's server.
    func token(for entry: SourceEntry) -> Result<String, Failure>? {
        guard let wanted = entry.account else { return nil }
        let host = String(wanted.split(separator: "@").last ?? "")
        guard let account = accounts.first(where: { handle(of: $0).lowercased() == wanted.lowercased() }) else {
            return .failure(.notSignedIn(account: wanted, host: host))
        }
        guard let url = entry.url, url.absoluteString.lowercased().hasPrefix(account.server + "/") else {
            let source = entry.url.map { $0.host() ?? $0.absoluteString } ?? "a file"
            return .failure(.accountOfAnotherServer(account: wanted, host: source))
        }
        return .success(account.token)
    }

    /// Who acts for `entry`'s posts (favourites, boosts, bookmarks), for a timeline of
    /// Mastodon's API over https: its account, or its token from the environment, on its
    /// own server; read with neither, the first signed-in account, which finds each status
    /// on its own server first. Nil where no one can.
    func actor(for entry: SourceEntry, url: URL) -> MastodonActions.Actor? {
        guard let host = url.mastodonAPIHost, url.scheme?.lowercased() == "https" else { return nil }
        let server = "https://" + host.lowercased()
        if let wanted = entry.account {
            guard case .success(let token)? = token(for: entry) else { return nil }
            return MastodonActions.Actor(server: server, token: token, name: wanted, resolves: false)
        }
        if let variable = entry.tokenVariable {
            guard case .success(let token)? = context.token(of: entry) else { return nil }
            return MastodonActions.Actor(
                server: server, token: token, name: "$\(variable) at \(server)", resolves: false)
        }
        guard let account = accounts.first else { return nil }
        return MastodonActions.Actor(
            server: account.server, token: account.token, name: handle(of: account), resolves: account.server != server)
    }
}

/// `t`: a status's thread, asked of the server its source reads
/// (`GET /api/v1/statuses/:id/context`), with the source's own token where it has one.
struct MastodonThreads: ThreadReader {
    /// `https://host[:port]`.
    let base: String
    let token: String?
    let client: HTTPClient

    func thread(of statusID: String) async -> Result<ThreadContext, Failure> {
        do {
            let body = try await client.send(
                HTTPClient.Request(
                    url: base + "/api/v1/statuses/\(FormEncoding.escape(statusID))/context", bearerToken: token))
            return .success(try ThreadContext.decode(body))
        } catch {
            return .failure(Failure(error))
        }
    }
}

/// `i`: the notifications of the account that acts for a source
/// (`GET /api/v1/notifications` on its own server, with its token).
struct MastodonNotifications: NotificationsReader {
    let actor: MastodonActions.Actor
    let client: HTTPClient

    func notifications() async -> Result<[Post], Failure> {
        do {
            let body = try await client.send(
                HTTPClient.Request(url: actor.server + "/api/v1/notifications", bearerToken: actor.token))
            return .success(try NotificationsDecoder.decode(body).posts)
        } catch {
            return .failure(Failure(error))
        }
    }
}
