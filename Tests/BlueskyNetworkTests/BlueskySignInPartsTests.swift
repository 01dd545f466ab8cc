import FeedCore
import Foundation
import TestSupport
import Testing

@testable import BlueskyNetwork

/// The pure parts of signing in to Bluesky: an app password's shape, the service's names,
/// and the session's answer (recorded from bsky.social; its tokens were blanked by the
/// recorder, and are put back here).
@Suite struct BlueskySignInPartsTests {
    @Test func onlyAnAppPasswordsShapeIsTaken() {
        #expect(BlueskySignIn.isAppPassword("abcd-efgh-ijkl-mnop"))
        #expect(BlueskySignIn.isAppPassword("2b4x-ab12-zz99-q7q7"))
        for password in [
            "correct horse battery staple", "abcd-efgh-ijkl", "abcd-efgh-ijkl-mnop-qrst", "abcd-efgh-ijkl-mnopq",
            "abcd_efgh_ijkl_mnop", "abcd-efgh-ijkl-mn p", "", "abcd-éfgh-ijkl-mnop",
        ] {
            #expect(!BlueskySignIn.isAppPassword(password), "\(password)")
        }
    }

    @Test func blueskysServiceIsKnownByItsNames() {
        #expect(BlueskySignIn.isBluesky("bsky.social") && BlueskySignIn.isBluesky("https://bsky.social"))
        #expect(BlueskySignIn.isBluesky("BSKY.APP"))
        #expect(!BlueskySignIn.isBluesky("mastodon.social") && !BlueskySignIn.isBluesky("notbsky.social"))
        #expect(BlueskySignIn.entryway("https://bsky.app") == "https://bsky.social")
        #expect(BlueskySignIn.entryway("https://pds.example") == "https://pds.example")
    }

    private func recordedSession(tokens: Bool = true) throws -> Data {
        var text = try String(contentsOf: Fixtures.url("bluesky/create_session.json"), encoding: .utf8)
        if tokens {
            text = text.replacingOccurrences(of: #""accessJwt":"""#, with: #""accessJwt":"a1""#)
                .replacingOccurrences(of: #""refreshJwt":"""#, with: #""refreshJwt":"r1""#)
        }
        return Data(text.utf8)
    }

    @Test func theSessionNamesItsAccountAndItsPDS() throws {
        let session = try JSONDecoder().decode(BlueskySignIn.Session.self, from: try recordedSession())
        #expect(session.did == "did:plc:5c2r73erhng4bszmxlfdtscf" && session.handle == "bskyr.bsky.social")
        #expect(session.pds == "https://puffball.us-east.host.bsky.network")
        #expect((session.accessJwt, session.refreshJwt) == ("a1", "r1"))
        // A PDS over plain http is not one to send a token to.
        var plain = session
        plain.didDoc?.service?[0].serviceEndpoint = "http://pds.example"
        #expect(plain.pds == nil)
        plain.didDoc = nil
        #expect(plain.pds == nil)
    }
}
