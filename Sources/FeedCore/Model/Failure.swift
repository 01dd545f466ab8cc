/// Why something could not be shown or started: one case per kind of failure a reader can
/// act on, and its sentence (for the status line, the rows area, standard error) written
/// here and nowhere else.
public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
    // Where the bytes come from.
    case notFound(path: String)
    case permissionDenied(path: String)
    case isDirectory(path: String)
    case unreadable(what: String, reason: String)
    /// More bytes than `--max-size` allows; `what` names the source ("the response",
    /// "standard input", a path).
    case tooLarge(limit: Int, what: String)
    // HTTP.
    case httpStatus(code: Int, reason: String, url: String)
    /// No response began within the timeout.
    case timedOut(seconds: Double, url: String)
    /// 429 or 503 with `Retry-After`: the server asked to be left alone this many seconds.
    case retryLater(code: Int, reason: String, url: String, seconds: Int)
    /// A 304 to a conditional request: the feed is as it was. Not shown; the source keeps
    /// its posts.
    case notModified
    /// A subscription's token is sent over https only.
    case tokenOverPlainHTTP(host: String)
    /// The environment variable a subscription names for its token is not set.
    case tokenUnset(variable: String)
    /// A source read with `account=` names an account that is not signed in, or one of
    /// another server than the source's (its token goes to its own server only).
    case notSignedIn(account: String, host: String)
    case accountOfAnotherServer(account: String, host: String)
    /// No account of `network` has this handle (its server said so).
    case unknownHandle(String, network: String)
    /// A feed or list a server serves to signed-in readers only; `signIn` says where.
    case needsAccount(what: String, signIn: String)
    /// An access token past its time: the session is refreshed and the request made again;
    /// where that fails too, the reader signs in at `signIn` again.
    case expiredToken(host: String, signIn: String)
    /// The TCP (or proxy) connection was not made within the connect timeout.
    case connectTimedOut(seconds: Double, host: String)
    /// The body began, then no byte came for the timeout.
    case stalled(seconds: Double, url: String)
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
    case transfer(url: String, detail: String)
    // The document.
    case empty
    /// Not JSON, and where: "line 3, column 14: expected …".
    case notJSON(String)
    /// An HTTP body that is no feed, JSON or XML: how it starts (an error page, usually).
    case notAFeedBody(preview: String)
    /// The same, where the server called it a web page (`text/html`).
    case webPage(preview: String)
    case tooDeep(depth: Int, limit: Int)
    /// JSON of another shape than the format's: "\"posts\" should be an array".
    case unexpectedShape(String)
    case invalidUTF16
    case unrepresentableNumber
    /// One post's problem: "author.name is missing".
    case invalidPost(String)
    /// Not one post could be read; the first one's problem.
    case noPostReadable(reason: String)
    case noFurtherPages
    /// `--offline`, and the store holds nothing of the source.
    case nothingStored
    /// `--offline`: nothing is sent.
    case offline
    // The terminal.
    case outputNotTerminal
    case termUnset
    case termDumb
    case unknownTerminal(String)
    case noKeyboard
    /// A call to the system failed: what was being done, and strerror's words.
    case system(what: String, reason: String)
    /// Something no case foresaw, in its own words.
    case unexpected(String)

    public var message: String {
        switch self {
        case .nothingStored: "offline, and the store holds nothing of it"
        case .offline: "offline"
        case .notFound(let path): "no such file: \(path)"
        case .permissionDenied(let path): "permission denied: \(path)"
        case .isDirectory(let path): "\(path) is a directory, not a feed file"
        case .unreadable(let what, let reason): "could not read \(what): \(reason)"
        case .tooLarge(let limit, let what): "\(what) is larger than \(ByteCount.format(limit)) (--max-size)"
        case .httpStatus(let code, let reason, let url):
            reason.isEmpty ? "HTTP \(code) from \(url)" : "HTTP \(code) \(reason) from \(url)"
        case .timedOut(let seconds, let url): "timed out after \(Self.format(seconds)) s waiting for \(url)"
        case .retryLater(let code, let reason, let url, let seconds):
            "HTTP \(code) \(reason) from \(url) (retry after \(seconds) s)"
        case .notModified: "not modified since the last load"
        case .tokenOverPlainHTTP(let host): "a token is sent over https only, not to http://\(host)"
        case .tokenUnset(let variable): "the token's variable $\(variable) is not set"
        case .notSignedIn(let account, let host): "not signed in as \(account): shimmerfeed login \(host)"
        case .unknownHandle(let handle, let network): "no \(network) account has the handle \(handle)"
        case .needsAccount(let what, let signIn):
            "\(what) is shown to signed-in readers only: shimmerfeed login \(signIn)"
        case .expiredToken(let host, let signIn):
            "the session at \(host) has expired: shimmerfeed login \(signIn) again"
        case .accountOfAnotherServer(let account, let host): "\(account) is not an account of \(host)"
        case .connectTimedOut(let seconds, let host): "timed out after \(Self.format(seconds)) s connecting to \(host)"
        case .stalled(let seconds, let url): "stalled: no data for \(Self.format(seconds)) s from \(url)"
        case .refused(let host, let port): "connection refused by \(host)\(port.map { ":\($0)" } ?? "")"
        case .unresolvedHost(let host): "could not resolve host \(host)"
        case .unresolvedProxy(let host): "could not resolve the proxy \(host)"
        case .connectFailed(let host, let reason): "could not connect to \(host): \(reason)"
        case .connectionLost(let host): "the connection to \(host) was lost"
        case .secureConnection(let host, let detail):
            detail.isEmpty
                ? "the secure connection to \(host) failed" : "the secure connection to \(host) failed: \(detail)"
        case .tooManyRedirects(let limit, let url): "more than \(limit) redirects from \(url)"
        case .refusedRedirect(let from, let to): "refused a redirect from \(from) to \(to): it would leave https"
        case .undecodable(let host): "the response from \(host) could not be decompressed"
        case .transfer(let url, let detail): "could not load \(url): \(detail)"
        case .empty: "the feed is empty"
        case .notJSON(let problem): "not JSON: \(problem)"
        case .notAFeedBody(let preview): "not a feed: the body starts with \(preview)"
        case .webPage(let preview): "not a feed: the server sent a web page, which starts with \(preview)"
        case .tooDeep(let depth, let limit): "nested \(depth) levels deep; feeds are read to \(limit) levels"
        case .unexpectedShape(let description): description
        case .invalidUTF16: "the feed looks like UTF-16 but is not valid UTF-16"
        case .unrepresentableNumber: "a value the decoder cannot hold, such as a number like 1e999"
        case .invalidPost(let problem): problem
        case .noPostReadable(let reason): "no post could be read; \(reason)"
        case .noFurtherPages: "this source has no further pages"
        case .outputNotTerminal: "standard output is not a terminal; shimmerfeed draws a full-screen view and needs one"
        case .termUnset: "TERM is not set; set it to your terminal's type, such as xterm-256color"
        case .termDumb:
            "TERM=dumb cannot draw a full-screen view; set TERM to your terminal's type, such as xterm-256color"
        case .unknownTerminal(let name):
            "unknown terminal type '\(name)'; set TERM to one this system knows, such as xterm-256color"
        case .noKeyboard:
            "no terminal to read keys from: standard input is not a terminal and /dev/tty cannot be opened"
        case .system(let what, let reason): "could not \(what): \(reason)"
        case .unexpected(let words): words
        }
    }

    public var description: String { message }

    /// Any error as a failure: a `Failure` as it is, anything else in its own words.
    public init(_ error: any Error) {
        self = (error as? Failure) ?? .unexpected(String(describing: error))
    }

    /// "15", "0.5": seconds as the user wrote them.
    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}

extension Failure {
    /// Whether the server never answered (it could not be reached, or nothing is sent):
    /// an action waits for the next chance. An answer, even an error, is the server's word.
    public var isUnreachable: Bool {
        switch self {
        case .timedOut, .connectTimedOut, .stalled, .refused, .unresolvedHost, .unresolvedProxy, .connectFailed,
            .connectionLost, .offline:
            true
        default: false
        }
    }

    /// Whether the same request may pass if sent again: the server's own trouble (5xx) or
    /// the network's. A refusal of the request itself (4xx) would be refused again.
    public var isWorthRetrying: Bool {
        if case .httpStatus(let code, _, _) = self { return code >= 500 }
        return isUnreachable
    }
}
