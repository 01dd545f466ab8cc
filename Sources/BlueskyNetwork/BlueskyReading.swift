import FeedCore
import FeedNetwork
import FeedTransport
import FoundationEssentials

/// Where and how Bluesky's feeds are read: through the public AppView, or the reader's PDS
/// with their session.
struct BlueskyReading: Sendable {
    /// The AppView that serves public feeds without an account.
    var appView: String
    /// Handles as they resolved, kept between runs.
    var handles: (any NameMemory)?
    /// Signed in: requests go to the session's server, with its token.
    var session: BlueskySession?
    let client: HTTPClient

    /// Where requests go.
    var base: String { session?.server ?? appView }

    /// The DID `handle` names: remembered, else resolved (and then remembered).
    func did(of handle: String) async throws -> String {
        if let did = handles?.id(ofName: handle) { return did }
        let body: Data
        do {
            var request = HTTPClient.Request(url: BlueskyAddress.resolveRequest(base: base, handle: handle))
            request.timeout = .seconds(15)
            request.explainError = XRPCError.explained
            body = try await client.send(request)
        } catch Failure.httpStatus(400, _, _) {
            throw Failure.unknownHandle(handle, network: Bluesky.words.name)
        }
        struct Resolved: Decodable { var did: String }
        guard let resolved = try? JSONDecoder().decode(Resolved.self, from: body), resolved.did.hasPrefix("did:")
        else {
            throw Failure.unexpectedShape("resolveHandle of \(handle) answered no DID")
        }
        let did = TextSanitizer.singleLine(resolved.did)
        handles?.remember(name: handle, id: did)
        return did
    }

    /// The first page's request of `address`: at the reader's PDS when signed in, else the
    /// public AppView; its handle resolved (or remembered).
    func firstPage(of address: BlueskyAddress) async throws -> String {
        if address.kind == .timeline, session == nil {
            throw Failure.needsAccount(what: "The Following timeline", signIn: Bluesky.service)
        }
        let did = address.namesDID || address.kind == .timeline ? address.actor : try await did(of: address.actor)
        return address.request(base: base, did: did)
    }
}
