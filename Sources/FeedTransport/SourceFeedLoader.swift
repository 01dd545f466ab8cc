import FeedCore
import FeedXML
import FoundationEssentials
import Synchronization

/// Reads a feed's bytes from its source, bounded by `maxSize`, and decodes them a batch
/// at a time.
public struct SourceFeedLoader: FeedLoading {
    public var source: FeedSource
    public var format: FeedFormat
    /// How long an HTTP request may wait for its response, and then for each next byte.
    public var timeout: Duration
    /// The most bytes any source may bring (after decompression).
    public var maxSize: Int
    /// A file of certificates to trust for https instead of the system's; nil for the
    /// system's store (`SSL_CERT_FILE` sets it, as for OpenSSL's own tools).
    public var certificateAuthorities: String?
    /// The sample feed's bytes (embedded in the executable).
    public var sampleData: Data
    /// A bearer token for the source's host, over https only (a subscription's `token=`).
    public var bearerToken: String?
    /// The variable a subscription named for its token when it is not set: every load
    /// fails, saying so.
    public var unsetTokenVariable: String?
    /// Why the source's account gives no token (not signed in, another server's): its
    /// loads fail with it.
    public var accountFailure: Failure?
    /// How Bluesky's feeds are read, for a `bsky.app` address or an XRPC feed request.
    public var bluesky = BlueskyReading()
    /// The last response's `ETag` and `Last-Modified`, per URL, shared by the copies of
    /// this loader: the next load of the URL asks whether it changed.
    private let validators = ResponseValidators()

    public init(
        source: FeedSource, format: FeedFormat = .auto, timeout: Duration = .seconds(15),
        maxSize: Int = ByteCount.defaultLimit, certificateAuthorities: String? = nil, sampleData: Data = Data()
    ) {
        self.source = source
        self.format = format
        self.timeout = timeout
        self.maxSize = maxSize
        self.certificateAuthorities = certificateAuthorities
        self.sampleData = sampleData
    }

