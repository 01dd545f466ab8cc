import FeedCore
import FeedTransport
import FoundationEssentials

/// The account's read markers on its server: read at start, written as the reader reads.
/// A write that meets another client's (409) reads the markers again, keeps the newer of
/// each, and tries again.
public struct MastodonMarkers: Sendable {
    /// Writes tried at most, the first included, while other clients' writes keep racing.
    public static let attempts = 3

    let actor: MastodonActions.Actor
    let certificateAuthorities: String?

    public init(actor: MastodonActions.Actor, certificateAuthorities: String?) {
        self.actor = actor
        self.certificateAuthorities = certificateAuthorities
    }

    public func read() async throws -> ReadMarkers {
        try ReadMarkers.decode(
            try await APIClient.send(
                APIClient.Request(
                    url: actor.server + "/api/v1/markers?timeline[]=home&timeline[]=notifications",
                    bearerToken: actor.token, certificateAuthorities: certificateAuthorities)))
    }

    /// How many notifications are newer than the notifications marker
    /// (`GET /api/v1/notifications/unread_count`, Mastodon 4.3 and later).
    public func unreadNotifications() async throws -> Int {
        struct Count: Decodable { var count: Int }
        let body = try await APIClient.send(
            APIClient.Request(
                url: actor.server + "/api/v1/notifications/unread_count", bearerToken: actor.token,
                certificateAuthorities: certificateAuthorities))
        guard let count = try? JSONDecoder().decode(Count.self, from: body) else {
            throw Failure.unexpectedShape("the unread count is not {\"count\": N}")
        }
        return max(0, count.count)
    }

    /// Writes what of `wanted` is newer than the server holds; returns the markers as they
    /// then stand there.
    public func write(_ wanted: ReadMarkers) async throws -> ReadMarkers {
        var wanted = wanted
        for attempt in 1...Self.attempts {
            var form: [(String, String)] = []
            if let home = wanted.home { form.append(("home[last_read_id]", home)) }
            if let notifications = wanted.notifications {
                form.append(("notifications[last_read_id]", notifications))
            }
            guard !form.isEmpty else { return ReadMarkers() }
            do {
                return try ReadMarkers.decode(
                    try await APIClient.send(
                        APIClient.Request(
                            url: actor.server + "/api/v1/markers", form: form, bearerToken: actor.token,
                            certificateAuthorities: certificateAuthorities)))
            } catch Failure.httpStatus(code: 409, _, _) where attempt < Self.attempts {
                // Another client wrote first: what it wrote may be newer than ours.
                let current = try await read()
                wanted = wanted.merged(with: current).newer(than: current)
                if wanted.isEmpty { return current }
            }
        }
        return ReadMarkers()
    }
}
