import FeedAccounts
import FeedCore
import FeedTransport
import FoundationEssentials
import Synchronization

/// The read position kept on the server (Mastodon's markers), for each account that reads a
/// source: the home marker read at start and told to the loop, which counts the statuses
/// at or older than it as read, and the unread notifications counted; written back as the
/// reader reads (the newest status read, the newest notification seen),
/// at most every `interval` (Mastodon allows an account 300 requests in 5 minutes), and at
/// quit. Nothing is written before the server's own marker is known, so that a read
/// position is never moved back.
final class ReadMarkerSync: Sendable {
    static let interval: Duration = .seconds(10)
    /// The wait at quit for the last write.
    static let lastWriteTimeout: Duration = .seconds(3)

    /// An account that reads some of the sources, and those of them that are its home.
    struct Account: Sendable {
        var markers: MastodonMarkers
        var sources: [Int]
        var homes: [Int]
    }

    private let accounts: [Account]
    private struct Progress {
        /// What the server holds, once read; nil before.
        var known: ReadMarkers?
        /// The newest status read here.
        var wanted = ReadMarkers()
        var scheduled = false
    }
    /// Each account's, by index.
    private let progress: Mutex<[Progress]>

    init(
        sources: SourceList, actors: [MastodonActions.Actor?], options: CommandLineOptions,
        certificateAuthorities: String?
    ) {
        var byServer: [String: Account] = [:]
        var order: [String] = []
        if !options.viewer.offline, !options.dump {
            for (index, (entry, actor)) in zip(sources.entries, actors).enumerated() {
                guard let actor, case .url(let url) = entry.source else { continue }
                let key = actor.server + " " + actor.name
                if byServer[key] == nil {
                    order.append(key)
                    byServer[key] = Account(
                        markers: MastodonMarkers(actor: actor, certificateAuthorities: certificateAuthorities),
                        sources: [], homes: [])
                }
                byServer[key]?.sources.append(index)
                // The home marker is the home timeline's own, read on its own server.
                if !actor.resolves, url.path() == "/api/v1/timelines/home" { byServer[key]?.homes.append(index) }
            }
        }
        accounts = order.compactMap { byServer[$0] }
        progress = Mutex(accounts.map { _ in Progress() })
    }

    var syncs: Bool { !accounts.isEmpty }

    /// Reads each account's markers and its count of unread notifications, and tells the
    /// loop with `post`.
    func start(_ post: @escaping @Sendable (AppEvent) -> Void) {
        let unread = Arc(Mutex<Int>(0))
        for (index, account) in accounts.enumerated() {
            Task.detached { [self] in
                if let count = try? await account.markers.unreadNotifications() {
                    let total = unread.value.withLock { total -> Int in
                        total += count
                        return total
                    }
                    post(.notificationsUnread(total))
                }
                guard let markers = try? await account.markers.read() else { return }
                progress.withLock { $0[index].known = markers }
                if let home = markers.home {
                    for source in account.homes { post(.readMarker(source: source, lastReadID: home)) }
                }
                schedule(index)
            }
        }
    }

    /// The reader has seen source `source`'s account's notifications up to `newest`.
    func notificationsSeen(source: Int, newest: String) {
        guard let index = accounts.firstIndex(where: { $0.sources.contains(source) }) else { return }
        progress.withLock { $0[index].wanted = $0[index].wanted.merged(with: ReadMarkers(notifications: newest)) }
        schedule(index)
    }

    /// Marks the loop kept: the newest status read of each home timeline.
    func observe(_ marks: [PostMark]) {
        for mark in marks {
            guard case .read(let id, let source, true) = mark,
                let index = accounts.firstIndex(where: { $0.homes.contains(source) })
            else { continue }
            let status = id.untagged(by: source)
            progress.withLock { $0[index].wanted = $0[index].wanted.merged(with: ReadMarkers(home: status)) }
            schedule(index)
        }
    }

    /// A write within the interval, if one is worth it and none is waiting.
    private func schedule(_ index: Int) {
        let due = progress.withLock { all in
            guard !all[index].scheduled, let known = all[index].known,
                !all[index].wanted.newer(than: known).isEmpty
            else { return false }
            all[index].scheduled = true
            return true
        }
        guard due else { return }
        Task.detached { [self] in
            try? await Task.sleep(for: Self.interval)
            await write(index)
        }
    }

    private func write(_ index: Int) async {
        let change = progress.withLock { all -> ReadMarkers? in
            all[index].scheduled = false
            let progress = all[index]
            guard let known = progress.known else { return nil }
            let change = progress.wanted.newer(than: known)
            return change.isEmpty ? nil : change
        }
        guard let change, let written = try? await accounts[index].markers.write(change) else { return }
        progress.withLock { $0[index].known = ($0[index].known ?? ReadMarkers()).merged(with: written) }
    }

    /// The last writes, waited for a few seconds at most.
    func flush() {
        let accounts = accounts.indices
        _ = Blocking.run(timeout: Self.lastWriteTimeout) { [self] in
            for index in accounts { await write(index) }
            return true
        }
    }
}

/// A value shared by reference: a `Mutex`, which cannot be copied, in several tasks.
final class Arc<Value: ~Copyable & Sendable>: Sendable {
    let value: Value
    init(_ value: consuming Value) { self.value = value }
}
