/// tmux's passthrough: a sequence for the terminal outside tmux, inside `ESC P tmux ;`
/// and `ESC \`, each of its escapes doubled. tmux forwards it only with the pane's
/// `allow-passthrough` on, which this program reads and never sets.
enum TmuxPassthrough {
    static func wrap(_ sequence: [UInt8]) -> [UInt8] {
        var out = Array("\u{1B}Ptmux;".utf8)
        out.reserveCapacity(sequence.count + 16)
        for byte in sequence {
            if byte == 0x1B { out.append(0x1B) }
            out.append(byte)
        }
        out += [0x1B, UInt8(ascii: "\\")]
        return out
    }
}
