import FoundationEssentials

/// A record's `createdAt` as the lexicons' `datetime` format asks: RFC 3339 with its time
/// zone, here always UTC with `Z`, and milliseconds ("2026-12-06T22:33:11.154Z"). Without
/// the zone (as like and repost records were once written) it is not a datetime at all.
enum BlueskyDatetime {
    static func string(from date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt))
    }
}