    public func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
        try Task.checkCancellation()
        switch source {
        case .sample:
            return SampleFeedDates.rebased(try decode(sampleData, progress: progress), now: Date())
        case .file(let path):
            switch try await FileSource.open(path, maxSize: maxSize) {
            case .mapped(let file): return try decode(file.data, progress: progress, consumed: file.release)
            case .streamed(let data): return try decode(data, progress: progress)
            }
        case .standardInput:
            let data = try await StreamReader.read(0, what: "standard input", maxSize: maxSize)
            return try decode(data, progress: progress)
        case .url(let url):
            if let address = BlueskyAddress(url) {
                return try await loadPage(try await blueskyRequest(address), progress: progress)
            }
            return try await loadPage(url.absoluteString, progress: progress)
        case .search:
            throw Failure.unexpected("a saved search reads the store, and this run has none")
        }
    }

    public func loadPage(_ url: String) async throws -> Feed {
        try await loadPage(url, progress: nil)
    }

    /// The first page's request of a Bluesky address: at the reader's PDS when signed in,
    /// else the public AppView; its handle resolved (or remembered).
    private func blueskyRequest(_ address: BlueskyAddress) async throws -> String {
        if let accountFailure { throw accountFailure }
        if address.kind == .timeline, bluesky.session == nil {
            throw Failure.needsAccount(what: "The Following timeline")
        }
        let did =
            address.namesDID || address.kind == .timeline
            ? address.actor
            : try await bluesky.did(of: address.actor, certificateAuthorities: certificateAuthorities)
        return address.request(base: bluesky.base, did: did)
    }

    /// `progress`, when given, hears the posts of the body as they arrive.
    private func loadPage(_ url: String, progress: (@Sendable (Feed, Int, Int) -> Void)?) async throws -> Feed {
        if let unsetTokenVariable { throw Failure.tokenUnset(variable: unsetTokenVariable) }
        if let accountFailure { throw accountFailure }
        let isBluesky = BlueskyAddress.isFeedRequest(url)
        // A Bluesky session's token goes to its own server only.
        let session = isBluesky ? bluesky.session.flatMap { url.hasPrefix($0.server + "/") ? $0 : nil } : nil
        let token = session?.accessToken() ?? bearerToken
        if token != nil, !url.lowercased().hasPrefix("https://") {
            throw Failure.tokenOverPlainHTTP(host: CurlTransfer.host(of: url))
        }
        func fetch(_ token: String?) async throws -> HTTPResponse {
            try await HTTPFetcher.fetch(
                CurlTransfer.Request(
                    url: url, timeout: timeout, maxSize: maxSize, accept: HTTPFetcher.accept,
                    certificateAuthorities: certificateAuthorities, extraHeaders: validators[url].requestLines,
                    bearerToken: token, onPartialBody: progress.map { partialListener($0, url: url) }))
        }
        let response: HTTPResponse
        do {
            response = try await fetch(token)
        } catch Failure.expiredToken where session != nil {
            // Once: a token refreshed and refused again is the server's word.
            response = try await fetch(try await session?.refreshed(replacing: token ?? ""))
        } catch Failure.httpStatus(401, _, _) where isBluesky && token == nil {
            throw Failure.needsAccount(what: "This Bluesky feed")
        }
        validators[url] = response.headers.validators
        let contentType = response.headers["content-type"]
        var feed = try decode(
            response.body, progress: progress ?? { _, _, _ in }, bodyOfURL: response.effectiveURL ?? url,
            mediaType: MediaType(contentType: contentType), charset: MediaType.charset(ofContentType: contentType))
        if let next = response.nextPage { feed.nextPage = next }
        if isBluesky, let cursor = feed.pageCursor, !feed.posts.isEmpty {
            feed.nextPage = BlueskyAddress.nextPage(of: url, cursor: cursor)
        }
        if let floor = response.headers.refreshFloor(now: Date()) {
            feed.refreshFloor = max(feed.refreshFloor ?? floor, floor)
        }
        return feed
    }

    /// While a body arrives: the posts complete so far, decoded from the body cut after
    /// the last of them, handed on as progress of unknown total (0).
    private func partialListener(_ progress: @escaping @Sendable (Feed, Int, Int) -> Void, url: String)
        -> @Sendable (Data) -> Void
    {
        let loader = self
        return { document in
            guard var feed = try? loader.decode(document, progress: { _, _, _ in }, bodyOfURL: url),
                !feed.posts.isEmpty
            else {
                return
            }
            feed.cutShort = nil
            progress(feed, feed.posts.count, 0)
        }
    }

    /// Decodes, and gives posts that name no author, in a feed that names none either, the
    /// source's name: no row shows "?".
    private func decode(
        _ data: Data, progress: @escaping @Sendable (Feed, Int, Int) -> Void, bodyOfURL: String? = nil,
        mediaType: MediaType = .unknown, charset: String? = nil, consumed: ((Range<Int>) -> Void)? = nil
    ) throws -> Feed {
        let unnamed = Author(name: source.shortName)
        var feed = try decodeDocument(
            data,
            progress: { feed, decoded, total in
                var feed = feed
                feed.attributeAuthorless(to: unnamed)
                progress(feed, decoded, total)
            }, bodyOfURL: bodyOfURL, mediaType: mediaType, charset: charset, consumed: consumed)
        feed.attributeAuthorless(to: unnamed)
        return feed
    }

    /// Decodes by `format`; in `.auto`, by the body's shape, and the server's `mediaType`
    /// where the shape leaves room: XML said to be XML is read past stray bytes before
    /// its first tag (a blank line or a warning some servers print first).
    private func decodeDocument(
        _ data: Data, progress: @escaping @Sendable (Feed, Int, Int) -> Void, bodyOfURL: String?,
        mediaType: MediaType, charset: String?, consumed: ((Range<Int>) -> Void)?
    ) throws -> Feed {
        func notAFeed() -> Failure {
            let preview = HTTPFetcher.preview(of: data)
            return mediaType == .html ? .webPage(preview: preview) : .notAFeedBody(preview: preview)
        }
        let isXML = XMLFeedDecoder.looksLikeXML(data)
        let saidXML = format == .auto && mediaType == .xml && !isXML && !FeedDocumentDecoder.looksLikeJSON(data)
        if format.isXML || (format == .auto && isXML) || saidXML {
            guard isXML || saidXML else {
                throw Failure.unexpectedShape("--format \(format.rawValue) reads XML; this document is not XML")
            }
            do {
                return try XMLFeedDecoder.decode(
                    saidXML ? XMLFeedDecoder.fromFirstTag(data) : data, documentURL: bodyOfURL, charset: charset)
            } catch {
                // An HTML page where a feed was expected, usually an error page: say how it starts.
                if case .unexpectedShape = error, bodyOfURL != nil { throw notAFeed() }
                throw error
            }
        }
        do {
            return try FeedDocumentDecoder.decode(data, format: format, consumed: consumed) { feed, decoded, total in
                try Task.checkCancellation()
                progress(feed, decoded, total)
            }
        } catch Failure.notJSON where bodyOfURL != nil {
            // An HTTP body that is not JSON is usually an error page: say how it starts.
            throw notAFeed()
        }
    }
}

extension SourceFeedLoader {
    /// The validators the last response for `url` gave (or the store remembered).
    public func validators(for url: String) -> HTTPValidators {
        validators[url]
    }

    /// Validators from an earlier run, for the first request of this one.
    public func remember(_ remembered: HTTPValidators, for url: String) {
        validators[url] = remembered
    }
}

/// The `ETag` and `Last-Modified` per URL, from the last response.
final class ResponseValidators: Sendable {
    private let byURL = Mutex<[String: HTTPValidators]>([:])

    subscript(url: String) -> HTTPValidators {
        get { byURL.withLock { $0[url] ?? HTTPValidators() } }
        set { byURL.withLock { $0[url] = newValue.isEmpty ? nil : newValue } }
    }
}
