import FeedCore
import FeedNetwork
import FeedTransport
import FoundationEssentials

/// The account's read markers on its server (`GET`/`POST /api/v1/markers`): the newest
/// status read in the home timeline, and the newest notification read. Read at start,
/// written as the reader reads. A write that meets another client's (409) reads the markers
/// again, keeps the newer of each, and tries again.
struct MastodonMarkers: ReadPositionServer {
    /// Writes tried at most, the first included, while other clients' writes keep racing.
    static let attempts = 3

    let actor: MastodonActions.Actor
    let client: HTTPClient

    var key: String { actor.server + " " + actor.name }

    func read() async throws -> ReadPositions {
        try Self.decode(
            try await client.send(
                HTTPClient.Request(
                    url: actor.server + "/api/v1/markers?timeline[]=home&timeline[]=notifications",
                    bearerToken: actor.token)))
    }

    /// The markers an answer holds; a timeline it does not name has none.
    static func decode(_ data: Data) throws(Failure) -> ReadPositions {
        struct Marker: Decodable { var lastReadId: String }
        struct Answer: Decodable {
            var home: Marker?
            var notifications: Marker?
        }
        let answer = try MastodonAnswer.decode(Answer.self, from: data)
        return ReadPositions(home: answer.home?.lastReadId, notifications: answer.notifications?.lastReadId)
    }

    /// How many notifications are newer than the notifications marker
    /// (`GET /api/v1/notifications/unread_count`, Mastodon 4.3 and later).
    func unreadNotifications() async throws -> Int {
        struct Count: Decodable { var count: Int }
        let body = try await client.send(
            HTTPClient.Request(url: actor.server + "/api/v1/notifications/unread_count", bearerToken: actor.token))
        guard let count = try? JSONDecoder().decode(Count.self, from: body) else {
            throw Failure.unexpectedShape("the unread count is not {\"count\": N}")
        }
        return max(0, count.count)
    }

    /// Writes what of `wanted` is newer than the server holds; returns the markers as they
    /// then stand there.
    func write(_ wanted: ReadPositions) async throws -> ReadPositions {
        var wanted = wanted
        for attempt in 1...Self.attempts {
            var form: [(String, String)] = []
            if let home = wanted.home { form.append(("home[last_read_id]", home)) }
            if let notifications = wanted.notifications {
                form.append(("notifications[last_read_id]", notifications))
            }
            guard !form.isEmpty else { return ReadPositions() }
            do {
                return try Self.decode(
                    try await client.send(
                        HTTPClient.Request(url: actor.server + "/api/v1/markers", form: form, bearerToken: actor.token))
                )
            } catch Failure.httpStatus(code: 409, _, _) where attempt < Self.attempts {
                // Another client wrote first: what it wrote may be newer than ours.
                let current = try await read()
                wanted = wanted.merged(with: current).newer(than: current)
                if wanted.isEmpty { return current }
            }
        }
        return ReadPositions()
    }
}
