import FoundationEssentials

/// What a server says of its rate limit on a response (`RateLimit-Limit`,
/// `RateLimit-Remaining`, `RateLimit-Reset`, as Bluesky's servers send them and the IETF
/// draft names them): how many requests the window allows, how many are left, and when
/// it starts again.
public struct RateLimit: Equatable, Sendable {
    public var limit: Int
    public var remaining: Int
    /// Seconds from the response until the window resets.
    public var resetsIn: Int

    public init(limit: Int, remaining: Int, resetsIn: Int) {
        self.limit = limit
        self.remaining = remaining
        self.resetsIn = resetsIn
    }
}

extension ResponseHeaders {
    /// The rate limit the response states; nil where it does not state all three.
    func rateLimit(now: Date) -> RateLimit? {
        guard let limit = self["ratelimit-limit"].flatMap({ Int($0.trimmingWhitespace()) }),
            let remaining = self["ratelimit-remaining"].flatMap({ Int($0.trimmingWhitespace()) }),
            let reset = self["ratelimit-reset"].flatMap({ Self.rateLimitReset($0, now: now) })
        else { return nil }
        return RateLimit(limit: max(0, limit), remaining: max(0, remaining), resetsIn: reset)
    }
}

extension HTTPResponse {
    /// The rate limit it states, from now.
    public var rateLimit: RateLimit? { headers.rateLimit(now: Date()) }
}
