import FeedCore
import FeedTransport
import FoundationEssentials
import Synchronization

/// Reads a source's documents: a file (mapped), standard input or a FIFO (streamed), or a
/// URL over HTTP (conditional, with the source's token where it has one), bounded by the
/// client's limits, and decodes each a batch at a time in the formats the networks read.
/// Every network's pages come through it, with the network's settings.
public struct DocumentLoader: FeedLoading, ValidatorMemory {
    public var source: FeedSource
    public var client: HTTPClient
    public var formats: DocumentFormats
    /// The format `--format` named; `auto` tells by the document's shape and its
    /// Content-Type.
    public var format: FeedFormat
    /// What the requests carry: nothing, a token, a session's refreshed tokens, or a
    /// failure every load meets (a token's variable unset, an account not signed in).
    public var credential = Credential.none
    /// The first page's address, worked out as the load starts (a handle resolved, a
    /// session's server); nil reads the source's own URL.
    public var firstPage: (@Sendable () async throws -> String)?
    /// A network whose pages go by cursor: the query field that asks for the page after
    /// one (the document's `Feed.pageCursor`).
    public var cursorField: String?
    /// What a 401 to a request that carried no token means (a feed for signed-in readers).
    public var signInNeeded: Failure?
    /// Reads an error status's short JSON body into its failure.
    public var explainError: (@Sendable (Failure, [UInt8]) -> Failure)?
    /// The last response's `ETag` and `Last-Modified`, per URL, shared by the copies of
    /// this loader: the next load of the URL asks whether it changed.
    private let validatorsByURL = ResponseValidators()

    /// What a source's requests carry.
    public enum Credential: Sendable {
        case none
        case token(String)
        /// A session: its access token, to its own server only, refreshed once when the
        /// server says it has expired.
        case session(any SessionTokens)
        case failing(Failure)
    }

    public init(source: FeedSource, client: HTTPClient, formats: DocumentFormats, format: FeedFormat = .auto) {
        self.source = source
        self.client = client
        self.formats = formats
        self.format = format
    }

    public func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
        try Task.checkCancellation()
        switch source {
        case .file(let path):
            switch try await FileSource.open(path, maxSize: client.maxSize) {
            case .mapped(let file): return try decode(file.data, progress: progress, consumed: file.release)
            case .streamed(let data): return try decode(data, progress: progress)
            }
        case .standardInput:
            let data = try await StreamReader.read(0, what: "standard input", maxSize: client.maxSize)
            return try decode(data, progress: progress)
        case .url(let url):
            if case .failing(let failure) = credential { throw failure }
            let first = try await firstPage?() ?? url.absoluteString
            return try await loadPage(first, progress: progress)
        case .sample, .search:
            throw Failure.unexpected("\(source.label) is not read from a document")
        }
    }

    public func loadPage(_ url: String) async throws -> Feed {
        try await loadPage(url, progress: nil)
    }

    /// `progress`, when given, hears the posts of the body as they arrive.
    private func loadPage(_ url: String, progress: (@Sendable (Feed, Int, Int) -> Void)?) async throws -> Feed {
        var session: (any SessionTokens)?
        var token: String?
        switch credential {
        case .none: break
        case .token(let given): token = given
        case .failing(let failure): throw failure
        case .session(let given):
            // A session's token goes to its own server only.
            if url.hasPrefix(given.server + "/") {
                session = given
                token = given.accessToken()
            }
        }
        func fetch(_ token: String?) async throws -> HTTPResponse {
            try await client.document(
                url, validators: validatorsByURL[url], token: token, explainError: explainError,
                partial: progress.map { partialListener($0, url: url) })
        }
        let response: HTTPResponse
        do {
            response = try await fetch(token)
        } catch Failure.expiredToken where session != nil {
            // Once: a token refreshed and refused again is the server's word.
            response = try await fetch(try await session?.refreshed(replacing: token ?? ""))
        } catch Failure.httpStatus(401, _, _) where token == nil && signInNeeded != nil {
            throw signInNeeded ?? Failure.notModified
        }
        validatorsByURL[url] = response.validators
        let contentType = response.contentType
        var feed = try decode(
            response.body, progress: progress ?? { _, _, _ in }, bodyOfURL: response.effectiveURL ?? url,
            mediaType: MediaType(contentType: contentType), charset: MediaType.charset(ofContentType: contentType))
        if let next = response.nextPage { feed.nextPage = next }
        if let cursorField, let cursor = feed.pageCursor, !feed.posts.isEmpty {
            feed.nextPage = PageAddress.setting(cursorField, to: FormEncoding.escape(cursor), in: url)
        }
        if let floor = response.refreshFloor(now: Date()) {
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
    public func decode(
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
        let isXML = formats.xml?.looksLikeXML(data) ?? false
        let saidXML = format == .auto && mediaType == .xml && !isXML && !FeedDocumentDecoder.looksLikeJSON(data)
        if let xml = formats.xml, formats.isXML(format) || (format == .auto && isXML) || saidXML {
            guard isXML || saidXML else {
                throw Failure.unexpectedShape("--format \(format.rawValue) reads XML; this document is not XML")
            }
            do {
                return try xml.decode(saidXML ? xml.fromFirstTag(data) : data, documentURL: bodyOfURL, charset: charset)
            } catch {
                // An HTML page where a feed was expected, usually an error page: say how it starts.
                if case .unexpectedShape = error as? Failure, bodyOfURL != nil { throw notAFeed() }
                throw error
            }
        }
        do {
            return try FeedDocumentDecoder.decode(
                data, formats: formats.json, asked: format == .auto ? nil : format.rawValue, consumed: consumed
            ) { feed, decoded, total in
                try Task.checkCancellation()
                progress(feed, decoded, total)
            }
        } catch Failure.notJSON where bodyOfURL != nil {
            // An HTTP body that is not JSON is usually an error page: say how it starts.
            throw notAFeed()
        }
    }

    /// The validators the last response for `url` gave (or the store remembered).
    public func validators(for url: String) -> HTTPValidators {
        validatorsByURL[url]
    }

    /// Validators from an earlier run, for the first request of this one.
    public func remember(_ remembered: HTTPValidators, for url: String) {
        validatorsByURL[url] = remembered
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
