import FeedTransport
import Testing

@testable import MastodonNetwork

/// The parts of posting that need no server: the `Idempotency-Key`.
@Suite struct PostingPartsTests {
    @Test func aKeyIsSixteenRandomBytesInHexTwoDigitsEach() throws {
        #expect(MastodonPosting.hex([0x00, 0x0F, 0xA0, 0xFF]) == "000fa0ff")
        let posting = MastodonPosting(
            actor: .init(server: "https://mastodon.example", token: "t", name: "@me", resolves: false),
            client: HTTPClient())
        let keys = (0..<4).map { _ in posting.newKey() }
        #expect(keys.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
        #expect(Set(keys).count == 4)
    }
}
