import FeedCore
import FoundationEssentials

/// Requests to a server's API (Mastodon's, for signing in and for the reader's actions):
/// a GET, or a POST of a form, over https only, bounded like every transfer, its answer's
/// body as it came.
public enum APIClient {
    public struct Request: Sendable {
        public var url: String
        /// The form to POST, in order; nil for a GET.
        public var form: [(String, String)]?
        /// A JSON document to POST instead (an XRPC procedure's input; empty: no body).
        public var json: String?
        /// Sent to the request's own host only, and over https only.
        public var bearerToken: String?
        /// Certificates to trust instead of the system's (`SSL_CERT_FILE`).
        public var certificateAuthorities: String?
        public var timeout: Duration = .seconds(30)
        /// Sent as `Idempotency-Key`: a server that has seen it answers as it did then,
        /// so that a retry never posts twice.
        public var idempotencyKey: String?

        public init(
            url: String, form: [(String, String)]? = nil, bearerToken: String? = nil,
            certificateAuthorities: String? = nil
        ) {
            self.url = url
            self.form = form
            self.bearerToken = bearerToken
            self.certificateAuthorities = certificateAuthorities
        }
    }

    /// The most an API's answer may weigh.
    static let maxSize = 4 << 20

    /// The answer's body; a failure says why there is none (an HTTP error among them).
    public static func send(_ request: Request) async throws -> Data {
        // An account's secrets (its token, the app's secret in a form) never go over http;
        // a public GET (a thread) may. Nothing goes anywhere but the web.
        let url = request.url.lowercased()
        if !url.hasPrefix("https://") {
            guard url.hasPrefix("http://") else { throw Failure.unexpected("not a web address: \(request.url)") }
            guard request.bearerToken == nil, request.form == nil, request.json == nil else {
                throw Failure.tokenOverPlainHTTP(host: CurlTransfer.host(of: request.url))
            }
        }
        let response = try await HTTPFetcher.fetch(
            CurlTransfer.Request(
                url: request.url, timeout: request.timeout, maxSize: maxSize, accept: "application/json",
                certificateAuthorities: request.certificateAuthorities,
                extraHeaders: request.idempotencyKey.map { ["Idempotency-Key: \($0)"] } ?? [],
                bearerToken: request.bearerToken,
                form: request.form.map(FormEncoding.encode), json: request.json))
        return response.body
    }
}
