/// A cell's cluster as inline UTF-8 bytes, so that a cell owns no memory: a frame of ten
/// thousand cells is made, compared and dropped as plain bytes. It holds what ncurses can
/// draw in one cell (CCHARW_MAX: a character and four combining marks) in 15 bytes, which
/// the clusters of every script here fit; a longer cluster keeps its first scalars.
public struct CellText: Hashable, Sendable {
    static let capacity = 15
    static let maxScalars = 5
    /// Bytes 0–14: the UTF-8; byte 15: how many of them there are.
    private var storage: (UInt64, UInt64) = (0, 0)

    public init(_ text: String) {
        var count = 0
        var scalars = 0
        withUnsafeMutableBytes(of: &storage) { raw in
            for scalar in text.unicodeScalars {
                let bytes = UTF8.encode(scalar)!
                guard scalars < Self.maxScalars, count + bytes.count <= Self.capacity else { break }
                for byte in bytes {
                    raw[count] = byte
                    count += 1
                }
                scalars += 1
            }
            raw[Self.capacity] = UInt8(count)
        }
    }

    /// One scalar, without going through a `String`.
    public init(scalar: Unicode.Scalar) {
        var count = 0
        withUnsafeMutableBytes(of: &storage) { raw in
            for byte in UTF8.encode(scalar)! {
                raw[count] = byte
                count += 1
            }
            raw[Self.capacity] = UInt8(count)
        }
    }

    /// One ASCII character, without going through a `String`.
    public init(ascii byte: UInt8) {
        storage = (UInt64(byte), UInt64(1) << 56)
    }

    public var count: Int { Int(storage.1 >> 56) }

    /// Nothing: the right half of a wide cluster.
    public var isEmpty: Bool { count == 0 }

    /// The byte of a one-byte ASCII cluster.
    public var ascii: UInt8? {
        count == 1 && storage.0 & 0xFF < 0x80 ? UInt8(storage.0 & 0xFF) : nil
    }

    public var string: String {
        withUnsafeBytes(of: storage) { raw in String(decoding: raw.prefix(count), as: UTF8.self) }
    }

    // Word by word: the tuple's generic `==` is a call per cell, and frames compare
    // thousands of cells.
    @inline(__always)
    public static func == (a: CellText, b: CellText) -> Bool {
        a.storage.0 == b.storage.0 && a.storage.1 == b.storage.1
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.0)
        hasher.combine(storage.1)
    }
}
