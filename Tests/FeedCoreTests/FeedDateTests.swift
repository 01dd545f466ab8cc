import Foundation
import Testing

@testable import FeedCore

/// One lenient date parser for every format: ISO 8601, and RFC 822 and 2822 as RSS (and
/// some JSON feeds) write them.
@Suite struct FeedDateTests {
    private func seconds(_ text: String) -> TimeInterval? {
        FeedDate.parse(text)?.timeIntervalSince1970
    }

    @Test(arguments: [
        ("2026-11-30T10:00:00Z", 1_796_032_800),
        ("2026-11-30T10:00:00.250Z", 1_796_032_800.25),
        ("2026-11-30T11:00:00+01:00", 1_796_032_800),
        // RFC 822 and 2822, and the ways feeds bend them.
        ("Mon, 30 Nov 2026 10:00:00 GMT", 1_796_032_800),
        ("Mon, 30 Nov 2026 10:00:00 +0000", 1_796_032_800),
        ("Mon, 30 Nov 2026 11:00:00 +0100", 1_796_032_800),
        ("Mon, 30 Nov 2026 05:00:00 EST", 1_796_032_800),
        ("Mon, 30 Nov 2026 02:00:00 PST", 1_796_032_800),
        ("30 Nov 2026 10:00 GMT", 1_796_032_800),
        ("Monday, 30 November 2026 10:00:00 UT", 1_796_032_800),
        ("mon, 30 nov 2026 10:00:00 z", 1_796_032_800),
        ("Mon, 30 Nov 2026 11:30:00 +01:30", 1_796_032_800),
        ("Mon,  30 Nov 2026  10:00:00", 1_796_032_800),  // no zone: UTC
        ("Sat, 07 Sep 02 00:00:01 GMT", 1_031_356_801),  // the RSS 2.0 specification's own example
        ("Thu, 01 Jan 1970 00:00:00 GMT", 0),
        ("Tue, 29 Feb 2028 12:00:00 GMT", 1_835_438_400),
    ])
    func datesAreRead(_ text: String, _ expected: TimeInterval) {
        #expect(seconds(text) == expected, "\(text)")
    }

    @Test(arguments: [
        "", "yesterday", "Mon, 32 Nov 2026 10:00:00 GMT", "Mon, 30 Foo 2026 10:00:00 GMT",
        "Mon, 30 Nov 2026 25:00:00 GMT", "Mon, 30 Nov 2026 10:00:00 +01", "30 Nov 2026",
    ])
    func nonsenseIsNoDate(_ text: String) {
        #expect(FeedDate.parse(text) == nil, "\(text)")
    }

    @Test func aJSONFeedWithAnRFC2822DateShowsItsTime() throws {
        let feed = try FeedDocumentDecoder.decode(
            Data(
                #"{"version":"https://jsonfeed.org/version/1","items":[{"id":"1","content_text":"x","date_published":"Mon, 30 Nov 2026 10:00:00 GMT"}]}"#
                    .utf8))
        #expect(feed.posts.first?.createdAt?.timeIntervalSince1970 == 1_796_032_800)
    }
}
