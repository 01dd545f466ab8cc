import Foundation
import TestSupport
import Testing

@testable import FeedCore
@testable import FeedTransport

/// The one HTTP client: a secret (a token, a form) over https only; a public GET over http
/// too; nothing to anything but the web; an `Idempotency-Key` sent as the header; offline,
/// nothing sent at all.
@Suite(.serialized) struct HTTPClientTests {
    let server: FeedServer

    init() throws {
        server = try FeedServer()
    }

    private func failure(_ request: HTTPClient.Request, client: HTTPClient = HTTPClient()) async -> Failure? {
        do {
            _ = try await client.send(request)
            return nil
        } catch {
            return error as? Failure
        }
    }

    @Test func aPublicGetGoesOverHTTPButATokenOrAFormNever() async throws {
        let url = server.url("/api/v1/timelines/public").absoluteString
        let body = try await HTTPClient().send(HTTPClient.Request(url: url))
        #expect(String(decoding: body, as: UTF8.self).hasPrefix("[{"))
        let token = await failure(HTTPClient.Request(url: url, bearerToken: "secret"))
        #expect(token?.message == "a token is sent over https only, not to http://127.0.0.1")
        let form = await failure(HTTPClient.Request(url: url, form: [("client_secret", "secret")]))
        #expect(form?.message.hasPrefix("a token is sent over https only") == true)
        let heard = try server.get("/mastodon-api/log")
        #expect(!heard.contains("\"bearer\": true"), "nothing with a secret was sent")
    }

    @Test func nothingGoesToAnAddressThatIsNotTheWebs() async {
        for url in ["file:///etc/passwd", "ftp://127.0.0.1/x", "gopher://127.0.0.1/"] {
            let refused = await failure(HTTPClient.Request(url: url))
            #expect(refused?.message == "not a web address: \(url)", "\(url)")
        }
    }

    /// `--offline`: every kind of request fails saying so, and not one reaches the server.
    @Test func offlineNothingIsSentAndEveryRequestSaysSo() async throws {
        let client = HTTPClient(offline: true)
        let url = server.url("/auth-echo?offline").absoluteString
        #expect(await failure(HTTPClient.Request(url: url), client: client) == .offline)
        await #expect(throws: Failure.offline) { try await client.document(url) }
        await #expect(throws: Failure.offline) { try await client.picture(url, maxSize: 1 << 20, timeout: .seconds(5)) }
        #expect(try await client.stream(url, token: nil, silence: .seconds(5)) { _ in } == .failed(.offline))
        #expect(!(try server.get("/auth-log")).contains("offline"), "nothing reached the server")
        // The same client online: the request goes.
        var online = client
        online.offline = false
        _ = try await online.document(url)
        #expect(try server.get("/auth-log").contains("offline"))
    }

    /// The client's settings go with each request: the certificates it trusts (none here:
    /// the loopback server's is refused), the bound on a document's size.
    @Test func theClientsSettingsGoWithEachRequest() async throws {
        let tls = try FeedServer(tls: true)
        let url = tls.secureURL("/feed.json").absoluteString
        await #expect(throws: Failure.self) { try await HTTPClient().document(url) }
        let trusting = tls.client
        #expect(try await trusting.document(url).body.count > 0)
        var small = tls.client
        small.maxSize = 16
        await #expect(throws: Failure.tooLarge(limit: 16, what: "the response")) { try await small.document(url) }
    }
}

/// A request's secrets over plain http: never, but to this machine's own address where the
/// request allows it (a reader server run here, signed in to as `http://127.0.0.1/…`).
@Suite struct PlainHTTPToThisMachineTests {
    @Test func secretsGoOverPlainHTTPToThisMachineOnlyWhenAllowed() async throws {
        let server = try FeedServer()
        var request = HTTPClient.Request(url: server.url("/api/").absoluteString)
        request.json = #"{"op":"login","password":"secret"}"#
        await #expect(throws: Failure.tokenOverPlainHTTP(host: "127.0.0.1")) {
            try await HTTPClient().send(request)
        }
        request.plainToThisMachine = true
        // Sent: the loopback server answers it (a 404, as it knows no such API).
        await #expect(throws: Failure.httpStatus(code: 404, reason: "Not Found", url: request.url)) {
            try await HTTPClient().send(request)
        }
        var elsewhere = HTTPClient.Request(url: "http://rss.example/api/")
        elsewhere.json = request.json
        elsewhere.plainToThisMachine = true
        await #expect(throws: Failure.tokenOverPlainHTTP(host: "rss.example")) {
            try await HTTPClient().send(elsewhere)
        }
    }

    @Test func thisMachineIsItsLoopbackAddresses() {
        #expect(HTTPClient.isThisMachine("127.0.0.1") && HTTPClient.isThisMachine("127.1.2.3"))
        #expect(HTTPClient.isThisMachine("LOCALHOST") && HTTPClient.isThisMachine("::1"))
        #expect(!HTTPClient.isThisMachine("128.0.0.1") && !HTTPClient.isThisMachine("localhost.example"))
    }
}
