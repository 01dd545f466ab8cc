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
