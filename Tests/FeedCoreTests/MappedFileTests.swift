import Foundation
import Synchronization
import Testing

@testable import FeedCore

@Suite struct MappedFileTests {
    private func temporaryFile(_ contents: Data) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mapped-\(UUID().uuidString)").path
        try contents.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func bytesGivenBackAreReadAgainUnchanged() throws {
        let contents = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let path = try temporaryFile(contents)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try MappedFile(path: path)
        #expect(file.data == contents)
        file.release(0..<contents.count)
        file.release(5..<7)  // inside one page: nothing to give back
        file.release(-10..<10_000_000)  // out of bounds: clamped
        #expect(file.data == contents)
    }

    @Test func missingEmptyAndUnreadableFilesSayWhat() throws {
        #expect(throws: FeedError("no such file: /nonexistent/feed.json")) {
            try MappedFile(path: "/nonexistent/feed.json")
        }
        let folder = FileManager.default.temporaryDirectory.path
        #expect(throws: FeedError("\(folder) is a directory, not a feed file")) { try MappedFile(path: folder) }
        let empty = try temporaryFile(Data())
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(try MappedFile(path: empty).data.isEmpty)
    }

    @Test func theDecoderGivesBackTheWholeDocumentThenEachBatch() throws {
        let posts = (0..<(FeedDocumentDecoder.firstBatch + FeedDocumentDecoder.batchSize + 5)).map {
            #"{"id":\#($0),"author":{"name":"A"},"content":"post \#($0)","likes":1,"created_at":"2026-01-01T00:00:00Z"}"#
        }
        let data = Data(#"{"posts":[\#(posts.joined(separator: ","))]}"#.utf8)
        let ranges = Mutex<[Range<Int>]>([])
        let feed = try FeedDocumentDecoder.decode(
            data, format: .auto, consumed: { range in ranges.withLock { $0.append(range) } }, progress: nil)
        #expect(feed.posts.count == posts.count)
        let given = ranges.withLock { $0 }
        #expect(given.first == 0..<data.count)
        // Then one range a batch, in order, together covering every post.
        let batches = Array(given.dropFirst())
        #expect(batches.count == 3)
        #expect(zip(batches, batches.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound })
        #expect(String(decoding: data[batches[0]], as: UTF8.self).hasPrefix(#"{"id":0,"#))
        #expect(String(decoding: data[batches[2]], as: UTF8.self).contains("post \(posts.count - 1)"))
        #expect(
            String(decoding: data[batches[2]], as: UTF8.self).hasSuffix(
                #""likes":1,"created_at":"2026-01-01T00:00:00Z"}"#))
    }
}
