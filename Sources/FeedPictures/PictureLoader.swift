import FeedCore
import FeedTransport

/// A picture from the network, revalidated against the disk cache, decoded and scaled
/// down: bounded by `maxBytes` and `timeLimit`, and by `PictureDecoder.maxPixels`.
public struct PictureLoader: PictureLoading {
    /// 8 MiB.
    public static let maxBytes = 8 << 20
    public static let timeLimit: Duration = .seconds(5)

    let cache: PictureDiskCache?
    /// The run's transport: offline, the disk cache alone.
    let client: HTTPClient
    let timeLimit: Duration

    /// `cache` nil: nothing is kept on disk (`--no-store`).
    public init(
        cache: PictureDiskCache?, client: HTTPClient = HTTPClient(), timeLimit: Duration = PictureLoader.timeLimit
    ) {
        self.cache = cache
        self.client = client
        self.timeLimit = timeLimit
    }

    struct NotKept: Error, CustomStringConvertible {
        var description: String { "offline, and not kept on disk" }
    }

    struct TimedOut: Error, CustomStringConvertible {
        var limit: Duration
        var description: String {
            let milliseconds =
                Int(limit.components.seconds) * 1000 + Int(limit.components.attoseconds / 1_000_000_000_000_000)
            return milliseconds % 1000 == 0
                ? "no picture within \(milliseconds / 1000) s" : "no picture within \(milliseconds) ms"
        }
    }

    /// The picture: fetched within the time limit, or the copy kept on disk when the server
    /// says it has not changed, cannot be reached, fails, or does not answer in time.
    public func picture(at url: String) async throws -> PicturePixels {
        let cached = cache?.entry(for: url)
        let bytes: [UInt8]
        if client.offline {
            guard let cached else { throw NotKept() }
            bytes = cached.bytes
        } else {
            do {
                bytes = try await withinTimeLimit { try await self.fetch(url, revalidating: cached) }
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                guard let cached, !Task.isCancelled else { throw error }
                bytes = cached.bytes
            }
        }
        try Task.checkCancellation()
        return try PictureDecoder.decode(bytes)
    }

    /// `work`'s answer, or `TimedOut` once the time limit has passed: the bound on the whole
    /// transfer, however the bytes trickle in.
    private func withinTimeLimit(_ work: @escaping @Sendable () async throws -> [UInt8]) async throws -> [UInt8] {
        try await withThrowingTaskGroup(of: [UInt8]?.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await Task.sleep(for: timeLimit)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let bytes = first else { throw TimedOut(limit: timeLimit) }
            return bytes
        }
    }

    /// The bytes from the network, conditionally when a copy is kept: a new body is kept
    /// in its place, a 304 answers with the copy.
    private func fetch(_ url: String, revalidating cached: PictureDiskCache.Entry?) async throws -> [UInt8] {
        switch try await client.picture(url, validators: cached?.validators, maxSize: Self.maxBytes, timeout: timeLimit)
        {
        case .body(let bytes, let validators):
            cache?.store(bytes, validators: validators, for: url)
            return bytes
        case .notModified:
            guard let cached else { throw PictureError.damaged(format: "picture", detail: "304 with no copy") }
            return cached.bytes
        }
    }
}
