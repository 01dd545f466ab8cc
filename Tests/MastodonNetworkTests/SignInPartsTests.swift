import FeedCore
import FeedNetwork
import FeedTransport
import Foundation
import Testing

@testable import MastodonNetwork

/// The pure parts of signing in: the digest and encodings PKCE is made of, the redirect's
/// checks, and what the reader may type as a server.
@Suite struct SignInPartsTests {
    private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    /// FIPS 180-4's examples, and a message a block long to the padding's byte.
    @Test func sha256MatchesTheStandardsExamples() {
        #expect(hex(SHA256.digest([UInt8]())) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            hex(SHA256.digest(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            hex(SHA256.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            hex(SHA256.digest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        // 55 and 56 bytes: the length fits in the block, or takes another.
        #expect(
            hex(SHA256.digest([UInt8](repeating: 0x61, count: 55)))
                == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        #expect(
            hex(SHA256.digest([UInt8](repeating: 0x61, count: 56)))
                == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
    }

    /// RFC 7636, appendix B: its verifier and challenge.
    @Test func pkceChallengeIsTheRFCsExample() throws {
        #expect(
            PKCE.challenge(of: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
                == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(
            Base64URL.encode([3, 236, 255, 224, 193]) == "A-z_4ME", "RFC 7636 appendix A's octets, no padding")
        let made = try PKCE.make()
        let again = try PKCE.make()
        #expect(made.verifier.count == 43 && made != again, "43 characters, new each time")
        #expect(made.verifier.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    }

    @Test func formFieldsEscapeWhatIsNotUnreservedAndComeBack() {
        let fields = [
            ("redirect_uris", "http://127.0.0.1:5/callback\nurn:ietf:wg:oauth:2.0:oob"), ("scope", "read write"),
        ]
        let encoded = FormEncoding.encode(fields)
        #expect(
            encoded
                == "redirect_uris=http%3A%2F%2F127.0.0.1%3A5%2Fcallback%0Aurn%3Aietf%3Awg%3Aoauth%3A2.0%3Aoob&scope=read%20write"
        )
        let decoded = FormEncoding.decode(Substring(encoded))
        #expect(decoded.map(\.name) == ["redirect_uris", "scope"] && decoded.map(\.value) == fields.map(\.1))
        #expect(FormEncoding.decode("a=b+c&d=%4").map(\.value) == ["b c", "%4"], "+ is a space; a broken escape stays")
    }

    @Test func theRedirectGivesItsCodeOnlyWithThisSignInsState() throws {
        #expect(try MastodonSignIn.code(fromRedirect: "/callback?code=abc&state=s1", state: "s1").get() == "abc")
        for (target, reason) in [
            ("/callback?code=abc&state=other", "state did not match"),
            ("/callback?code=abc", "state did not match"),
            ("/callback?error=access_denied&error_description=The+resource+owner+denied&state=s1", "denied"),
            ("/callback?state=s1", "no code"),
            ("/favicon.ico", "not to the sign-in's redirect"),
        ] {
            guard case .failure(let refused) = MastodonSignIn.code(fromRedirect: target, state: "s1") else {
                Issue.record("\(target) was taken")
                continue
            }
            #expect(refused.description.contains(reason), "\(target): \(refused)")
        }
    }

    @Test func aServerIsAHostOrAnHTTPSURL() throws {
        #expect(try MastodonSignIn.server("mastodon.social") == "https://mastodon.social")
        #expect(try MastodonSignIn.server("https://Fosstodon.org/@ada") == "https://fosstodon.org")
        #expect(try MastodonSignIn.server(" 127.0.0.1:8443 ") == "https://127.0.0.1:8443")
        for typed in ["http://mastodon.social", "", "mastodon social", "@ada@mastodon.social", "https:///x"] {
            #expect(throws: SignInRefused.self, "\(typed)") { try MastodonSignIn.server(typed) }
        }
    }
}
