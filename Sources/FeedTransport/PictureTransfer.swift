import FeedCore
import FoundationEssentials

/// A picture's bytes over HTTP: the transport's rules hold as for feeds (no token is ever
/// sent: a picture's host is not the feed's; https never redirects down to http), with
/// bounds of their own.
public enum PictureTransfer {
    public enum Answer: Sendable {
        case body([UInt8], HTTPValidators)
        /// The copy the validators name is still the picture.
        case notModified
    }

    static let accept = "image/png,image/jpeg,image/gif,image/webp;q=0.9,*/*;q=0.1"

    /// Fetches `url`, conditionally when `validators` are given. `timeout` bounds the wait
    /// for each byte; the whole load's bound is the caller's.
    public static func fetch(
        _ url: String, validators: HTTPValidators? = nil, maxSize: Int, timeout: Duration,
        certificateAuthorities: String? = nil
    ) async throws -> Answer {
        do {
            let response = try await HTTPFetcher.fetch(
                CurlTransfer.Request(
                    url: url, timeout: timeout, maxSize: maxSize, accept: accept,
                    certificateAuthorities: certificateAuthorities, extraHeaders: validators?.requestLines ?? [],
                    bearerToken: nil))
            return .body(Array(response.body), response.headers.validators)
        } catch Failure.notModified {
            return .notModified
        }
    }
}
