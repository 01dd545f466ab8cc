/// What a server said to ask it whether a document changed: its `ETag` and `Last-Modified`.
/// Kept between loads (and, with the store, between runs), sent back as `If-None-Match`
/// and `If-Modified-Since`.
public struct HTTPValidators: Hashable, Sendable {
    public var etag: String?
    public var lastModified: String?

    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    public var isEmpty: Bool { etag == nil && lastModified == nil }

    /// The request's header lines.
    public var requestLines: [String] {
        [etag.map { "If-None-Match: \($0)" }, lastModified.map { "If-Modified-Since: \($0)" }].compactMap { $0 }
    }
}
