import FeedCore
import FeedNetwork
import FoundationEssentials
import Synchronization

/// The read position kept on the server, for each account that reads a source: read at
/// start and told to the loop, which counts the posts at or older than the home
/// timeline's as read, and the unread notifications counted; written back as the reader
/// reads (the newest post read, the newest notification seen), at most every `interval`
/// (a server allows an account a few hundred requests in minutes), and at quit. Nothing is
/// written before the server's own position is known, so that a read position never moves
/// back.
public final class ReadPositionSync: Sendable {
    public static let interval: Duration = .seconds(10)
    /// The wait at quit for the last write.
    public static let lastWriteTimeout: Duration = .seconds(3)

    /// An account that reads some of the sources, and those of them that are its home.
    struct Account: Sendable {
        var server: any ReadPositionServer
        var sources: [Int]
        var homes: [Int]
    }

    private let accounts: [Account]
    /// The time between writes (`interval`), on `clock`: the system's in the viewer, a
    /// manual one in tests.
    private let every: Duration
    private let clock: any LoopClock

    private struct Progress {
        /// What the server holds, once read; nil before.
        var known: ReadPositions?
        /// The newest read here.
        var wanted = ReadPositions()
        var scheduled = false
    }
    /// Each account's, by index.
    private let progress: Mutex<[Progress]>

    /// The accounts of `sources` (by index) that keep a read position, one each however
    /// many sources read it.
    public init(
        sources: [NetworkSource?], every: Duration = ReadPositionSync.interval, clock: any LoopClock = SystemLoopClock()
    ) {
        var byKey: [String: Account] = [:]
        var order: [String] = []
        for (index, source) in sources.enumerated() {
            guard let server = source?.readPosition else { continue }
            if byKey[server.key] == nil {
                order.append(server.key)
                byKey[server.key] = Account(server: server, sources: [], homes: [])
            }
            byKey[server.key]?.sources.append(index)
            if source?.isHomeOfReadPosition == true { byKey[server.key]?.homes.append(index) }
        }
        accounts = order.compactMap { byKey[$0] }
        progress = Mutex(accounts.map { _ in Progress() })
        self.every = every
        self.clock = clock
    }

    public var syncs: Bool { !accounts.isEmpty }

    /// Reads each account's position and its count of unread notifications, and tells the
    /// loop with `post`.
    public func start(_ post: @escaping @Sendable (AppEvent) -> Void) {
        let unread = Shared(Mutex<Int>(0))
        for (index, account) in accounts.enumerated() {
            Task.detached { [self] in
                if let count = try? await account.server.unreadNotifications() {
                    let total = unread.value.withLock { total -> Int in
                        total += count
                        return total
                    }
                    post(.notificationsUnread(total))
                }
                guard let positions = try? await account.server.read() else { return }
                progress.withLock { $0[index].known = positions }
                if let home = positions.home {
                    for source in account.homes { post(.readMarker(source: source, lastReadID: home)) }
                }
                schedule(index)
            }
        }
    }

    /// The reader has seen source `source`'s account's notifications up to `newest`.
    public func notificationsSeen(source: Int, newest: String) {
        guard let index = accounts.firstIndex(where: { $0.sources.contains(source) }) else { return }
        progress.withLock { $0[index].wanted = $0[index].wanted.merged(with: ReadPositions(notifications: newest)) }
        schedule(index)
    }

    /// Marks the loop kept: the newest post read of each home timeline.
    public func observe(_ marks: [PostMark]) {
        for mark in marks {
            guard case .read(let id, let source, true) = mark,
                let index = accounts.firstIndex(where: { $0.homes.contains(source) })
            else { continue }
            let post = id.untagged(by: source)
            progress.withLock { $0[index].wanted = $0[index].wanted.merged(with: ReadPositions(home: post)) }
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
            try? await clock.sleep(for: every)
            await write(index)
        }
    }

    private func write(_ index: Int) async {
        let change = progress.withLock { all -> ReadPositions? in
            all[index].scheduled = false
            let progress = all[index]
            guard let known = progress.known else { return nil }
            let change = progress.wanted.newer(than: known)
            return change.isEmpty ? nil : change
        }
        guard let change, let written = try? await accounts[index].server.write(change) else { return }
        progress.withLock { $0[index].known = ($0[index].known ?? ReadPositions()).merged(with: written) }
    }

    /// The last writes, waited for a few seconds at most.
    public func flush() {
        let accounts = accounts.indices
        _ = awaitResult(timeout: Self.lastWriteTimeout) { [self] in
            for index in accounts { await write(index) }
            return true
        }
    }
}

/// A value shared by reference: a `Mutex`, which cannot be copied, in several tasks.
final class Shared<Value: ~Copyable & Sendable>: Sendable {
    let value: Value
    init(_ value: consuming Value) { self.value = value }
}
