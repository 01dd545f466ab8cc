import FoundationEssentials
import Glibc

/// Finds the parts of a JSON document without decoding it: the members of the top-level
/// object, the elements of an array. It lets a large feed be decoded a batch of posts at
/// a time (the first screen first) and lets the format be detected from the keys alone.
///
/// It checks only as much syntax as it needs to find boundaries; the decoder validates
/// each part. On malformed input it returns nil and the caller decodes the whole
/// document, to get the decoder's error.
public enum JSONStructure {
    /// An object's members in order (key and the byte range of its value), the elements
    /// of the lists asked for, and where the object ends.
    public struct ObjectScan {
        public var members: [(key: String, value: Range<Int>)] = []
        public var lists: [String: [Range<Int>]] = [:]
        public var end = 0
    }

    /// Scans the object starting at `start` (after whitespace) in one pass: a member named
    /// in `listKeys` whose value is an array has its elements found on the way, so a
    /// document's big list is walked once, not once to skip it and once to split it.
    public static func scanObject(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int, listKeys: Set<String> = []
    ) -> ObjectScan? {
        var index = skipWhitespace(bytes, from: start)
        guard index < limit, bytes[index] == UInt8(ascii: "{") else { return nil }
        var scan = ObjectScan()
        index = skipWhitespace(bytes, from: index + 1)
        if index < limit, bytes[index] == UInt8(ascii: "}") {
            scan.end = index + 1
            return scan
        }
        while index < limit {
            guard bytes[index] == UInt8(ascii: "\""), let keyEnd = endOfValue(bytes, from: index, limit: limit) else {
                return nil
            }
            let key = decodeKey(bytes[(index + 1)..<(keyEnd - 1)])
            index = skipWhitespace(bytes, from: keyEnd)
            guard index < limit, bytes[index] == UInt8(ascii: ":") else { return nil }
            index = skipWhitespace(bytes, from: index + 1)
            let valueEnd: Int
            if listKeys.contains(key), index < limit, bytes[index] == UInt8(ascii: "[") {
                guard let list = scanArray(bytes, from: index, limit: limit) else { return nil }
                scan.lists[key] = list.elements
                valueEnd = list.end
            } else {
                guard let end = endOfValue(bytes, from: index, limit: limit) else { return nil }
                valueEnd = end
            }
            scan.members.append((key, index..<valueEnd))
            index = skipWhitespace(bytes, from: valueEnd)
            guard index < limit else { return nil }
            if bytes[index] == UInt8(ascii: "}") {
                scan.end = index + 1
                return scan
            }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index = skipWhitespace(bytes, from: index + 1)
        }
        return nil
    }

    /// The elements of the array starting at `start` (after whitespace), and where it ends.
    public static func scanArray(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> (
        elements: [Range<Int>], end: Int
    )? {
        var index = skipWhitespace(bytes, from: start)
        guard index < limit, bytes[index] == UInt8(ascii: "[") else { return nil }
        index = skipWhitespace(bytes, from: index + 1)
        var elements: [Range<Int>] = []
        if index < limit, bytes[index] == UInt8(ascii: "]") { return (elements, index + 1) }
        while index < limit {
            guard let valueEnd = endOfValue(bytes, from: index, limit: limit) else { return nil }
            elements.append(index..<valueEnd)
            index = skipWhitespace(bytes, from: valueEnd)
            guard index < limit else { return nil }
            if bytes[index] == UInt8(ascii: "]") { return (elements, index + 1) }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index = skipWhitespace(bytes, from: index + 1)
        }
        return nil
    }

    /// The members of the object at `range` (the whole document when nil).
    public static func members(of bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>? = nil) -> [(
        key: String, value: Range<Int>
    )]? {
        scanObject(bytes, from: range?.lowerBound ?? startOfDocument(bytes), limit: range?.upperBound ?? bytes.count)?
            .members
    }

    /// The byte ranges of the elements of the array at `range` (the whole document when nil).
    public static func elements(of bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>? = nil) -> [Range<Int>]? {
        scanArray(bytes, from: range?.lowerBound ?? startOfDocument(bytes), limit: range?.upperBound ?? bytes.count)?
            .elements
    }

    /// The deepest nesting of arrays and objects in a document (strings skipped).
    public static func depth(of data: Data) -> Int {
        var depth = 0
        var deepest = 0
        var strings = JSONStringSkipper()
        for byte in data where !strings.skips(byte) {
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// What the value at `range` is: its first byte decides.
    public static func firstByte(of bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> UInt8? {
        range.isEmpty ? nil : bytes[range.lowerBound]
    }

    static func startOfDocument(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    static func skipWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return index
            }
        }
        return index
    }

    /// The index just past the value starting at `start`: a string, a container (nesting
    /// counted, strings skipped) or a scalar.
    static func endOfValue(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Int? {
        guard start < limit else { return nil }
        var index = start
        switch bytes[index] {
        case UInt8(ascii: "\""):
            // Strings are most of a feed's bytes: jump from quote to quote with memchr, and
            // count the backslashes before a quote to tell whether it is escaped.
            guard let base = bytes.baseAddress else { return nil }
            index += 1
            while index < limit {
                guard let found = memchr(base + index, Int32(UInt8(ascii: "\"")), limit - index) else { return nil }
                let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                var backslashes = 0
                while quote - backslashes - 1 >= index, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") {
                    backslashes += 1
                }
                if backslashes % 2 == 0 { return quote + 1 }
                index = quote + 1
            }
            return nil
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while index < limit {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard let end = endOfValue(bytes, from: index, limit: limit) else { return nil }
                    index = end
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default:
                    break
                }
                index += 1
            }
            return nil
        default:
            while index < limit {
                switch bytes[index] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D:
                    return index == start ? nil : index
                default:
                    index += 1
                }
            }
            return index == start ? nil : index
        }
    }

    /// A member name; names with escapes are rare in feeds and are read as written.
    private static func decodeKey(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
