import FeedCore

/// The bytes the terminal sends, decoded: keys, mouse reports, and the terminal's own
/// replies (to a status report, device attributes, a colour query), which are never keys.
/// Any escape sequence it does not know is swallowed whole, so a late reply cannot read as
/// Esc and some letters. Pure: bytes and instants in, tokens out.
public struct InputDecoder: Sendable {
    public enum Token: Hashable, Sendable {
        case key(Key)
        /// `CSI 0 n`: the terminal has read everything sent before the status request.
        case statusReport
        /// `CSI 6 ; height ; width t`: a cell's size in pixels, asked again after a resize.
        case cellSize(CellPixels)
        /// Anything else the terminal said, or a key nothing is bound to: swallowed.
        case ignored
    }

    /// How long a lone ESC waits for the rest of a sequence before it is the Escape key.
    public static let escapeDelay: Duration = .milliseconds(25)
    /// A string sequence (OSC, DCS…) longer than this is dropped: a broken terminal must
    /// not grow the buffer without end.
    static let longestSequence = 4096

    private var pending: [UInt8] = []
    /// When the incomplete sequence in `pending` began.
    public private(set) var incompleteSince: Duration?

    public init() {}

    /// Decodes `bytes` as far as they are complete; the rest waits for more, or for
    /// `flush` once the escape delay has passed.
    public mutating func feed(_ bytes: some Sequence<UInt8>, at now: Duration) -> [Token] {
        pending.append(contentsOf: bytes)
        var tokens: [Token] = []
        var start = 0
        while start < pending.count {
            guard let (token, length) = Self.decode(pending[start...]) else { break }
            if let token { tokens.append(token) }
            start += length
        }
        pending.removeFirst(start)
        if pending.count > Self.longestSequence { pending.removeAll() }
        incompleteSince = pending.isEmpty ? nil : (incompleteSince ?? now)
        return tokens
    }

    /// After the escape delay: a lone ESC is the Escape key; any other unfinished sequence
    /// is dropped.
    public mutating func flush(at now: Duration) -> [Token] {
        guard let since = incompleteSince, now - since >= Self.escapeDelay else { return [] }
        let loneEscape = pending == [0x1B]
        pending.removeAll()
        incompleteSince = nil
        return loneEscape ? [.key(.escape)] : [.ignored]
    }

    /// The token at the start of `bytes` and its length; nil when it is not complete yet.
    /// A nil token with a length is a byte or sequence to skip.
    static func decode(_ bytes: ArraySlice<UInt8>) -> (Token?, Int)? {
        let first = bytes[bytes.startIndex]
        if first == 0x1B { return escapeSequence(bytes) }
        if first < 0x80 {
            return (KeyMapping.key(forCharacter: UInt32(first)).map(Token.key) ?? .ignored, 1)
        }
        return utf8Character(bytes)
    }

    private static func utf8Character(_ bytes: ArraySlice<UInt8>) -> (Token?, Int)? {
        let first = bytes[bytes.startIndex]
        let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 0
        guard length > 0 else { return (nil, 1) }  // a stray continuation byte
        guard bytes.count >= length else { return nil }
        let sequence = bytes.prefix(length)
        guard let scalar = String(decoding: sequence, as: UTF8.self).unicodeScalars.first, scalar != "\u{FFFD}"
        else { return (nil, 1) }
        return (.key(.character(Character(scalar))), length)
    }

