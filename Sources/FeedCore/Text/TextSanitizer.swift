/// Makes untrusted feed text safe to hand to the terminal layer.
///
/// ncurses draws ESC, BEL, DEL and C1 inert, but newline, carriage return, backspace and
/// tab still move its cursor, NUL cuts a string at the C boundary, and bidi controls pass
/// through raw. So every string from a feed passes through here once, at the model
/// boundary: escape sequences go whole (not just their ESC, which would leave `[2J`
/// visible), controls go, and one-line fields lose their line breaks and bidi controls.
/// Last, emoji sequences are put in forms every terminal measures alike
/// (`EmojiNormalizer`), so that no post can shift the columns to its right.
public enum TextSanitizer {
    /// Text that may span lines (a post's content): keeps newlines and tabs, turns `\r\n`,
    /// lone `\r` and the Unicode line and paragraph separators into `\n`.
    public static func multiline(_ text: String) -> String {
        // Most feed text is plain printable ASCII with newlines: nothing to do.
        if text.utf8.allSatisfy({ (0x20...0x7E).contains($0) || $0 == 0x0A || $0 == 0x09 }) { return text }
        var output = String.UnicodeScalarView()
        var afterCarriageReturn = false
        strip(text) { scalar in
            switch scalar.value {
            case 0x0A where afterCarriageReturn: break  // the second half of `\r\n`
            case 0x0D, 0x2028, 0x2029: output.append("\n")
            default: output.append(scalar)
            }
            afterCarriageReturn = scalar.value == 0x0D
        }
        return EmojiNormalizer.normalize(String(output))
    }

    /// Text shown on one line (a name, a handle, a title, a URL): line breaks and tabs
    /// fold into single spaces, bidi overrides and isolates go, ends are trimmed.
    public static func singleLine(_ text: String) -> String {
        if isPlainSingleLine(text) { return text }
        var output = String.UnicodeScalarView()
        var pendingSpace = false
        strip(text) { scalar in
            if isBidiControl(scalar) { return }
            if scalar.properties.isWhitespace {
                pendingSpace = !output.isEmpty
                return
            }
            if pendingSpace {
                output.append(" ")
                pendingSpace = false
            }
            output.append(scalar)
        }
        return EmojiNormalizer.normalize(String(output))
    }

    /// Printable ASCII without doubled, leading or trailing spaces: already what
    /// `singleLine` would make of it.
    private static func isPlainSingleLine(_ text: String) -> Bool {
        var previous: UInt8 = 0x20
        for byte in text.utf8 {
            guard (0x20...0x7E).contains(byte), !(byte == 0x20 && previous == 0x20) else { return false }
            previous = byte
        }
        return previous != 0x20 || text.isEmpty
    }

    /// Bidi embedding, override and isolate controls: they can make a one-line field
    /// display in an order other than the one it is stored in.
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    private enum State {
        case text
        case escape  // after ESC
        case escapeIntermediate  // ESC followed by 0x20...0x2F: waiting for the final byte
        case controlSequence  // CSI: parameters and intermediates until a final byte
        case controlString  // OSC, DCS, SOS, PM, APC: until BEL or ST
        case controlStringEscape  // ESC inside a control string: ST if `\` follows
    }

    /// Walks the scalars, dropping escape sequences and controls, and hands every scalar
    /// that survives to `emit` (newline and tab included).
    private static func strip(_ text: String, emit: (Unicode.Scalar) -> Void) {
        var state = State.text
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch state {
            case .text:
                state = textState(after: scalar, emit: emit)
            case .escape:
                state = escapeState(after: scalar, emit: emit)
            case .escapeIntermediate:
                switch value {
                case 0x20...0x2F: break
                case 0x30...0x7E: state = .text
                default: state = textState(after: scalar, emit: emit)
                }
            case .controlSequence:
                switch value {
                case 0x20...0x3F: break  // parameters and intermediates
                case 0x40...0x7E: state = .text  // the final byte ends it
                default: state = textState(after: scalar, emit: emit)  // malformed: stop here
                }
            case .controlString:
                switch value {
                case 0x07, 0x9C: state = .text  // BEL or 8-bit ST
                case 0x1B: state = .controlStringEscape
                default: break
                }
            case .controlStringEscape:
                // ESC \ is ST; any other ESC aborts the string and starts a new sequence.
                state = value == 0x5C ? .text : escapeState(after: scalar, emit: emit)
            }
        }
    }

    private static func textState(after scalar: Unicode.Scalar, emit: (Unicode.Scalar) -> Void)
        -> State
    {
        switch scalar.value {
        case 0x1B: return .escape
        case 0x9B: return .controlSequence  // 8-bit CSI
        case 0x90, 0x98, 0x9D, 0x9E, 0x9F: return .controlString  // 8-bit DCS SOS OSC PM APC
        case 0x09, 0x0A, 0x0D: emit(scalar)
        case 0x00...0x1F, 0x7F, 0x80...0x9F: break  // other controls: dropped
        case 0xFEFF: break  // a byte-order mark inside text draws as nothing useful
        default: emit(scalar)
        }
        return .text
    }

    /// The state after ESC and then `scalar`.
    private static func escapeState(after scalar: Unicode.Scalar, emit: (Unicode.Scalar) -> Void)
        -> State
    {
        switch scalar.value {
        case 0x5B: .controlSequence  // [
        case 0x5D, 0x50, 0x58, 0x5E, 0x5F: .controlString  // ] P X ^ _
        case 0x20...0x2F: .escapeIntermediate
        case 0x30...0x7E: .text  // a two-byte sequence, gone whole
        default: textState(after: scalar, emit: emit)
        }
    }
}
