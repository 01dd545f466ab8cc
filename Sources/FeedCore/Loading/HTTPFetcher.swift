import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// GET over HTTP or HTTPS with URLSession, with errors a reader can act on.
public enum HTTPFetcher {
    public struct Response: Sendable {
        public var body: Data
        /// The next page, from a `Link: <…>; rel="next"` header (Mastodon's paging).
        public var nextPage: String?
    }

    public static func fetch(_ url: URL, timeout: Duration) async throws -> Response {
        let seconds = max(0.001, timeout.seconds)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        configuration.httpAdditionalHeaders = ["Accept": "application/json, application/feed+json"]
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url)
        request.timeoutInterval = seconds
        let (body, response): (Data, URLResponse)
        do {
            (body, response) = try await session.data(for: request)
        } catch let error as URLError {
            if error.code == .cancelled { throw CancellationError() }
            throw describe(error, url: url, timeout: seconds)
        }
        try Task.checkCancellation()
        guard let http = response as? HTTPURLResponse else { return Response(body: body, nextPage: nil) }
        guard (200..<300).contains(http.statusCode) else {
            throw FeedError("HTTP \(http.statusCode) \(reason(for: http.statusCode)) from \(url.absoluteString)")
        }
        let link = http.value(forHTTPHeaderField: "Link")
        return Response(body: body, nextPage: link.flatMap(nextLink))
    }

    static func describe(_ error: URLError, url: URL, timeout: Double) -> FeedError {
        let host = url.host ?? url.absoluteString
        switch error.code {
        case .timedOut:
            return FeedError("timed out after \(formatSeconds(timeout)) s waiting for \(url.absoluteString)")
        case .cannotFindHost, .dnsLookupFailed:
            return FeedError("could not resolve host \(host)")
        case .cannotConnectToHost:
            let port = url.port.map { ":\($0)" } ?? ""
            return FeedError("connection refused by \(host)\(port)")
        case .networkConnectionLost:
            return FeedError("the connection to \(host) was lost")
        case .notConnectedToInternet:
            return FeedError("no network connection")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return FeedError("the secure connection to \(host) failed")
        default:
            return FeedError("could not load \(url.absoluteString): \(error.localizedDescription)")
        }
    }

    private static func formatSeconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    /// The URL marked `rel="next"` in a Link header.
    public static func nextLink(_ header: String) -> String? {
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let target = pieces.first, target.hasPrefix("<"), target.hasSuffix(">") else { continue }
            let isNext = pieces.dropFirst().contains {
                $0.replacingOccurrences(of: "\"", with: "").lowercased() == "rel=next"
            }
            if isNext { return String(target.dropFirst().dropLast()) }
        }
        return nil
    }

    /// How a body starts, for "not JSON: the body starts with …".
    public static func preview(of body: Data) -> String {
        let text = String(decoding: body.prefix(40), as: UTF8.self)
        let line = TextSanitizer.singleLine(text)
        return line.isEmpty ? "nothing" : TextWrapper.truncate(line, width: 24)
    }

    private static func reason(for status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 410: "Gone"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: HTTPURLResponse.localizedString(forStatusCode: status).capitalized
        }
    }
}
