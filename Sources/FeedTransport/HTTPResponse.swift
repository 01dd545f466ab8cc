import FeedCore
import FoundationEssentials

/// A finished 2xx response.
public struct HTTPResponse: Sendable {
    public var body: Data
    var headers: ResponseHeaders
    /// Where the last redirect led.
    public var effectiveURL: String?

    /// The next page, from the Link header, resolved against the URL that answered.
    public var nextPage: String? {
        guard let link = headers.nextPage else { return nil }
        guard let base = effectiveURL.flatMap({ URL(string: $0) }) else { return link }
        return URL(string: link, relativeTo: base)?.absoluteString ?? link
    }

    /// Its `ETag` and `Last-Modified`, for the next request to ask whether it changed.
    public var validators: HTTPValidators { headers.validators }

    /// Its `Content-Type`.
    public var contentType: String? { headers["content-type"] }

    /// The least time before asking again, as the server says (`Cache-Control: max-age`,
    /// `Expires`); nil where it says nothing.
    public func refreshFloor(now: Date) -> Duration? { headers.refreshFloor(now: now) }
}
