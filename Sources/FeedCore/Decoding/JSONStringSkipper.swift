/// Where a byte-by-byte scan of JSON is inside a string, so that the brackets and quotes
/// in strings are not taken for structure.
struct JSONStringSkipper {
    private var inString = false
    private var escaped = false

    /// Takes the next byte; true when it belongs to a string (its quotes included), for
    /// the scan to skip.
    mutating func skips(_ byte: UInt8) -> Bool {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
            return true
        }
        if byte == UInt8(ascii: "\"") {
            inString = true
            return true
        }
        return false
    }
}
