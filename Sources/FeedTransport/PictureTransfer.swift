import FeedCore

/// A picture's bytes over HTTP (`HTTPClient.picture`): the transport's rules hold as for
/// feeds (no token is ever sent; https never redirects down to http), with bounds of their
/// own.
public enum PictureTransfer {
    public enum Answer: Sendable {
        case body([UInt8], HTTPValidators)
        /// The copy the validators name is still the picture.
        case notModified
    }

    static let accept = "image/png,image/jpeg,image/gif,image/webp;q=0.9,*/*;q=0.1"
}
