import FeedNetwork
import Foundation
import TestSupport
import Testing

@testable import FeedCore
@testable import FeedTransport

/// https on loopback, with a certificate the server makes at start and the loader trusts.
@Suite(.serialized) struct SecureTransportTests {
    let server: FeedServer

    init() throws {
        server = try FeedServer(tls: true)
    }

    private func loader(_ path: String, trusting: Bool = true) -> DocumentLoader {
        documentLoader(
            .url(server.secureURL(path)), timeout: .seconds(5),
            trusting: trusting ? server : nil)
    }

    @Test func aFeedLoadsOverHTTPSWithTheTrustedCertificate() async throws {
        let feed = try await loader("/feed.json").load { _, _, _ in }
        #expect(feed.posts.count == 3)
    }

    @Test func anUntrustedCertificateIsRefused() async {
        // The system's store does not know the certificate made at start.
        do {
            _ = try await loader("/feed.json", trusting: false).load { _, _, _ in }
            Issue.record("an untrusted certificate was accepted")
        } catch let error as Failure {
            #expect(error.message.hasPrefix("the secure connection to 127.0.0.1 failed"), "\(error.message)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func aRedirectFromHTTPSToHTTPIsRefused() async {
        let from = server.secureURL("/to-http").absoluteString
        let to = server.url("/feed.json").absoluteString
        do {
            _ = try await loader("/to-http").load { _, _, _ in }
            Issue.record("the redirect to http was followed")
        } catch let error as Failure {
            #expect(error.message == "refused a redirect from \(from) to \(to): it would leave https")
        } catch {
            Issue.record("\(error)")
        }
    }
}
