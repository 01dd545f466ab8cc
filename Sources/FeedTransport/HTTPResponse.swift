import FoundationEssentials

/// A finished 2xx response.
struct HTTPResponse: Sendable {
    var body: Data
    var headers: ResponseHeaders
    /// Where the last redirect led.
    var effectiveURL: String?

    /// The next page, from the Link header, resolved against the URL that answered.
    var nextPage: String? {
        guard let link = headers.nextPage else { return nil }
        guard let base = effectiveURL.flatMap({ URL(string: $0) }) else { return link }
        return URL(string: link, relativeTo: base)?.absoluteString ?? link
    }
}
