import Foundation
import Synchronization

/// What the loopback Mastodon server was asked (GET /mastodon-api/log): each request's
/// method, path, form fields, and whether its token was the account's, never the token.
/// The tests' own requests to the server (`/mastodon-api/…`) are left out.
public enum MastodonLog {
    public struct Entry: Decodable, Sendable {
        public var method: String
        public var path: String
        public var fields: [String]
        public var rightToken: Bool
        public var idempotencyKey: String?
    }

    public static func entries(_ server: FeedServer) throws -> [Entry] {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode([Entry].self, from: Data(try server.get("/mastodon-api/log").utf8)).filter {
            !$0.path.hasPrefix("/mastodon-api/")
        }
    }

    /// "METHOD /path" of each request, in order.
    public static func paths(_ server: FeedServer) throws -> [String] {
        try entries(server).map { "\($0.method) \($0.path)" }
    }
}

/// What the loopback feed server saw of each request's Authorization (GET /auth-log): its
/// path and Host, whether it carried the test token, whether it carried any. Never the token.
public enum AuthorizationLog {
    public struct Entry: Decodable, Sendable {
        public var path: String
        public var host: String
        public var token: Bool
        public var any: Bool
    }

    public static func entries(_ server: FeedServer) throws -> [Entry] {
        try JSONDecoder().decode([Entry].self, from: Data(try server.get("/auth-log").utf8))
    }
}

extension FeedServer {
    /// How the requests counted under `key` (`?key=` of the counting paths) were answered,
    /// by status: ["200": 1, "304": 1].
    public func answers(countedAs key: String) throws -> [String: Int] {
        try JSONDecoder().decode([String: Int].self, from: Data(try get("/count?key=\(key)").utf8))
    }
}

/// What the loopback Bluesky servers were asked (GET /bluesky-api/log): each request's
/// path, query, the token as the server judged it ("right", "expired", "refresh", …), and a
/// record's collection and subject.
public enum BlueskyLog {
    public struct Entry: Decodable, Sendable {
        public var method: String
        public var path: String
        public var params: [String: String]
        public var token: String
        public var collection: String?
        public var scheme: String
        /// A like's or repost's subject: the post's URI and CID.
        public var subject: [String: String]?
        /// A record's key, where the client chose it.
        public var rkey: String?
        /// A post's record as sent, in JSON.
        public var record: String?
        /// Where `updateSeen` said the notifications are seen up to.
        public var seenAt: String?
    }

    public static func entries(_ server: FeedServer) throws -> [Entry] {
        try JSONDecoder().decode([Entry].self, from: Data(try server.get("/bluesky-api/log").utf8))
    }
}

/// Waits for what another thread does (a server's log, a task's report), polling, for at
/// most `limit`.
public func eventually(
    _ what: String, limit: Duration = .seconds(10), _ condition: () throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + limit
    while try !condition() {
        guard ContinuousClock.now < deadline else { throw TimedOut(what: what) }
        try await Task.sleep(for: .milliseconds(20))
    }
}

public struct TimedOut: Error, CustomStringConvertible {
    public var what: String
    public var description: String { "timed out waiting for \(what)" }
}

/// What another task tells, kept for the test to read: a list behind a lock, shared by
/// reference.
public final class Told<Item: Sendable>: Sendable {
    private let items = Mutex<[Item]>([])

    public init() {}

    public func append(_ item: Item) { items.withLock { $0.append(item) } }

    public var all: [Item] { items.withLock { $0 } }
}

/// Runs `work` on a thread of its own, for what blocks its thread until async work of its
/// own is done (a command's `awaitResult`): blocking one of the few threads the tests' tasks
/// share would starve the work it waits for, and every test running beside it.
public func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { (done: CheckedContinuation<T, any Error>) in
        Thread { done.resume(with: Result { try work() }) }.start()
    }
}
