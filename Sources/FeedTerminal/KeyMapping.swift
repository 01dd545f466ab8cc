import FeedCore

/// Bytes the terminal sends for keys, to `Key`. A table, testable without a terminal.
public enum KeyMapping {
    /// A character or control byte; nil for those bound to nothing (Tab, Backspace, the
    /// Ctrl keys no binding uses).
    public static func key(forCharacter code: UInt32) -> Key? {
        switch code {
        case 0x0A, 0x0D: .enter
        case 0x1B: .escape
        case 0x08, 0x7F: .backspace
        case 0x09, 0x00: nil
        case 0x01...0x1A: .control(Character(Unicode.Scalar(UInt8(0x60 + code))))
        case 0x1C...0x1F: nil
        default:
            Unicode.Scalar(code).map { .character(Character($0)) }
        }
    }
}
