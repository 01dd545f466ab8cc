/// How often a timeline refreshes, as people write it: `30s`, `5m`, `1h`, or seconds.
public enum RefreshInterval {
    /// Refreshing more often than this only loads servers.
    public static let range: ClosedRange<Duration> = .seconds(5) ... .seconds(86_400)

    /// The interval in force: `--refresh` on the command line wins over the subscriptions
    /// file's `refresh` line; neither, no refresh.
    public static func chosen(commandLine: Duration?, subscriptions: Duration?) -> Duration? {
        commandLine ?? subscriptions
    }

    public static func parse(_ text: String) -> Duration? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let number = Int(digits), number <= 1_000_000 else { return nil }
        let seconds: Int
        switch text.dropFirst(digits.count).lowercased() {
        case "", "s": seconds = number
        case "m": seconds = number * 60
        case "h": seconds = number * 3600
        default: return nil
        }
        let interval = Duration.seconds(seconds)
        return range.contains(interval) ? interval : nil
    }
}

extension RefreshInterval {
    /// An interval as it is written back to the reader: "30 s", "5 min", "1 h 30 min".
    public static func describe(_ interval: Duration) -> String {
        let seconds = Int(interval.components.seconds)
        let (hours, minutes, rest) = (seconds / 3600, seconds % 3600 / 60, seconds % 60)
        let parts = [(hours, "h"), (minutes, "min"), (rest, "s")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return parts.isEmpty ? "0 s" : parts.joined(separator: " ")
    }
}
