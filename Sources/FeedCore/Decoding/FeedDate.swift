import FoundationEssentials

/// Dates in feeds, one lenient parser for every format: ISO 8601 (RFC 3339) with or
/// without fractional seconds, with `Z` or an offset (Foundation's parser accepts one or
/// the other depending on its options, so both are tried), else RFC 822 and 2822, as RSS
/// writes them (and some JSON feeds do too).
public enum FeedDate {
    public static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingWhitespace()
        // "2026-11-30…" is ISO 8601; anything else is tried as RFC 822 first (a failed ISO
        // parse costs an error thrown, and an RSS feed has a date in every item).
        let isoShaped = trimmed.utf8.count >= 10 && trimmed.utf8.dropFirst(4).first == UInt8(ascii: "-")
        if !isoShaped, let date = RFC822Date.parse(trimmed) { return date }
        if let date = try? Date(trimmed, strategy: withFraction) { return date }
        if let date = try? Date(trimmed, strategy: withoutFraction) { return date }
        return isoShaped ? RFC822Date.parse(trimmed) : nil
    }

    private static let withoutFraction = Date.ISO8601FormatStyle(timeZone: .gmt)
    private static let withFraction = Date.ISO8601FormatStyle(
        includingFractionalSeconds: true, timeZone: .gmt)
}
