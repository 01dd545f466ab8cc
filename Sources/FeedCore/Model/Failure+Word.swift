/// A failure in a word or two, where a row has no room for its sentence: the sources
/// view's "failed: timed out".
extension Failure {
    public var word: String {
        switch self {
        case .notFound, .isDirectory: "no such file"
        case .permissionDenied: "permission"
        case .unreadable, .transfer, .system: "unreadable"
        case .tooLarge: "too large"
        case .httpStatus(let code, _, _), .retryLater(let code, _, _, _): "HTTP \(code)"
        case .timedOut, .connectTimedOut, .stalled: "timed out"
        case .notModified: "not modified"
        case .tokenOverPlainHTTP, .tokenUnset, .notSignedIn, .accountOfAnotherServer, .needsAccount, .expiredToken:
            "sign-in"
        case .unknownHandle: "unknown account"
        case .refused: "refused"
        case .unresolvedHost, .unresolvedProxy: "no such host"
        case .connectFailed, .connectionLost: "connection"
        case .secureConnection: "TLS"
        case .tooManyRedirects, .refusedRedirect: "redirects"
        case .undecodable, .empty, .notJSON, .notAFeedBody, .webPage, .tooDeep, .unexpectedShape, .invalidUTF16,
            .unrepresentableNumber, .invalidPost, .noPostReadable:
            "not a feed"
        case .noFurtherPages: "no more pages"
        case .nothingStored, .offline: "offline"
        case .outputNotTerminal, .termUnset, .termDumb, .unknownTerminal, .noKeyboard: "terminal"
        case .unexpected: "error"
        }
    }
}
