import FeedCore

/// Why a load ended without a feed: one case per kind of failure a reader can act on,
/// and its sentence for the status line in one place.
enum TransferFailure: Error, Hashable, Sendable {
    /// No response began within the timeout.
    case timedOut(seconds: Double, url: String)
    /// The TCP (or proxy) connection was not made within the connect timeout.
    case connectTimedOut(seconds: Double, host: String)
    /// The body began, then no byte came for the timeout.
    case stalled(seconds: Double, url: String)
    /// More bytes than `--max-size` allows; `what` names the source ("the response",
    /// "standard input", a path).
    case tooLarge(limit: Int, what: String)
    case httpStatus(code: Int, reason: String, url: String)
    case refused(host: String, port: Int?)
    case unresolvedHost(String)
    case unresolvedProxy(String)
    case connectFailed(host: String, reason: String)
    case connectionLost(host: String)
    case secureConnection(host: String, detail: String)
    case tooManyRedirects(limit: Int, url: String)
    /// A redirect from https to plain http, or to another scheme.
    case refusedRedirect(from: String, to: String)
    case undecodable(host: String)
    case other(url: String, detail: String)

    var message: String {
        switch self {
        case .timedOut(let seconds, let url):
            "timed out after \(Self.format(seconds)) s waiting for \(url)"
        case .connectTimedOut(let seconds, let host):
            "timed out after \(Self.format(seconds)) s connecting to \(host)"
        case .stalled(let seconds, let url):
            "stalled: no data for \(Self.format(seconds)) s from \(url)"
        case .tooLarge(let limit, let what):
            "\(what) is larger than \(ByteCount.format(limit)) (--max-size)"
        case .httpStatus(let code, let reason, let url):
            reason.isEmpty ? "HTTP \(code) from \(url)" : "HTTP \(code) \(reason) from \(url)"
        case .refused(let host, let port):
            "connection refused by \(host)\(port.map { ":\($0)" } ?? "")"
        case .unresolvedHost(let host):
            "could not resolve host \(host)"
        case .unresolvedProxy(let host):
            "could not resolve the proxy \(host)"
        case .connectFailed(let host, let reason):
            "could not connect to \(host): \(reason)"
        case .connectionLost(let host):
            "the connection to \(host) was lost"
        case .secureConnection(let host, let detail):
            detail.isEmpty
                ? "the secure connection to \(host) failed" : "the secure connection to \(host) failed: \(detail)"
        case .tooManyRedirects(let limit, let url):
            "more than \(limit) redirects from \(url)"
        case .refusedRedirect(let from, let to):
            "refused a redirect from \(from) to \(to): it would leave https"
        case .undecodable(let host):
            "the response from \(host) could not be decompressed"
        case .other(let url, let detail):
            "could not load \(url): \(detail)"
        }
    }

    var feedError: FeedError { FeedError(message) }

    /// "15", "0.5": seconds as the user wrote them.
    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    /// The reason phrase of the common statuses; the server's own where it sent one and
    /// the status is not listed (HTTP/2 sends none).
    static func reason(for status: Int, serverSaid: String) -> String {
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
}
