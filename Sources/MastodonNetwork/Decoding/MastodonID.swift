import FeedCore

extension NetworkID {
    /// Mastodon's name in posts, accounts and the store: with the decoders, which name
    /// the network of every post they read.
    static let mastodon = NetworkID("mastodon")
}
