import FoundationEssentials
import Synchronization
import Testing

@testable import FeedTransport

/// A body's posts shown as it arrives, at most one prefix an interval (tier 1: instants
/// handed in, no clock read).
@Suite struct StreamingBodyTests {
    /// An RSS body cut into one chunk an item (the channel's start with the first).
    static func chunks(items: Int) -> [Data] {
        var chunks = (0..<items).map { index in
            Data("<item><title>Post \(index)</title><guid>g\(index)</guid></item>".utf8)
        }
        chunks[0] = Data("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>T</title>".utf8) + chunks[0]
        chunks.append(Data("</channel></rss>".utf8))
        return chunks
    }

    /// Feeds `chunks` to a streaming body at the instants `at` (milliseconds from a start);
    /// returns the prefixes handed over, as the number of items each holds, and the body.
    static func stream(
        _ chunks: [Data], at offsets: [Int],
        then check: (inout StreamingBody, Data, ContinuousClock.Instant) -> Void = {
            _, _, _ in
        }
    ) -> [Int] {
        let handed = Mutex<[Int]>([])
        var streaming = StreamingBody { document in
            let text = String(decoding: document, as: UTF8.self)
            handed.withLock { $0.append(text.components(separatedBy: "</item>").count - 1) }
        }
        let start = ContinuousClock.now
        var body = Data()
        for (chunk, offset) in zip(chunks, offsets) {
            body.append(chunk)
            chunk.withUnsafeBytes { streaming.receive($0, body: body, at: start + .milliseconds(offset)) }
        }
        check(&streaming, body, start)
        return handed.withLock { $0 }
    }

    @Test func aBurstOfChunksHandsOverItsFirstPostsOnly() {
        // Ten items within 10 ms: the first at once, the rest wait for the interval (the
        // whole body is decoded at its end anyway).
        #expect(Self.stream(Self.chunks(items: 10), at: Array(0...10)) == [1])
    }

    @Test func postsOfASlowBodyEachShowAtOnce() {
        // A post every 200 ms, as the drip server sends them: each handed over as it comes.
        let offsets = (0...5).map { $0 * 200 }
        #expect(Self.stream(Self.chunks(items: 5), at: offsets) == [1, 2, 3, 4, 5])
    }

    @Test func postsThatWaitAreHandedOverOnceTheIntervalHasPassed() {
        // Three items in 20 ms, then the body stalls: the two waiting come when the
        // transfer's loop looks again after the interval, not before.
        let handed = Self.stream(Self.chunks(items: 3), at: [0, 10, 20]) { streaming, body, start in
            #expect(streaming.nextHandOver == start + StreamingBody.interval)
            streaming.handOverIfDue(body: body, at: start + .milliseconds(99))
            #expect(streaming.isWaiting)
            streaming.handOverIfDue(body: body, at: start + .milliseconds(100))
            #expect(!streaming.isWaiting)
            #expect(streaming.nextHandOver == nil)
        }
        #expect(handed == [1, 3])
    }

    @Test func theDecodedLengthIsTheContentLengthOfAnUnencodedBody() {
        var plain = ResponseHeaders()
        for line in ["HTTP/1.1 200 OK\r\n", "Content-Length: 1234\r\n", "\r\n"] { plain.consume(line) }
        #expect(plain.decodedLength == 1234)
        // Compressed, the length is of the bytes sent, not of the body decoded.
        var gzipped = ResponseHeaders()
        for line in ["HTTP/1.1 200 OK\r\n", "Content-Length: 99\r\n", "Content-Encoding: gzip\r\n", "\r\n"] {
            gzipped.consume(line)
        }
        #expect(gzipped.decodedLength == nil)
        var chunked = ResponseHeaders()
        for line in ["HTTP/1.1 200 OK\r\n", "Transfer-Encoding: chunked\r\n", "\r\n"] { chunked.consume(line) }
        #expect(chunked.decodedLength == nil)
    }
}
