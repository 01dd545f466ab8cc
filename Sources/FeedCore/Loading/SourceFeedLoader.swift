import Foundation

/// Reads a feed's bytes from its source and decodes them, a batch at a time.
public struct SourceFeedLoader: FeedLoading {
    public var source: FeedSource
    public var format: FeedFormat
    /// How long an HTTP request may take.
    public var timeout: Duration
    /// The sample feed's bytes (embedded in the executable).
    public var sampleData: Data

    public init(
        source: FeedSource, format: FeedFormat = .auto, timeout: Duration = .seconds(15), sampleData: Data = Data()
    ) {
        self.source = source
        self.format = format
        self.timeout = timeout
        self.sampleData = sampleData
    }

    public func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
        try Task.checkCancellation()
        switch source {
        case .sample:
            return SampleFeedDates.rebased(try decode(sampleData, progress: progress), now: Date())
        case .file(let path):
            let file = try MappedFile(path: path)
            return try decode(file.data, progress: progress, consumed: file.release)
        case .standardInput:
            let data = try await Self.readStandardInput()
            return try decode(data, progress: progress)
        case .url(let url):
            return try await loadPage(url.absoluteString, progress: progress)
        }
    }

    public func loadPage(_ url: String) async throws -> Feed {
        try await loadPage(url, progress: { _, _, _ in })
    }

    private func loadPage(_ url: String, progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
        guard let parsed = URL(string: url) else { throw FeedError("not a URL: \(url)") }
        let response = try await HTTPFetcher.fetch(parsed, timeout: timeout)
        var feed = try decode(response.body, progress: progress, bodyOfURL: url)
        if let next = response.nextPage { feed.nextPage = next }
        return feed
    }

    private func decode(
        _ data: Data, progress: @escaping @Sendable (Feed, Int, Int) -> Void, bodyOfURL: String? = nil,
        consumed: ((Range<Int>) -> Void)? = nil
    ) throws -> Feed {
        do {
            return try FeedDocumentDecoder.decode(data, format: format, consumed: consumed) { feed, decoded, total in
                try Task.checkCancellation()
                progress(feed, decoded, total)
            }
        } catch let error as FeedError where bodyOfURL != nil && error.message.hasPrefix("not JSON") {
            // An HTTP body that is not JSON is usually an error page: say how it starts.
            throw FeedError("not JSON: the body starts with \(HTTPFetcher.preview(of: data))")
        }
    }

    /// Reads standard input to its end on a thread of its own: a pipe can take its time,
    /// and a blocked read must not hold one of the few threads tasks run on.
    static func readStandardInput() async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                do {
                    let data = try FileHandle.standardInput.readToEnd() ?? Data()
                    continuation.resume(returning: data)
                } catch {
                    continuation.resume(
                        throwing: FeedError("could not read standard input: \(error.localizedDescription)"))
                }
            }
        }
    }
}
