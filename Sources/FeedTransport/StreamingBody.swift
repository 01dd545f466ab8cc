import FeedCore
import FoundationEssentials

/// A body watched as it arrives: each time another post in it is complete, the body so
/// far, cut after that post and closed, goes to the listener, which shows the posts while
/// the rest is on its way.
///
/// At most one prefix an interval: a body that arrives in a burst of chunks (most do, a
/// few milliseconds apart) has its first posts shown at once and is then decoded whole at
/// its end, not once more for each chunk. Posts completed meanwhile wait for the interval
/// to pass (`handOverIfDue`), so a body that stalls still shows them.
struct StreamingBody {
    /// Past this, a body is decoded once, at its end: decoding a growing prefix again and
    /// again would cost more than waiting. Slow feeds, the ones worth watching, are small.
    static let limit = 1 << 20
    /// The least time between two prefixes handed over: a slow feed's posts, the ones
    /// worth showing early, come further apart than this.
    static let interval: Duration = .milliseconds(100)

    private var prefix: StreamingPrefix?
    private let listener: @Sendable (Data) -> Void
    /// When the last prefix was handed over.
    private var handedOverAt: ContinuousClock.Instant?
    /// A post completed since then, not yet handed over.
    private(set) var isWaiting = false

    init(listener: @escaping @Sendable (Data) -> Void) {
        self.listener = listener
    }

    /// `chunk` has just been appended to `body`, at `now`.
    mutating func receive(_ chunk: UnsafeRawBufferPointer, body: Data, at now: ContinuousClock.Instant) {
        guard body.count <= Self.limit else { return }
        if prefix == nil {
            // The document's kind shows in its first byte that is not white space.
            guard let first = DocumentStart.firstByte(of: body, within: body.count) else { return }
            // What came before this chunk was white space: nothing to scan.
            prefix = StreamingPrefix(
                kind: first == UInt8(ascii: "<") ? .xml : .json, offset: body.count - chunk.count)
        }
        guard prefix!.scan(chunk) else { return }
        isWaiting = true
        handOverIfDue(body: body, at: now)
    }

    /// Hands over the posts completed so far when the interval since the last has passed.
    mutating func handOverIfDue(body: Data, at now: ContinuousClock.Instant) {
        guard isWaiting, nextHandOver.map({ now >= $0 }) ?? true, let cut = prefix?.cut else { return }
        isWaiting = false
        handedOverAt = now
        var document = Data(body.prefix(cut.length))
        document.append(contentsOf: cut.closing.utf8)
        listener(document)
    }

    /// When posts waiting may be handed over; nil when none wait.
    var nextHandOver: ContinuousClock.Instant? {
        guard isWaiting else { return nil }
        return handedOverAt.map { $0 + Self.interval }
    }
}
