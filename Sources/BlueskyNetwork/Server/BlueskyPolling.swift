import FeedCore
import FeedNetwork
import FeedTransport
import FoundationEssentials

/// A signed-in reader's Following timeline, or their notifications, kept live: Bluesky has
/// no stream for a client to follow (its firehose is the whole network's), so they are
/// asked again every minute, as the app asks for its "new posts" pill. What is new goes in
/// as a stream's posts do, without moving the selection; a notification row whose group
/// gained someone ("♥ Ada and 5 others") takes the place of the row it was.
///
/// The PDS allows an address 3,000 requests in five minutes; two polls a minute are a
/// small part of that, shared with the reader's other clients on the same address. Each
/// answer states what is left (`RateLimit-Remaining`, `RateLimit-Reset`): with a tenth of
/// the window or less left, the next ask waits until it resets, and a 429 waits as long
/// as it says.
struct BlueskyPolling: LiveSource {
    /// Rows newest first, each with the group it stands for; the rate limit the answer stated.
    typealias Asked = (rows: [(group: String?, post: Post)], rateLimit: RateLimit?)

    static let interval: Duration = .seconds(60)

    var every: Duration = Self.interval
    var clock: any LoopClock = SystemLoopClock()
    let ask: @Sendable () async throws -> Asked

    func run(after feed: Feed, report: @escaping @Sendable (LiveReport) -> Void) async {
        var seen = BlueskyPollMemory(feed.posts)
        // The first ask at once: it learns the groups of the rows the load brought.
        var wait: Duration = .zero
        while !Task.isCancelled {
            if wait > .zero { try? await clock.sleep(for: wait) }
            guard !Task.isCancelled else { return }
            do {
                let asked = try await ask()
                for item in seen.take(asked.rows) { report(item) }
                wait = Self.wait(after: asked.rateLimit, every: every)
            } catch Failure.retryLater(_, _, _, let seconds) {
                wait = max(every, .seconds(seconds))
            } catch {
                wait = every
            }
        }
    }

    /// The wait before the next ask: the interval, or, with a tenth of the window or less
    /// left, until the window resets.
    static func wait(after limit: RateLimit?, every: Duration) -> Duration {
        guard let limit, limit.limit > 0, limit.remaining * 10 <= limit.limit else { return every }
        return max(every, .seconds(limit.resetsIn))
    }
}

/// What a poll has seen: the rows' ids, and which row stands for each group now.
struct BlueskyPollMemory {
    private var known: Set<PostID>
    private var groups: [String: PostID] = [:]
    /// The most ids kept: a timeline's last asks, far more than one answer holds.
    static let limit = 2000
    private var order: [PostID]

    init(_ posts: [Post]) {
        order = posts.map(\.id)
        known = Set(order)
    }

    /// What `rows` (newest first) bring that is new, as reports: the rows above the first
    /// one seen before (those below it are older than what the timeline holds, past the
    /// page it loaded); a group's row that replaces an older one deletes that one first;
    /// the new rows oldest first.
    mutating func take(_ rows: [(group: String?, post: Post)]) -> [LiveReport] {
        var reports: [LiveReport] = []
        var fresh: [Post] = []
        var above = true
        for (group, post) in rows {
            let seen = known.contains(post.id)
            if seen { above = false }
            if let group {
                if above, let before = groups[group], before != post.id, case .string(let id) = before {
                    reports.append(.event(.delete(id)))
                }
                groups[group] = post.id
            }
            guard above else { continue }
            known.insert(post.id)
            order.append(post.id)
            fresh.append(post)
        }
        if order.count > Self.limit {
            for id in order.prefix(order.count - Self.limit) { known.remove(id) }
            order.removeFirst(order.count - Self.limit)
        }
        if !fresh.isEmpty { reports.append(.missed(fresh.reversed())) }
        return reports
    }
}
