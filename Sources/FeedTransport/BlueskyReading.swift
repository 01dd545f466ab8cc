import FeedCore
import FoundationEssentials

/// Handles as they resolved, kept between runs (the store's): a feed named by a handle
/// is asked for by its account's DID.
public protocol HandleMemory: Sendable {
    func did(ofHandle handle: String) -> String?
    func remember(handle: String, did: String)
}

/// A signed-in session whose access token goes with each request to its server, and is
/// refreshed when the server says it has expired.
public protocol SessionTokens: Sendable {
    /// The server the session's requests go to (the account's PDS): `https://host[:port]`.
    var server: String { get }
    func accessToken() -> String
    /// A fresh access token in place of `token`, which the server said has expired; one
    /// refresh however many requests met the expiry at once.
    func refreshed(replacing token: String) async throws -> String
}

/// Where and how Bluesky's feeds are read: through the public AppView, or the reader's
/// PDS with their session.
public struct BlueskyReading: Sendable {
    /// The AppView that serves public feeds without an account.
    public var appView: String
    public var handles: (any HandleMemory)?
    /// Signed in: requests go to the session's server, with its token.
    public var session: (any SessionTokens)?

    public init(
        appView: String = BlueskyAddress.publicAppView, handles: (any HandleMemory)? = nil,
        session: (any SessionTokens)? = nil
    ) {
        self.appView = appView
        self.handles = handles
        self.session = session
    }

    /// Where requests go.
    var base: String { session?.server ?? appView }

    /// The DID `handle` names: remembered, else resolved (and then remembered).
    func did(of handle: String, certificateAuthorities: String?) async throws -> String {
        if let did = handles?.did(ofHandle: handle) { return did }
        let body: Data
        do {
            var request = APIClient.Request(
                url: BlueskyAddress.resolveRequest(base: base, handle: handle),
                certificateAuthorities: certificateAuthorities)
            request.timeout = .seconds(15)
            body = try await APIClient.send(request)
        } catch Failure.httpStatus(400, _, _) {
            throw Failure.unknownHandle(handle)
        }
        struct Resolved: Decodable { var did: String }
        guard let resolved = try? JSONDecoder().decode(Resolved.self, from: body), resolved.did.hasPrefix("did:")
        else {
            throw Failure.unexpectedShape("resolveHandle of \(handle) answered no DID")
        }
        let did = TextSanitizer.singleLine(resolved.did)
        handles?.remember(handle: handle, did: did)
        return did
    }
}