    private static func escapeSequence(_ bytes: ArraySlice<UInt8>) -> (Token?, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            return controlSequence(bytes)
        case UInt8(ascii: "O"):
            guard bytes.count >= 3 else { return nil }
            return (cursorKey(bytes[start + 2]).map(Token.key) ?? .ignored, 3)
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"):
            return stringSequence(bytes)
        case 0x1B:
            return (.key(.escape), 1)  // Esc pressed twice, or Esc before a sequence
        default:
            return (.ignored, 2)  // Alt and a key: bound to nothing
        }
    }

    /// `ESC [ parameters intermediates final`, and the X10 mouse report `ESC [ M b x y`.
    private static func controlSequence(_ bytes: ArraySlice<UInt8>) -> (Token?, Int)? {
        let start = bytes.startIndex
        var index = start + 2
        while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) { index += 1 }
        guard index < bytes.endIndex else { return nil }
        let final = bytes[index]
        let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        let length = index - start + 1
        guard (0x40...0x7E).contains(final) else { return (.ignored, length) }
        if final == UInt8(ascii: "M"), parameters.isEmpty {
            guard bytes.count >= length + 3 else { return nil }
            let report = bytes[(index + 1)...(index + 3)].map { Int($0) - 32 }
            return (mouse(button: report[0], column: report[1], row: report[2], pressed: true), length + 3)
        }
        if parameters.hasPrefix("<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
            let fields = parameters.dropFirst().split(separator: ";").map { Int($0) ?? -1 }
            guard fields.count == 3 else { return (.ignored, length) }
            return (
                mouse(button: fields[0], column: fields[1], row: fields[2], pressed: final == UInt8(ascii: "M")),
                length
            )
        }
        if final == UInt8(ascii: "n") { return (parameters == "0" ? .statusReport : .ignored, length) }
        if final == UInt8(ascii: "t") {
            guard case (.cell, let size)? = CellPixels.windowReport(parameters) else { return (.ignored, length) }
            return (.cellSize(size), length)
        }
        if final == UInt8(ascii: "~") {
            let key: Key? =
                switch parameters {
                case "1", "7": .home
                case "4", "8": .end
                case "5": .pageUp
                case "6": .pageDown
                default:
                    // F1 to F12, with or without modifiers (`CSI 15;2~`).
                    Int(parameters.prefix { $0 != ";" }).flatMap { KeyMapping.functionKeyCodes[$0] }.map(Key.function)
                }
            return (key.map(Token.key) ?? .ignored, length)
        }
        // Cursor keys, with or without modifiers (`CSI 1;5A`); everything else (device
        // attributes, cursor reports, focus) is a reply.
        // `CSI 1;5R` is a cursor report at the first row as much as Ctrl-F3: a reply.
        guard parameters.isEmpty || parameters.hasPrefix("1;"), final != UInt8(ascii: "R") else {
            return (.ignored, length)
        }
        return (cursorKey(final).map(Token.key) ?? .ignored, length)
    }

    /// OSC, DCS, APC, PM and SOS: up to BEL (OSC) or ST (`ESC \`).
    private static func stringSequence(_ bytes: ArraySlice<UInt8>) -> (Token?, Int)? {
        let start = bytes.startIndex
        var index = start + 2
        while index < bytes.endIndex {
            if bytes[index] == 0x07 { return (.ignored, index - start + 1) }
            if bytes[index] == 0x1B {
                guard index + 1 < bytes.endIndex else { return nil }
                if bytes[index + 1] == UInt8(ascii: "\\") { return (.ignored, index - start + 2) }
            }
            index += 1
        }
        return nil
    }

    private static func cursorKey(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "P"): .function(1)
        case UInt8(ascii: "Q"): .function(2)
        case UInt8(ascii: "R"): .function(3)
        case UInt8(ascii: "S"): .function(4)
        default: nil
        }
    }

    /// A press of the first button is a click; the wheel scrolls; anything else (other
    /// buttons, releases, motion) is nothing.
    private static func mouse(button: Int, column: Int, row: Int, pressed: Bool) -> Token {
        guard pressed, button >= 0, row >= 1, column >= 1 else { return .ignored }
        switch button & ~0b1_1100 {  // without Shift, Alt and Ctrl
        case 0: return .key(.click(row: row - 1, column: column - 1))
        case 64: return .key(.wheelUp)
        case 65: return .key(.wheelDown)
        default: return .ignored
        }
    }
}
