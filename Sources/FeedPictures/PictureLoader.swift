import FeedCore
import FeedTransport

/// A picture from the network, revalidated against the disk cache, decoded and scaled
/// down: bounded by `maxBytes` and `timeLimit`, and by `PictureDecoder.maxPixels`.
public struct PictureLoader: PictureLoading {
    /// 8 MiB.
    public static let maxBytes = 8 << 20
    public static let timeLimit: Duration = .seconds(5)

    let cache: PictureDiskCache?
    let certificateAuthorities: String?
    let timeLimit: Duration
    /// `--offline`: the disk cache alone, no network.
    let offline: Bool

    /// `cache` nil: nothing is kept on disk (`--no-store`).
    public init(
        cache: PictureDiskCache?, certificateAuthorities: String? = nil, timeLimit: Duration = PictureLoader.timeLimit,
        offline: Bool = false
    ) {
        self.cache = cache
        self.certificateAuthorities = certificateAuthorities
        self.timeLimit = timeLimit
        self.offline = offline
    }

    struct NotKept: Error, CustomStringConvertible {
        var description: String { "offline, and not kept on disk" }
    }

    struct TimedOut: Error, CustomStringConvertible {
        var limit: Duration
        var description: String { "no picture within \(Int(limit.seconds)) s" }
    }

    public func picture(at url: String) async throws -> PicturePixels {
        let bytes = try await withThrowingTaskGroup(of: [UInt8]?.self) { group in
            group.addTask { try await self.bytes(of: url) }
            group.addTask {
                try await Task.sleep(for: timeLimit)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let bytes = first else { throw TimedOut(limit: timeLimit) }
            return bytes
        }
        try Task.checkCancellation()
        return try PictureDecoder.decode(bytes)
    }

    /// The bytes: fetched, or the cached copy when the server says it has not changed or
    /// cannot be reached.
    private func bytes(of url: String) async throws -> [UInt8] {
        let cached = cache?.entry(for: url)
        if offline {
            guard let cached else { throw NotKept() }
            return cached.bytes
        }
        do {
            switch try await PictureTransfer.fetch(
                url, validators: cached?.validators, maxSize: Self.maxBytes, timeout: timeLimit,
                certificateAuthorities: certificateAuthorities)
            {
            case .body(let bytes, let validators):
                cache?.store(bytes, validators: validators, for: url)
                return bytes
            case .notModified:
                guard let cached else { throw PictureError.damaged(format: "picture", detail: "304 with no copy") }
                return cached.bytes
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            guard let cached else { throw error }
            return cached.bytes
        }
    }
}
