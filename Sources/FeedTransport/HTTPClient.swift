import FeedCore
import FoundationEssentials

/// This run's HTTP: the settings every request carries (the certificates trusted, whether
/// anything may be sent at all, the bounds of a document, who is asking), and the requests
/// themselves. One value, handed to each network and loader; nothing else carries a
/// transport setting.
public struct HTTPClient: Sendable {
    /// A file of certificates to trust for https instead of the system's: `SSL_CERT_FILE`,
    /// as for OpenSSL's own tools.
    public var certificateAuthorities: String?
    /// `--offline`: nothing is sent; every request fails with `Failure.offline`.
    public var offline: Bool
    /// How long a document's request may wait for its response, and then for each next
    /// byte (`--timeout`).
    public var timeout: Duration
    /// The most bytes a document may bring, after decompression (`--max-size`).
    public var maxSize: Int
    /// Who is asking, as each request says it.
    public var userAgent = "shimmerfeed/\(Version.current)"

    public init(
        certificateAuthorities: String? = nil, offline: Bool = false, timeout: Duration = .seconds(15),
        maxSize: Int = ByteCount.defaultLimit
    ) {
        self.certificateAuthorities = certificateAuthorities
        self.offline = offline
        self.timeout = timeout
        self.maxSize = maxSize
    }

