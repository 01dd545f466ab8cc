import Foundation
import Testing

@testable import FeedCore
@testable import MastodonNetwork

/// Where a Mastodon row's pictures come from: the still avatar, and the media's sizes.
@Suite struct MastodonPictureSourcesTests {
    @Test func mastodonGivesItsStillAvatarAndTheSizeOfItsMedia() throws {
        let document = """
            [{"id": "1", "created_at": "2026-11-29T10:00:00Z", "content": "<p>Hi</p>", "favourites_count": 0,
              "account": {"username": "ada", "acct": "ada", "avatar": "https://m.example/a.gif",
                          "avatar_static": "https://m.example/a.png"},
              "media_attachments": [{"type": "image", "url": "https://m.example/o.jpg",
                "preview_url": "https://m.example/s.jpg", "description": "A door", "blurhash": "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
                "meta": {"original": {"width": 1200, "height": 800}, "small": {"width": 400, "height": 267}}}]}]
            """
        let post = try #require(try FeedDocumentDecoder.decode(Data(document.utf8)).posts.first)
        #expect(post.author.avatarURL == "https://m.example/a.png", "the still picture, not the GIF")
        let picture = try #require(post.attachments.first.flatMap(RowPicture.init))
        #expect(picture.url == "https://m.example/s.jpg", "the preview: cells need no more")
        #expect(abs(picture.aspect - 1.5) < 0.001 && picture.blurhash == "LEHV6nWB2yk8pyo0adR*.7kCMdnj")
    }
}
