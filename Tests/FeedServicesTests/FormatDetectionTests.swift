import FeedCore
import Foundation
import NetworkRegistry
import Testing

/// A document of no named format is every network's to claim, in the registry's order: a
/// Mastodon status, our own posts, a JSON Feed each known by its shape; a format named is
/// held to its shape.
@Suite struct FormatDetectionTests {
    private func decode(_ json: String, _ format: String? = nil) throws(Failure) -> Feed {
        try FeedDocumentDecoder.decode(Data(json.utf8), formats: NetworkRegistry.formats.json, asked: format)
    }

    private static let status =
        #"{"id":"1","created_at":"2026-01-01T00:00:00Z","content":"<p>x</p>","account":{"username":"a","acct":"a"},"favourites_count":1}"#
    private static let post =
        #"{"id":1,"author":{"name":"A"},"content":"x","likes":1,"created_at":"2026-01-01T00:00:00Z"}"#

    @Test func detectsEachFormatFromItsShape() throws {
        #expect(try decode("[\(Self.status)]").posts.first?.content == "x")
        #expect(try decode("[\(Self.post)]").posts.first?.id == .number(1))
        #expect(try decode(#"{"posts":[\#(Self.post)]}"#).posts.count == 1)
        #expect(
            try decode(#"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"9","content_text":"y"}]}"#).posts
                .first?.id == .string("9"))
    }

    /// Mastodon's notifications have an account and a type and no text of their own: an
    /// array of objects that are neither, without text, is ours, and said as ours.
    @Test func anArrayWithoutTextIsNotTakenForNotifications() throws {
        #expect(throws: Failure.self) { try decode(#"[{"id":2,"author":{"name":"B"},"title":"T","likes":0}]"#) }
        do {
            _ = try decode(#"[{"id":2,"author":{"name":"B"},"title":"T","likes":0}]"#)
        } catch {
            #expect(error.message == "no post could be read; post 1: content is missing", "ours, and why not")
        }
        let notification =
            #"{"id":"9","type":"follow","created_at":"2026-01-01T00:00:00Z","account":{"username":"a","acct":"a"}}"#
        #expect(try decode("[\(notification)]").posts.first?.network?.rawValue == "mastodon")
    }

    @Test func anExplicitFormatIsHeldToItsShape() {
        #expect(throws: Failure.unexpectedShape("expected a JSON Feed (an object with \"items\"), found an array")) {
            try decode("[]", "jsonfeed")
        }
        #expect(throws: Failure.unexpectedShape("expected Mastodon statuses, found an object that is not one")) {
            try decode(#"{"posts":[]}"#, "mastodon")
        }
        #expect(throws: Failure.unexpectedShape("expected an object with \"items\"")) {
            try decode(#"{"posts":[]}"#, "jsonfeed")
        }
    }

    @Test func anEmptyListIsAnEmptyFeed() throws {
        #expect(try decode("[]").posts.isEmpty)
        #expect(try decode(#"{"posts":[]}"#).posts.isEmpty)
    }
}
