import Foundation
import TestSupport
import Testing

@testable import FeedCore
@testable import FeedTransport

/// The API client: a secret (a token, a form) over https only; a public GET over http too;
/// nothing to anything but the web; an `Idempotency-Key` sent as the header.
@Suite(.serialized) struct APIClientTests {
    let server: FeedServer

    init() throws {
        server = try FeedServer()
    }

    private func failure(_ request: APIClient.Request) async -> Failure? {
        do {
            _ = try await APIClient.send(request)
            return nil
        } catch {
            return error as? Failure
        }
    }

    @Test func aPublicGetGoesOverHTTPButATokenOrAFormNever() async throws {
        let url = server.url("/api/v1/timelines/public").absoluteString
        let body = try await APIClient.send(APIClient.Request(url: url))
        #expect(String(decoding: body, as: UTF8.self).hasPrefix("[{"))
        let token = await failure(APIClient.Request(url: url, bearerToken: "secret"))
        #expect(token?.message == "a token is sent over https only, not to http://127.0.0.1")
        let form = await failure(APIClient.Request(url: url, form: [("client_secret", "secret")]))
        #expect(form?.message.hasPrefix("a token is sent over https only") == true)
        let heard = try server.get("/mastodon-api/log")
        #expect(!heard.contains("\"bearer\": true"), "nothing with a secret was sent")
    }

    @Test func nothingGoesToAnAddressThatIsNotTheWebs() async {
        for url in ["file:///etc/passwd", "ftp://127.0.0.1/x", "gopher://127.0.0.1/"] {
            let refused = await failure(APIClient.Request(url: url))
            #expect(refused?.message == "not a web address: \(url)", "\(url)")
        }
    }
}
