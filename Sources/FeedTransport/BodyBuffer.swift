import FoundationEssentials

/// A body as it arrives, chunk by chunk, never holding more than its limit: the chunk
/// that would pass the limit is refused whole, so memory stays at the limit however
/// much the source sends (an endless stream, a gzip bomb: the limit counts decoded bytes).
struct BodyBuffer {
    let limit: Int
    private(set) var data = Data()

    init(limit: Int, expected: Int? = nil) {
        self.limit = limit
        if let expected, expected > 0 { data.reserveCapacity(min(expected, limit)) }
    }

    var count: Int { data.count }

    /// Adds `chunk`; false, adding nothing, when it would take the body past the limit.
    mutating func append(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard chunk.count <= limit - data.count else { return false }
        data.append(contentsOf: chunk)
        return true
    }
}
