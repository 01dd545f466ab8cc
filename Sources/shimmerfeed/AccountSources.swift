import FeedAccounts
import FeedCore
import FeedTransport
import FoundationEssentials

/// The accounts signed in with `shimmerfeed login`, as the sources see them: a source read
/// with `account=@me@host` takes that account's token (for its own server only), and with
/// no source given and no subscriptions file, the view is each account's home timeline.
struct AccountSources {
    let accounts: [Account]
    /// Why the accounts file could not be read, for the sources that need it.
    let problem: String?
    /// A session of each Bluesky account, shared by its sources: one refresh for them all.
    let blueskySessions: [BlueskySession]

    init(environment: [String: String]) {
        let path = AccountsFile.defaultPath(environment: environment)
        do throws(AccountsFile.Unusable) {
            (accounts, problem) = (
                try path.map { path throws(AccountsFile.Unusable) in try AccountsFile(path: path).read() } ?? [], nil
            )
        } catch {
            (accounts, problem) = ([], error.description)
        }
        let certificateAuthorities = environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        blueskySessions = accounts.filter { $0.network == .bluesky }.map {
            BlueskySession(
                account: $0, file: path.map(AccountsFile.init(path:)), certificateAuthorities: certificateAuthorities)
        }
    }

    /// `list`, or the accounts' home timelines where nothing was given (the list is the
    /// sample feed, with no subscriptions file).
    func sources(_ list: SourceList) -> SourceList {
        guard !accounts.isEmpty, list.subscriptionsFile == nil, list.entries == [SourceList.Entry(source: .sample)]
        else { return list }
        var homes = list
        homes.entries = accounts.compactMap { account in
            if account.network == .bluesky {
                // The Following timeline, read through the session (`https://bsky.app/`).
                guard let url = URL(string: "https://bsky.app/") else { return nil }
                return SourceList.Entry(
                    source: .url(url), title: "Following \(account.handle)", account: account.handle)
            }
            guard let url = URL(string: account.server + "/api/v1/timelines/home") else { return nil }
            return SourceList.Entry(source: .url(url), title: "Home \(account.handle)", account: account.handle)
        }
        return homes.entries.isEmpty ? list : homes
    }

    /// `notifications` as a source (on the command line, or a line of the subscriptions
    /// file): the notifications of its `account=`, else of the first account signed in. A
    /// file of that name is `./notifications`.
    func expandingNotifications(_ list: SourceList) throws(Failure) -> SourceList {
        var expanded = list
        for index in expanded.entries.indices {
            let entry = expanded.entries[index]
            guard case .file("notifications") = entry.source else { continue }
            let handle = entry.account?.lowercased()
            guard let account = accounts.first(where: { handle == nil || $0.handle.lowercased() == handle }),
                let url = URL(string: account.server + "/api/v1/notifications")
            else {
                if let handle = entry.account {
                    throw Failure.notSignedIn(account: handle, host: String(handle.split(separator: "@").last ?? ""))
                }
                throw Failure.unexpected(
                    "notifications are an account's: shimmerfeed login mastodon.example first"
                        + (problem.map { " (\($0))" } ?? ""))
            }
            expanded.entries[index] = SourceList.Entry(
                source: .url(url), title: entry.title ?? "Notifications \(account.handle)", account: account.handle,
                streams: entry.streams)
        }
        return expanded
    }

    /// The Bluesky session `entry` is read with: its `account=`, else the first Bluesky
    /// account signed in; nil for a source of no Bluesky address, or with no account.
    func blueskySession(for entry: SourceList.Entry) -> BlueskySession? {
        guard case .url(let url) = entry.source,
            BlueskyAddress(url) != nil
                || blueskySessions.contains(where: { url.absoluteString.hasPrefix($0.server + "/xrpc/") })
        else { return nil }
        guard let handle = entry.account?.lowercased() else { return blueskySessions.first }
        return blueskySessions.first { $0.name.lowercased() == handle }
    }

    /// The token `entry` is read with through its account: nil without `account=`; a
    /// failure where the account is not signed in, or is not of the source's server.
    func token(for entry: SourceList.Entry) -> Result<String, Failure>? {
        guard let handle = entry.account else { return nil }
        // A Bluesky account's source is read through its session.
        if blueskySession(for: entry) != nil { return nil }
        if case .url(let url) = entry.source, BlueskyAddress(url) != nil {
            return .failure(.notSignedIn(account: handle, host: "bsky.social"))
        }
        let host = String(handle.split(separator: "@").last ?? "")
        guard let account = accounts.first(where: { $0.handle.lowercased() == handle.lowercased() }) else {
            return .failure(.notSignedIn(account: handle, host: host))
        }
        guard case .url(let url) = entry.source, url.absoluteString.lowercased().hasPrefix(account.server + "/") else {
            let source = if case .url(let url) = entry.source { url.host() ?? url.absoluteString } else { "a file" }
            return .failure(.accountOfAnotherServer(account: handle, host: source))
        }
        return .success(account.token)
    }

    /// Who acts for `entry`'s posts (favourites, boosts, bookmarks), for a timeline of
    /// Mastodon's API: its account, or its token from the environment, on its own server;
    /// read without either, the first signed-in account, which finds each status on its
    /// own server first. Nil where no one can.
    func actor(for entry: SourceList.Entry, environment: [String: String]) -> MastodonActions.Actor? {
        guard case .url(let url) = entry.source, let host = url.mastodonAPIHost, url.scheme?.lowercased() == "https"
        else { return nil }
        let server = "https://" + host.lowercased()
        if entry.account != nil {
            guard case .success(let token)? = self.token(for: entry) else { return nil }
            return MastodonActions.Actor(server: server, token: token, name: entry.account ?? "", resolves: false)
        }
        if let variable = entry.tokenVariable {
            guard let token = environment[variable], !token.isEmpty else { return nil }
            return MastodonActions.Actor(
                server: server, token: token, name: "$\(variable) at \(server)", resolves: false)
        }
        guard let account = accounts.first(where: { $0.network == .mastodon }) else { return nil }
        return MastodonActions.Actor(
            server: account.server, token: account.token, name: account.handle, resolves: account.server != server)
    }
}
