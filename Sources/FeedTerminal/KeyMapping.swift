import FeedCore

/// Bytes the terminal sends for keys, to `Key`. A table, testable without a terminal.
public enum KeyMapping {
    /// A character or control byte; nil for NUL and the control bytes that are no key.
    public static func key(forCharacter code: UInt32) -> Key? {
        switch code {
        case 0x0A, 0x0D: .enter
        case 0x1B: .escape
        case 0x08, 0x7F: .backspace
        case 0x09: .tab
        case 0x00: nil
        case 0x01...0x1A: .control(Character(Unicode.Scalar(UInt8(0x60 + code))))
        case 0x1C...0x1F: nil
        default:
            Unicode.Scalar(code).map { .character(Character($0)) }
        }
    }

    /// The number of `CSI N ~` for F5 to F12 (F1 to F4 come as `SS3 P` to `SS3 S`), as xterm
    /// and VT220 number them: the gaps at 16 and 22 are theirs.
    static let functionKeyCodes = [
        15: 5, 17: 6, 18: 7, 19: 8, 20: 9, 21: 10, 23: 11, 24: 12, 11: 1, 12: 2, 13: 3, 14: 4,
    ]
}
