/// FNV-1a, 64 bits: a digest that is the same on every run (Swift's `Hasher` is seeded
/// per process), for ids, versions and file names made from content.
public struct FNV1a: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= 0x100_0000_01b3
        }
    }

    /// Ends a field, so that moving bytes from one field to the next changes the digest.
    public mutating func endField() {
        add(CollectionOfOne(0x1F))
    }

    /// The digest as 16 hexadecimal digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
