import FeedCore

/// Why signing in or out did not happen, in words for the reader: "login: …".
public struct SignInRefused: Error, CustomStringConvertible, Equatable {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

extension SignInRefused {
    /// The server the reader typed after `login`: a host, or an https URL (a path is
    /// dropped), as `https://host[:port]`. `example` names a host of the network's, for
    /// the message when it is none.
    public static func server(_ typed: String, example: String) throws(SignInRefused) -> String {
        var text = typed.trimmingWhitespace()
        if text.lowercased().hasPrefix("http://") {
            throw SignInRefused("\(typed): a server is signed in to over https only")
        }
        if text.lowercased().hasPrefix("https://") { text = String(text.dropFirst("https://".count)) }
        let host = text.prefix { $0 != "/" && $0 != "?" && $0 != "#" }.lowercased()
        let allowed = host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-.:[]".contains($0)) }
        guard !host.isEmpty, allowed, !host.hasPrefix("."), !host.hasPrefix(":") else {
            throw SignInRefused("\(typed): not a server's name (give a host, such as \(example))")
        }
        return "https://" + host
    }
}
