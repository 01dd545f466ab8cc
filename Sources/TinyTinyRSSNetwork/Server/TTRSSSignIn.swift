import FeedCore
import FeedNetwork
import FeedTransport
import FoundationEssentials

/// Signing in to tt-rss: its address, the API's `login`, and what each refusal means to the
/// reader.
enum TTRSSSignIn {
    /// The tt-rss address `typed` names: https, or plain http to this machine only (the
    /// password goes in the request); its path kept (tt-rss often lives at `/tt-rss`), the
    /// API's own path and a trailing slash dropped.
    static func address(_ typed: String) throws(SignInRefused) -> String {
        var text = typed.trimmingWhitespace()
        let lower = text.lowercased()
        if lower.contains("://"), !lower.hasPrefix("https://"), !lower.hasPrefix("http://") {
            throw SignInRefused("\(typed): tt-rss is signed in to over https")
        }
        if !lower.hasPrefix("https://"), !lower.hasPrefix("http://") { text = "https://" + text }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty
        else {
            throw SignInRefused(
                "\(typed): not a tt-rss address (give its page's address, such as https://rss.example/tt-rss)")
        }
        if scheme == "http", !HTTPClient.isThisMachine(host) {
            throw SignInRefused(
                "\(typed): a password goes to tt-rss over https only (plain http only to this machine's own address)")
        }
        guard scheme == "https" || scheme == "http", url.query == nil else {
            throw SignInRefused(
                "\(typed): not a tt-rss address (give its page's address, such as https://rss.example/tt-rss)")
        }
        var path = url.path()
        for tail in ["/index.php", "/api/", "/api"] where path.hasSuffix(tail) {
            path = String(path.dropLast(tail.count))
        }
        while path.hasSuffix("/") { path.removeLast() }
        let port = url.port.map { ":\($0)" } ?? ""
        return "\(scheme)://\(host.lowercased())\(port)\(path)"
    }

    /// A session id for `username` with `password`.
    static func login(api: TTRSSAPI, username: String, password: String) async throws(TTRSSAPI.CallFailure)
        -> String
    {
        struct Session: Decodable {
            var sessionId: String
        }
        let session = try await api.call(
            "login", sid: nil, ["user": .text(username), "password": .text(password)], as: Session.self)
        return session.sessionId
    }

    /// What a refusal means, and what to do about it.
    static func explained(_ refusal: TTRSSAPI.Refusal, server: String) -> String {
        switch refusal {
        case .loginError:
            "tt-rss at \(TinyTinyRSS.shown(server)) refused the user name or password"
        case .apiDisabled:
            "tt-rss at \(TinyTinyRSS.shown(server)) has API access off for this account: turn on "
                + "“Enable API” in tt-rss's Preferences → Preferences → General, save, and sign in again"
        case .notLoggedIn:
            "tt-rss at \(TinyTinyRSS.shown(server)) ended the session"
        case .other(let word):
            "tt-rss at \(TinyTinyRSS.shown(server)) refused the request (\(word))"
        }
    }
}
