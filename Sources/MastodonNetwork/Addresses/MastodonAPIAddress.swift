import FoundationEssentials

extension URL {
    /// For an address of Mastodon's API (`/api/v1/…`: a timeline, an account's statuses),
    /// its server as the reader names it: the host, and the port where there is one
    /// ("mastodon.example", "127.0.0.1:8443"). Nil for any other address.
    var mastodonAPIHost: String? {
        guard path().hasPrefix("/api/v1/"), let host = host() else { return nil }
        return port.map { "\(host):\($0)" } ?? host
    }
}
