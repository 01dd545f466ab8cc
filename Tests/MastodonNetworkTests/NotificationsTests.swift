import Foundation
import TestSupport
import Testing

@testable import FeedCore
@testable import MastodonNetwork

/// Notifications as rows, from recorded answers (mastodon-api/SOURCES.md): a mention and a
/// status show their status; follows, sign-ups, favourites say who; what the server groups
/// is one row; a type not known is a plain row, never an error.
@Suite struct NotificationsTests {
    private func rows(_ name: String) throws -> [Post] {
        try FeedDocumentDecoder.decode(Fixtures.data("mastodon-api/\(name)")).posts
    }

    @Test func aMentionAndAStatusShowTheirStatus() throws {
        let mention = try #require(try rows("notifications_mention.json").first)
        #expect(mention.id == .string("20"))
        #expect(mention.author.handle == "admin")
        #expect(mention.content.contains("@mastodonpy_test"), "\(mention.content)")
        #expect(mention.statusID != nil, "the status, to reply to and favourite")
        let status = try #require(try rows("notifications_status.json").first)
        #expect(status.id == .string("9") && status.statusID != nil)
    }

    @Test func followsSayWhoEachOnARowOfItsOwn() throws {
        let follows = try rows("notifications_follow.json")
        #expect(follows.map(\.content) == ["Diego followed you", "Thomas followed you", "Emma(Xara nix) followed you"])
        #expect(
            follows.map(\.author.handle) == ["diegantobass", "thomasw@toot.community", "xaranix19@mastodon.social"])
        #expect(follows.first?.createdAt == FeedDate.parse("2025-07-17T11:54:21.836Z"))
    }

    @Test func whatTheServerGroupsIsOneRow() throws {
        // Three sign-ups the server gave one group key.
        let signUps = try rows("notifications_admin_sign_up.json")
        #expect(signUps.map(\.content) == ["mastodonpy_test_2 and 2 others signed up"])
        #expect(signUps.first?.id == .string("5"), "the newest's")
    }

    @Test func aFavouriteSaysWhoAndHowManyWithThePostsFirstLine() throws {
        // The recorded v2 group's two favourites, in v1's shape (as the loopback server
        // serves them): one row.
        let grouped =
            try JSONSerialization.jsonObject(
                with: Fixtures.data("mastodon-api/notifications_grouped.json")) as? [String: Any]
        let mention =
            try JSONSerialization.jsonObject(
                with: Fixtures.data("mastodon-api/notifications_mention.json")) as? [[String: Any]]
        let status = try #require((grouped?["statuses"] as? [Any])?.first)
        let accounts = [(grouped?["accounts"] as? [Any])?.first, mention?.first?["account"]]
        let page = try JSONSerialization.data(
            withJSONObject: accounts.enumerated().map { index, account in
                [
                    "id": "\(32 - index)", "type": "favourite", "created_at": "2026-08-01T13:52:23.230Z",
                    "group_key": "favourite-117020579695730951-495997", "account": account as Any, "status": status,
                ]
            })
        let rows = try FeedDocumentDecoder.decode(page).posts
        #expect(rows.count == 1)
        #expect(rows.first?.content.hasPrefix("♥ mastodonpy_test_2 and 1 other favourited: ") == true, "\(rows)")
        #expect(rows.first?.statusID == nil, "a row about the post, not the post")
    }

    @Test func everyTypeHasItsWordsAndAnUnknownOneAPlainRow() throws {
        let mention = try Fixtures.data("mastodon-api/notifications_mention.json")
        func retyped(_ type: String) throws -> Post? {
            let text = String(decoding: mention, as: UTF8.self).replacingOccurrences(
                of: "\"type\":\"mention\"", with: "\"type\":\"\(type)\"")
            return try FeedDocumentDecoder.decode(Data(text.utf8)).posts.first
        }
        #expect(try retyped("reblog")?.content.hasPrefix("↻ admin boosted: @mastodonpy_test") == true)
        #expect(try retyped("follow_request")?.content == "admin asked to follow you")
        #expect(try retyped("poll")?.content.hasPrefix("☰ A poll has ended: ") == true)
        #expect(try retyped("update")?.content.hasPrefix("✎ admin edited a post: ") == true)
        #expect(try retyped("annual_report")?.content.hasPrefix("admin: annual_report: ") == true)
    }

    @Test func theFormatIsKnownFromTheShapeAndNamedWithFormat() throws {
        let data = try Fixtures.data("mastodon-api/notifications_follow.json")
        #expect(try FeedDocumentDecoder.decode(data, format: .notifications).posts.count == 3)
        // Statuses are not notifications: their first element has content.
        let statuses = try FeedDocumentDecoder.decode(Fixtures.data("mastodon-api/timelines_home.json"))
        #expect(statuses.posts.count == 13 && statuses.posts.first?.content == "Toot!")
        #expect(throws: Failure.self) {
            try FeedDocumentDecoder.decode(Data(#"{"id":"1"}"#.utf8), format: .notifications)
        }
    }
}
