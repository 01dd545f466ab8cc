import Foundation
import Synchronization
import Testing
import WebFeedNetwork

@testable import FeedCore
@testable import FeedTransport

@Suite struct MappedFileTests {
    private func temporaryFile(_ contents: Data) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mapped-\(UUID().uuidString)").path
        try contents.write(to: URL(fileURLWithPath: path))
        return path
    }

    private func mapped(_ path: String, maxSize: Int = ByteCount.defaultLimit) async throws -> MappedFile {
        guard case .mapped(let file) = try await FileSource.open(path, maxSize: maxSize) else {
            throw Failure.unexpected("\(path) was not mapped")
        }
        return file
    }

    @Test func bytesGivenBackAreReadAgainUnchanged() async throws {
        let contents = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let path = try temporaryFile(contents)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try await mapped(path)
        #expect(file.data == contents)
        file.release(0..<contents.count)
        file.release(5..<7)  // inside one page: nothing to give back
        file.release(-10..<10_000_000)  // out of bounds: clamped
        #expect(file.data == contents)
    }

    @Test func missingEmptyAndUnreadableFilesSayWhat() async throws {
        await #expect(throws: Failure.notFound(path: "/nonexistent/feed.json")) {
            try await FileSource.open("/nonexistent/feed.json", maxSize: 1 << 20)
        }
        let folder = FileManager.default.temporaryDirectory.path
        await #expect(throws: Failure.isDirectory(path: folder)) {
            try await FileSource.open(folder, maxSize: 1 << 20)
        }
        let empty = try temporaryFile(Data())
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(try await mapped(empty).data.isEmpty)
    }

    @Test func aFileOverTheLimitIsRefusedBeforeItIsRead() async throws {
        let path = try temporaryFile(Data(count: 3000))
        defer { try? FileManager.default.removeItem(atPath: path) }
        await #expect(throws: Failure.tooLarge(limit: 2048, what: path)) {
            try await FileSource.open(path, maxSize: 2048)
        }
        #expect(try await mapped(path, maxSize: 3000).data.count == 3000)
    }

    @Test func aDeviceIsReadAsAStreamUpToTheLimit() async throws {
        await #expect(throws: Failure.tooLarge(limit: 64 << 10, what: "/dev/zero")) {
            try await FileSource.open("/dev/zero", maxSize: 64 << 10)
        }
    }

    @Test func theDecoderGivesBackTheWholeDocumentThenEachBatch() throws {
        let posts = (0..<(FeedDocumentDecoder.firstBatch + FeedDocumentDecoder.batchSize + 5)).map {
            #"{"id":\#($0),"author":{"name":"A"},"content":"post \#($0)","likes":1,"created_at":"2026-01-01T00:00:00Z"}"#
        }
        let data = Data(#"{"posts":[\#(posts.joined(separator: ","))]}"#.utf8)
        let ranges = Mutex<[Range<Int>]>([])
        let feed = try FeedDocumentDecoder.decode(
            data, formats: WebFeeds().formats.json, asked: nil,
            consumed: { range in ranges.withLock { $0.append(range) } },
            progress: nil)
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
