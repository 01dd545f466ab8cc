import FoundationEssentials

/// "now", "5m", "3h", "2d", "4mo", "2y": how long ago, in the fewest cells.
public enum RelativeTime {
    public static func describe(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        // A date in the future (a skewed clock) reads as "now", not as a negative age.
        guard seconds >= 60 else { return "now" }
        let minutes = Int(seconds / 60)
        if minutes < 60 { return "\(minutes)m" }
        let hours = minutes / 60
        if hours < 24 { return "\(hours)h" }
        let days = hours / 24
        if days < 30 { return "\(days)d" }
        if days < 365 { return "\(days / 30)mo" }
        return "\(days / 365)y"
    }
}
