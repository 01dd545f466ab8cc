import FoundationEssentials

/// The clipboard through the terminal: OSC 52, which xterm, kitty, foot, WezTerm, iTerm2
/// and others take, over SSH too, since it travels with the output; tmux passes it on to
/// its own terminal with `set -g set-clipboard on`.
enum Clipboard {
    /// `ESC ] 52 ; c ; BASE64 BEL`: `c`, the clipboard (not the primary selection).
    static func sequence(for text: String) -> [UInt8] {
        Array("\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}".utf8)
    }
}
