import FeedCore
import FoundationEssentials

/// A body watched as it arrives: each time another post in it is complete, the body so
/// far, cut after that post and closed, goes to the listener, which shows the posts while
/// the rest is on its way.
struct StreamingBody {
    /// Past this, a body is decoded once, at its end: decoding a growing prefix again and
    /// again would cost more than waiting. Slow feeds, the ones worth watching, are small.
    static let limit = 1 << 20

    private var prefix: StreamingPrefix?
    private let listener: @Sendable (Data) -> Void

    init(listener: @escaping @Sendable (Data) -> Void) {
        self.listener = listener
    }

    /// `chunk` has just been appended to `body`.
    mutating func take(_ chunk: UnsafeRawBufferPointer, body: Data) {
        guard body.count <= Self.limit else { return }
        if prefix == nil {
            // The document's kind shows in its first byte that is not white space.
            guard let first = DocumentStart.firstByte(of: body, within: body.count) else { return }
            // What came before this chunk was white space: nothing to scan.
            prefix = StreamingPrefix(
                kind: first == UInt8(ascii: "<") ? .xml : .json, offset: body.count - chunk.count)
        }
        guard prefix!.take(chunk), let cut = prefix?.cut else { return }
        var document = Data(body.prefix(cut.length))
        document.append(contentsOf: cut.closing.utf8)
        listener(document)
    }
}
