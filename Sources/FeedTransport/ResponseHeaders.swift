import FeedCore
import FoundationEssentials

/// The status and header fields of the last response of a transfer, fed line by line as
/// libcurl hands them over. A redirect's headers come first: a new status line starts
/// the next response afresh.
struct ResponseHeaders: Hashable, Sendable {
    private(set) var status: Int?
    /// The reason phrase after the status code, sanitized (HTTP/2 has none).
    private(set) var reason = ""
    private(set) var fields: [Field] = []

    struct Field: Hashable, Sendable {
        var name: String
        var value: String
    }

    /// One header line, with or without its CRLF.
    mutating func consume(_ line: String) {
        let line = line.trimmingWhitespace()
        if line.hasPrefix("HTTP/") {
            self = ResponseHeaders()
            let parts = line.split(separator: " ", maxSplits: 2)
            status = parts.count > 1 ? Int(parts[1]) : nil
            reason = parts.count > 2 ? TextSanitizer.singleLine(String(parts[2])) : ""
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingWhitespace().lowercased()
        let value = line[line.index(after: colon)...].trimmingWhitespace()
        guard !name.isEmpty else { return }
        fields.append(Field(name: name, value: value))
    }

    /// A field's value; several fields of one name are joined with commas, as HTTP allows.
    subscript(name: String) -> String? {
        let values = fields.filter { $0.name == name.lowercased() }.map(\.value)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    /// The body's length as it will be decoded, where the response says it: its
    /// `Content-Length`, when no `Content-Encoding` makes the bytes sent differ from it.
    var decodedLength: Int? {
        guard self["content-encoding"] == nil, let length = self["content-length"] else { return nil }
        return Int(length)
    }

    var isSuccess: Bool { status.map { (200..<300).contains($0) } ?? false }

    /// The failure a response that is not 2xx stands for; nil for a success.
    func failure(url: String, now: Date = Date()) -> Failure? {
        guard !isSuccess else { return nil }
        let code = status ?? 0
        if code == 304 { return .notModified }
        let phrase = Self.reasonPhrase(for: code, serverSaid: reason)
        if code == 429 || code == 503, let seconds = self["retry-after"].flatMap({ Self.retryAfter($0, now: now) }) {
            return .retryLater(code: code, reason: phrase, url: url, seconds: seconds)
        }
        if code == 429, let seconds = self["ratelimit-reset"].flatMap({ Self.rateLimitReset($0, now: now) }) {
            return .retryLater(code: code, reason: phrase, url: url, seconds: seconds)
        }
        return .httpStatus(code: code, reason: phrase, url: url)
    }

    /// `Retry-After` in seconds: given as seconds, or as an HTTP date.
    static func retryAfter(_ value: String, now: Date) -> Int? {
        if let seconds = Int(value.trimmingWhitespace()), seconds >= 0 { return seconds }
        guard let date = FeedDate.parse(value) else { return nil }
        return max(0, Int(date.timeIntervalSince(now).rounded(.up)))
    }

    /// `RateLimit-Reset` in seconds from now. Bluesky's servers send the moment the window
    /// resets, in seconds since 1970 (`1747676784`); the IETF draft's header is seconds
    /// from now. A number past 2001 in seconds since 1970 is read as a moment.
    static func rateLimitReset(_ value: String, now: Date) -> Int? {
        guard let number = Int(value.trimmingWhitespace()), number >= 0 else { return nil }
        guard number > 1_000_000_000 else { return number }
        return max(0, number - Int(now.timeIntervalSince1970.rounded(.down)))
    }

    /// The least time before asking again: `Cache-Control: max-age` (`s-maxage` is for
    /// shared caches), else `Expires` from now; nil for `no-cache`, `no-store`, or neither.
    func refreshFloor(now: Date) -> Duration? {
        if let control = self["cache-control"]?.lowercased() {
            let directives = control.split(separator: ",").map { $0.trimmingWhitespace() }
            if directives.contains(where: { $0 == "no-cache" || $0 == "no-store" }) { return nil }
            if let maxAge = directives.first(where: { $0.hasPrefix("max-age=") }) {
                let digits = maxAge.dropFirst("max-age=".count).filter { $0 != "\"" }
                guard let seconds = Int(digits), seconds > 0
                else { return nil }
                return .seconds(seconds)
            }
        }
        guard let expires = self["expires"], let date = FeedDate.parse(expires) else { return nil }
        let seconds = Int(date.timeIntervalSince(now).rounded(.down))
        return seconds > 0 ? .seconds(seconds) : nil
    }

    /// What to ask next time for the same URL: `If-None-Match` from `ETag`,
    /// `If-Modified-Since` from `Last-Modified`.
    var validators: HTTPValidators {
        HTTPValidators(etag: self["etag"], lastModified: self["last-modified"])
    }

    /// The reason phrase of the common statuses; the server's own where it sent one and
    /// the status is not listed (HTTP/2 sends none).
    static func reasonPhrase(for status: Int, serverSaid: String) -> String {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 410: "Gone"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: serverSaid
        }
    }

    /// The next page from `Link: <…>; rel="next"` (Mastodon's paging).
    var nextPage: String? { self["link"].flatMap(Self.nextLink) }

    /// The URL marked `rel="next"` in a Link header's value.
    static func nextLink(_ header: String) -> String? {
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: ";").map { $0.trimmingWhitespace() }
            guard let target = pieces.first, target.hasPrefix("<"), target.hasSuffix(">") else { continue }
            let isNext = pieces.dropFirst().contains { parameter in
                let words = parameter.lowercased().filter { $0 != "\"" }
                guard words.hasPrefix("rel=") else { return false }
                return words.dropFirst(4).split(separator: " ").contains("next")
            }
            if isNext { return String(target.dropFirst().dropLast()) }
        }
        return nil
    }
}
