import FeedTransport

extension FeedServer {
    /// An HTTP client that trusts this server's certificate (its https port's) in place of
    /// the system's, the transport's other settings at their defaults.
    public var client: HTTPClient { HTTPClient(certificateAuthorities: certificate) }
}
