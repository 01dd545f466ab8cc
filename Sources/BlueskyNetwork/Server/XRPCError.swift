import FeedCore
import FeedTransport
import FoundationEssentials

/// An AT Protocol server's error answer, `{"error": "InvalidRequest", "message": "…"}`:
/// its words join the status's, so that "HTTP 400" says what was wrong.
enum XRPCError {
    private struct Body: Decodable {
        var error: String?
        var message: String?
    }

    /// The error's name and message, from a body that is one; nil otherwise.
    static func words(of body: [UInt8]) -> (error: String?, message: String?)? {
        guard !body.isEmpty, let decoded = try? JSONDecoder().decode(Body.self, from: Data(body)),
            decoded.error != nil || decoded.message != nil
        else { return nil }
        return (decoded.error.map(TextSanitizer.singleLine), decoded.message.map(TextSanitizer.singleLine))
    }

    /// `failure` with the server's words in place of the status's reason phrase.
    static func explained(_ failure: Failure, body: [UInt8]) -> Failure {
        guard let words = words(of: body), let said = words.message ?? words.error, !said.isEmpty else {
            return failure
        }
        // A PDS answers an access token past its time with 400 (or 401) `ExpiredToken`.
        if words.error == "ExpiredToken", case .httpStatus(let code, _, let url) = failure, code == 400 || code == 401 {
            return .expiredToken(host: HTTPClient.host(of: url), signIn: Bluesky.service)
        }
        switch failure {
        case .httpStatus(let code, _, let url): return .httpStatus(code: code, reason: "(\(said))", url: url)
        case .retryLater(let code, _, let url, let seconds):
            return .retryLater(code: code, reason: "(\(said))", url: url, seconds: seconds)
        default: return failure
        }
    }
}
