import Foundation

/// A feed from a file on disk.
public struct FileFeedLoader: FeedLoading {
    public var path: String

    public init(path: String) {
        self.path = path
    }

    public func load() async throws -> Feed {
        try Task.checkCancellation()
        let data = try Self.read(path)
        try Task.checkCancellation()
        return try FeedDocumentDecoder.decode(data)
    }

    static func read(_ path: String) throws(FeedError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FeedError("no such file: \(path)")
        }
        if isDirectory.boolValue { throw FeedError("\(path) is a directory, not a feed file") }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch CocoaError.fileReadNoPermission {
            throw FeedError("permission denied: \(path)")
        } catch {
            throw FeedError("could not read \(path): \(error.localizedDescription)")
        }
    }
}
