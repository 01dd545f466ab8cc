import FeedCore

/// The read position a server keeps for an account, so that the reader's other devices
/// start where this one left off: the newest post read in the home timeline, and the
/// newest notification seen. Ids grow with time (`StatusID`).
public struct ReadPositions: Equatable, Sendable {
    public var home: String?
    public var notifications: String?

    public init(home: String? = nil, notifications: String? = nil) {
        self.home = home
        self.notifications = notifications
    }

    /// Of each, the newer of the two: a read position never goes back.
    public func merged(with other: ReadPositions) -> ReadPositions {
        func newer(_ left: String?, _ right: String?) -> String? {
            guard let left, let right else { return left ?? right }
            return StatusID.isOlder(left, than: right) ? right : left
        }
        return ReadPositions(home: newer(home, other.home), notifications: newer(notifications, other.notifications))
    }

    /// What of `self` is newer than `known`: the part worth writing.
    public func newer(than known: ReadPositions) -> ReadPositions {
        func ahead(_ mine: String?, _ theirs: String?) -> String? {
            guard let mine else { return nil }
            return theirs.map { StatusID.isOlder($0, than: mine) } ?? true ? mine : nil
        }
        return ReadPositions(home: ahead(home, known.home), notifications: ahead(notifications, known.notifications))
    }

    public var isEmpty: Bool { home == nil && notifications == nil }
}
