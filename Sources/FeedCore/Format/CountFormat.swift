/// Counts in a few cells: 999, 1.2k, 12k, 1.2M.
public enum CountFormat {
    public static func compact(_ count: Int) -> String {
        let value = max(0, count)
        if value < 1_000 { return String(value) }
        if value < 1_000_000 { return scaled(value, by: 1_000, suffix: "k") }
        if value < 1_000_000_000 { return scaled(value, by: 1_000_000, suffix: "M") }
        return scaled(value, by: 1_000_000_000, suffix: "B")
    }

    /// One decimal below ten units (1.2k), none above (12k); rounds down, so a count is
    /// never shown larger than it is.
    private static func scaled(_ value: Int, by unit: Int, suffix: String) -> String {
        let whole = value / unit
        if whole >= 10 { return "\(whole)\(suffix)" }
        let tenth = (value % unit) * 10 / unit
        return tenth == 0 ? "\(whole)\(suffix)" : "\(whole).\(tenth)\(suffix)"
    }

    /// A count with thousands separated: 42,000.
    public static func grouped(_ count: Int) -> String {
        let digits = String(abs(count))
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return count < 0 ? "-" + result : result
    }
}
