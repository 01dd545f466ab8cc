import FoundationEssentials

/// The read markers a Mastodon server keeps for an account (`GET`/`POST /api/v1/markers`):
/// the newest status read in the home timeline, and the newest notification read.
public struct ReadMarkers: Equatable, Sendable {
    public var home: String?
    public var notifications: String?

    public init(home: String? = nil, notifications: String? = nil) {
        self.home = home
        self.notifications = notifications
    }

    /// The markers an answer holds; a timeline it does not name has none.
    public static func decode(_ data: Data) throws(Failure) -> ReadMarkers {
        struct Marker: Decodable { var lastReadId: String }
        struct Answer: Decodable {
            var home: Marker?
            var notifications: Marker?
        }
        let answer = try MastodonAnswer.decode(Answer.self, from: data)
        return ReadMarkers(home: answer.home?.lastReadId, notifications: answer.notifications?.lastReadId)
    }

    /// Of each timeline, the newer of the two: a read position never goes back.
    public func merged(with other: ReadMarkers) -> ReadMarkers {
        func newer(_ left: String?, _ right: String?) -> String? {
            guard let left, let right else { return left ?? right }
            return StatusID.isOlder(left, than: right) ? right : left
        }
        return ReadMarkers(home: newer(home, other.home), notifications: newer(notifications, other.notifications))
    }

    /// What of `self` is newer than `known`: the part worth writing.
    public func newer(than known: ReadMarkers) -> ReadMarkers {
        func ahead(_ mine: String?, _ theirs: String?) -> String? {
            guard let mine else { return nil }
            return theirs.map { StatusID.isOlder($0, than: mine) } ?? true ? mine : nil
        }
        return ReadMarkers(home: ahead(home, known.home), notifications: ahead(notifications, known.notifications))
    }

    public var isEmpty: Bool { home == nil && notifications == nil }
}
