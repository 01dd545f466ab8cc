import FoundationEssentials

/// How a document starts, which tells its kind: the first byte after a UTF-8 byte-order
/// mark and white space (`{` or `[` for JSON, `<` for XML).
public enum DocumentStart {
    /// That byte among the first `limit` bytes; nil when there is none yet.
    public static func firstByte(of data: Data, within limit: Int = 64) -> UInt8? {
        let head = data.prefix(limit)
        let body = head.starts(with: [0xEF, 0xBB, 0xBF]) ? head.dropFirst(3) : head[...]
        return body.first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }
    }
}
