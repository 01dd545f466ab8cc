import FeedCore
import FeedNetwork
import FeedTransport
import FoundationEssentials

/// Signing in to Bluesky with an app password (`com.atproto.server.createSession`): never
/// the account's own password, which this viewer refuses before sending anything.
struct BlueskySignIn: Sendable {
    /// The server signed in to: `https://bsky.social`, or another PDS's entryway.
    let server: String
    let client: HTTPClient

    /// Whether `typed` names Bluesky's own service (`bsky.social`, `bsky.app`).
    static func isBluesky(_ server: String) -> Bool {
        let host = server.lowercased().split(separator: "/").last.map(String.init) ?? ""
        return host == "bsky.social" || host == "bsky.app"
    }

    /// The server to sign in at: Bluesky's app names its service.
    static func entryway(_ server: String) -> String {
        server.lowercased() == "https://bsky.app" ? "https://bsky.social" : server
    }

    /// Whether `password` has an app password's shape: four groups of four letters or
    /// digits (`abcd-efgh-ijkl-mnop`), as Bluesky makes them. An account's own password
    /// hardly ever does.
    static func isAppPassword(_ password: String) -> Bool {
        let groups = password.split(separator: "-", omittingEmptySubsequences: false)
        return groups.count == 4
            && groups.allSatisfy { $0.count == 4 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// What `createSession` and `refreshSession` answer: who, the tokens, and the DID
    /// document that names the account's PDS.
    struct Session: Decodable, Sendable {
        var did: String
        var handle: String
        var accessJwt: String
        var refreshJwt: String
        var didDoc: DIDDocument?

        struct DIDDocument: Decodable, Sendable {
            var service: [Service]?

            struct Service: Decodable, Sendable {
                var id: String
                var type: String?
                var serviceEndpoint: String?
            }
        }

        /// The account's PDS, from its DID document (`#atproto_pds`); nil where none is named.
        var pds: String? {
            let endpoint = didDoc?.service?.first { $0.id == "#atproto_pds" || $0.id.hasSuffix("#atproto_pds") }?
                .serviceEndpoint
            guard let endpoint, endpoint.lowercased().hasPrefix("https://") else { return nil }
            return endpoint.hasSuffix("/") ? String(endpoint.dropLast()) : endpoint
        }

        static func decode(_ data: Data) throws(Failure) -> Session {
            do {
                let session = try JSONDecoder().decode(Session.self, from: data)
                guard !session.accessJwt.isEmpty, !session.refreshJwt.isEmpty, session.did.hasPrefix("did:") else {
                    throw Failure.unexpectedShape("the session has no tokens")
                }
                return session
            } catch let failure as Failure {
                throw failure
            } catch {
                throw Failure.unexpectedShape("the session's answer cannot be read: \(error)")
            }
        }
    }

    /// A session for `handle` with `appPassword`, as an account to keep: requests go to the
    /// PDS its DID document names.
    func signIn(handle: String, appPassword: String) async throws -> Account {
        guard Self.isAppPassword(appPassword) else {
            throw SignInRefused(
                "that is not an app password (four groups of four letters or digits, such as abcd-efgh-ijkl-mnop). "
                    + "shimmerfeed takes an app password only, never the account's own password: make one in "
                    + "Bluesky's Settings → Privacy and security → App passwords")
        }
        struct Input: Encodable {
            var identifier: String
            var password: String
        }
        var request = HTTPClient.Request(url: server + "/xrpc/com.atproto.server.createSession")
        request.explainError = XRPCError.explained
        request.json = String(
            decoding: try JSONEncoder().encode(Input(identifier: handle, password: appPassword)), as: UTF8.self)
        let session: Session
        do {
            session = try Session.decode(try await client.send(request))
        } catch Failure.httpStatus(401, let reason, _) {
            throw SignInRefused("the handle or app password was refused \(reason)")
        }
        return Account(
            network: Bluesky.id, server: session.pds ?? server, username: TextSanitizer.singleLine(session.handle),
            displayName: nil, token: session.accessJwt, refreshToken: session.refreshJwt, accountID: session.did)
    }
}
