/// How long to wait before connecting a stream again: exponential back-off, from a second
/// to a minute, with jitter ("equal jitter": half the wait fixed, half random), so that the
/// clients a server dropped at once do not all come back at once.
public struct StreamBackoff: Sendable {
    public static let first: Duration = .seconds(1)
    public static let longest: Duration = .seconds(60)

    /// Failed attempts since the stream last worked.
    public private(set) var failures = 0

    public init() {}

    /// The wait before the next attempt, after one more failure; `random` in 0..<1.
    public mutating func next(random: Double) -> Duration {
        // 2^failures, kept from overflowing: past the longest, the longest.
        let doubled = Self.first * (1 << min(failures, 16))
        let ceiling = min(doubled, Self.longest)
        failures += 1
        return ceiling / 2 + ceiling / 2 * min(max(random, 0), 1)
    }

    /// The stream worked (it brought an event): the next failure waits the least again.
    public mutating func reset() {
        failures = 0
    }
}
