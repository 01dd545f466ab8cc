import FeedCore
import FeedTransport
import FoundationEssentials

/// Signing in to Bluesky with an app password (`com.atproto.server.createSession`): never
/// the account's own password, which this viewer refuses before sending anything.
public struct BlueskySignIn: Sendable {
    /// The server signed in to: `https://bsky.social`, or another PDS's entryway.
    public let server: String
    public let certificateAuthorities: String?

    public init(server: String, certificateAuthorities: String?) {
        self.server = server
        self.certificateAuthorities = certificateAuthorities
    }

    /// Whether `typed` names Bluesky's own service (`bsky.social`, `bsky.app`).
    public static func isBluesky(_ server: String) -> Bool {
        let host = server.lowercased().split(separator: "/").last.map(String.init) ?? ""
        return host == "bsky.social" || host == "bsky.app"
    }

    /// The server to sign in at: Bluesky's app names its service.
    public static func entryway(_ server: String) -> String {
        server.lowercased() == "https://bsky.app" ? "https://bsky.social" : server
    }

    /// Whether `password` has an app password's shape: four groups of four letters or
    /// digits (`abcd-efgh-ijkl-mnop`), as Bluesky makes them. An account's own password
    /// hardly ever does.
    public static func isAppPassword(_ password: String) -> Bool {
        let groups = password.split(separator: "-", omittingEmptySubsequences: false)
        return groups.count == 4
            && groups.allSatisfy { $0.count == 4 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// What `createSession` and `refreshSession` answer: who, the tokens, and the DID
    /// document that names the account's PDS.
    public struct Session: Decodable, Sendable {
        public var did: String
        public var handle: String
        public var accessJwt: String
        public var refreshJwt: String
        public var didDoc: DIDDocument?

        public struct DIDDocument: Decodable, Sendable {
            public var service: [Service]?

            public struct Service: Decodable, Sendable {
                public var id: String
                public var type: String?
                public var serviceEndpoint: String?
            }
        }

        /// The account's PDS, from its DID document (`#atproto_pds`); nil where none is named.
        public var pds: String? {
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
    public func signIn(handle: String, appPassword: String) async throws -> Account {
        guard Self.isAppPassword(appPassword) else {
            throw MastodonSignIn.Refused(
                "that is not an app password (four groups of four letters or digits, such as abcd-efgh-ijkl-mnop). "
                    + "shimmerfeed takes an app password only, never the account's own password: make one in "
                    + "Bluesky's Settings → Privacy and security → App passwords")
        }
        struct Input: Encodable {
            var identifier: String
            var password: String
        }
        var request = APIClient.Request(
            url: server + "/xrpc/com.atproto.server.createSession", certificateAuthorities: certificateAuthorities)
        request.json = String(
            decoding: try JSONEncoder().encode(Input(identifier: handle, password: appPassword)), as: UTF8.self)
        let session: Session
        do {
            session = try Session.decode(try await APIClient.send(request))
        } catch Failure.httpStatus(401, let reason, _) {
            throw MastodonSignIn.Refused("the handle or app password was refused \(reason)")
        }
        return Account(
            network: .bluesky, server: session.pds ?? server, username: TextSanitizer.singleLine(session.handle),
            displayName: nil, clientID: "", clientSecret: "", token: session.accessJwt,
            refreshToken: session.refreshJwt,
            did: session.did)
    }
}
