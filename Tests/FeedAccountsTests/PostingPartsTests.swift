import Testing

@testable import FeedAccounts

/// The parts of posting that need no server: the `Idempotency-Key`.
@Suite struct PostingPartsTests {
    @Test func aKeyIsSixteenRandomBytesInHexTwoDigitsEach() throws {
        #expect(MastodonPosting.hex([0x00, 0x0F, 0xA0, 0xFF]) == "000fa0ff")
        let keys = try (0..<4).map { _ in try MastodonPosting.newKey() }
        #expect(keys.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
        #expect(Set(keys).count == 4)
    }
}
