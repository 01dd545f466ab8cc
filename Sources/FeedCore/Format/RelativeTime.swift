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

    /// When `describe(date, now:)` next reads otherwise, after `now`: the next whole
    /// minute, hour, day, month or year of the age, as the text counts them.
    public static func nextChange(of date: Date, after now: Date) -> Date {
        let seconds = now.timeIntervalSince(date)
        let minute = 60.0
        let day = 86_400.0
        let step: (unit: Double, limit: Double) =
            switch seconds {
            case ..<minute: (minute, minute)
            case ..<(60 * minute): (minute, 60 * minute)
            case ..<day: (60 * minute, day)
            case ..<(30 * day): (day, 30 * day)
            case ..<(365 * day): (30 * day, 365 * day)
            default: (365 * day, .infinity)
            }
        // The next multiple of the unit, or where the next unit takes over ("11mo" → "1y").
        let next = max(step.unit, ((seconds / step.unit).rounded(.down) + 1) * step.unit)
        return date + min(next, step.limit)
    }
}
