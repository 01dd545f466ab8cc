import FoundationEssentials

/// How a network keeps where its notifications are seen up to, so that the view can say
/// where that is once it has shown them.
public enum NotificationsPosition: Hashable, Sendable {
    /// The newest notification's id (Mastodon's notifications marker).
    case newestID
    /// The newest notification's time, RFC 3339 in UTC with milliseconds, so that two
    /// compare as their text does (Bluesky's `seenAt`).
    case newestTime

    /// The position of the newest of `rows`; nil when none has one.
    public func newest(of rows: [Post]) -> String? {
        switch self {
        case .newestID:
            return rows.compactMap(StatusID.of).max(by: StatusID.isOlder)
        case .newestTime:
            return rows.compactMap(\.createdAt).max().map {
                $0.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt))
            }
        }
    }
}