    /// The settings the environment gives (`SSL_CERT_FILE`), with the run's own.
    public init(
        environment: [String: String], offline: Bool = false, timeout: Duration = .seconds(15),
        maxSize: Int = ByteCount.defaultLimit
    ) {
        self.init(
            certificateAuthorities: environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 }, offline: offline,
            timeout: timeout, maxSize: maxSize)
    }

    /// A request to a server's API: a GET, or a POST of a form or of JSON.
    public struct Request: Sendable {
        public var url: String
        /// The form to POST, in order; nil for a GET.
        public var form: [(String, String)]?
        /// A JSON document to POST instead (an empty one: a POST with no body).
        public var json: String?
        /// Sent to the request's own host only, and over https only.
        public var bearerToken: String?
        public var timeout: Duration = .seconds(30)
        /// Sent as `Idempotency-Key`: a server that has seen it answers as it did then,
        /// so that a retry never posts twice.
        public var idempotencyKey: String?
        /// Reads an error status's short JSON body into the failure (a server that says in
        /// words what its status cannot); nil leaves the body unread.
        public var explainError: (@Sendable (Failure, [UInt8]) -> Failure)?
        /// Whether its secrets may go over plain http to this machine's own address (a
        /// reader server the reader runs here, signed in to as `http://127.0.0.1/…`); never
        /// to another host.
        public var plainToThisMachine = false

        public init(url: String, form: [(String, String)]? = nil, bearerToken: String? = nil) {
            self.url = url
            self.form = form
            self.bearerToken = bearerToken
        }
    }

    /// Whether `host` is this machine's own loopback address.
    public static func isThisMachine(_ host: String) -> Bool {
        let name = host.lowercased()
        return name == "localhost" || name.hasPrefix("127.") || name == "[::1]" || name == "::1"
    }

    /// The most an API's answer may weigh.
    static let apiAnswerLimit = 4 << 20

    /// The answer's body; a failure says why there is none (an HTTP error among them).
    public func send(_ request: Request) async throws -> Data {
        try await answer(request).body
    }

    /// The answer, its headers with it (a rate limit it states).
    public func answer(_ request: Request) async throws -> HTTPResponse {
        // An account's secrets (its token, the app's secret in a form) never go over http;
        // a public GET (a thread) may. Nothing goes anywhere but the web.
        let url = request.url.lowercased()
        if !url.hasPrefix("https://") {
            guard url.hasPrefix("http://") else { throw Failure.unexpected("not a web address: \(request.url)") }
            let secret = request.bearerToken != nil || request.form != nil || request.json != nil
            guard !secret || (request.plainToThisMachine && Self.isThisMachine(CurlTransfer.host(of: request.url)))
            else {
                throw Failure.tokenOverPlainHTTP(host: CurlTransfer.host(of: request.url))
            }
        }
        var transfer = transfer(request.url, timeout: request.timeout, maxSize: Self.apiAnswerLimit)
        transfer.accept = "application/json"
        transfer.extraHeaders = request.idempotencyKey.map { ["Idempotency-Key: \($0)"] } ?? []
        transfer.bearerToken = request.bearerToken
        transfer.form = request.form.map(FormEncoding.encode)
        transfer.json = request.json
        transfer.explainError = request.explainError
        return try await fetch(transfer)
    }

    /// A feed's document at `url`: conditional on `validators`, with `token` (over https
    /// only), the body's complete posts so far handed to `partial` while it arrives.
    public func document(
        _ url: String, validators: HTTPValidators = HTTPValidators(), token: String? = nil,
        explainError: (@Sendable (Failure, [UInt8]) -> Failure)? = nil, partial: (@Sendable (Data) -> Void)? = nil
    ) async throws -> HTTPResponse {
        if token != nil, !url.lowercased().hasPrefix("https://") {
            throw Failure.tokenOverPlainHTTP(host: CurlTransfer.host(of: url))
        }
        var transfer = transfer(url, timeout: timeout, maxSize: maxSize)
        transfer.accept = HTTPFetcher.accept
        transfer.extraHeaders = validators.requestLines
        transfer.bearerToken = token
        transfer.onPartialBody = partial
        transfer.explainError = explainError
        return try await fetch(transfer)
    }

    /// A GET whose body is a stream that does not end (server-sent events): its chunks
    /// handed over as they come, kept nowhere, until the server closes it, it fails, it is
    /// silent for longer than `silence`, or the task is cancelled.
    public func stream(
        _ url: String, token: String?, silence: Duration, onChunk: @escaping @Sendable (UnsafeRawBufferPointer) -> Void
    ) async throws -> EventStreamTransfer.End {
        // The token goes over https only, as every request's does.
        if token != nil, !url.lowercased().hasPrefix("https://") {
            return .failed(.tokenOverPlainHTTP(host: CurlTransfer.host(of: url)))
        }
        var transfer = transfer(url, timeout: silence, maxSize: 0)
        transfer.accept = "text/event-stream"
        transfer.bearerToken = token
        transfer.onChunk = onChunk
        do {
            _ = try await fetch(transfer)
            return .closed
        } catch let failure as Failure {
            return .failed(failure)
        }
    }

    /// A picture's bytes, conditionally when `validators` are given; no token is ever
    /// sent (a picture's host is not the feed's). `timeout` bounds the wait for each byte.
    public func picture(
        _ url: String, validators: HTTPValidators? = nil, maxSize: Int, timeout: Duration
    ) async throws -> PictureTransfer.Answer {
        var transfer = transfer(url, timeout: timeout, maxSize: maxSize)
        transfer.accept = PictureTransfer.accept
        transfer.extraHeaders = validators?.requestLines ?? []
        do {
            let response = try await fetch(transfer)
            return .body(Array(response.body), response.headers.validators)
        } catch Failure.notModified {
            return .notModified
        }
    }

    /// The host of `url`, as messages name it.
    public static func host(of url: String) -> String {
        CurlTransfer.host(of: url)
    }

    /// A transfer of `url` with this client's settings.
    private func transfer(_ url: String, timeout: Duration, maxSize: Int) -> CurlTransfer.Request {
        CurlTransfer.Request(
            url: url, timeout: timeout, maxSize: maxSize, accept: "*/*",
            certificateAuthorities: certificateAuthorities, userAgent: userAgent)
    }

    private func fetch(_ transfer: CurlTransfer.Request) async throws -> HTTPResponse {
        guard !offline else { throw Failure.offline }
        return try await HTTPFetcher.fetch(transfer)
    }
}
