import Foundation
import Testing

@testable import FeedCore

/// Where a row's pictures come from in JSON: Mastodon's still avatar and media sizes,
/// JSON Feed's avatars, `image`, and its icon for authors with no picture.
@Suite struct PictureSourcesTests {
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

    @Test func jsonFeedAvatarsImagesAndItsIcon() throws {
        let document = """
            {"version": "https://jsonfeed.org/version/1.1", "title": "Pictures", "icon": "https://j.example/icon.png",
             "items": [
               {"id": "1", "content_text": "By Ada", "authors": [{"name": "Ada", "avatar": "https://j.example/ada.png"}],
                "image": "https://j.example/hero.jpg"},
               {"id": "2", "content_text": "By Ben", "authors": [{"name": "Ben"}],
                "image": "https://j.example/same.jpg",
                "attachments": [{"url": "https://j.example/same.jpg", "mime_type": "image/jpeg", "title": "Same"}]}
             ]}
            """
        let posts = try FeedDocumentDecoder.decode(Data(document.utf8)).posts
        #expect(posts[0].author.avatarURL == "https://j.example/ada.png")
        #expect(posts[0].attachments == [Attachment(kind: .image, url: "https://j.example/hero.jpg")])
        #expect(posts[1].author.avatarURL == "https://j.example/icon.png", "no picture of his own: the feed's icon")
        #expect(posts[1].attachments.count == 1, "an image that is also an attachment counts once")
    }

    @Test func onlyWebPicturesAreLoaded() {
        #expect(RowPicture(Attachment(kind: .image, url: "file:///etc/passwd")) == nil)
        #expect(RowPicture(Attachment(kind: .audio, url: "https://a.example/x.mp3")) == nil)
        #expect(
            RowPicture(Attachment(kind: .video, url: "https://a.example/x.mp4")) == nil, "a video without a preview")
        #expect(
            RowPicture(
                Attachment(kind: .video, url: "https://a.example/x.mp4", thumbnailURL: "https://a.example/x.jpg"))?.url
                == "https://a.example/x.jpg")
        let content = RowContent(
            post: Post(
                id: .string("1"), author: Author(name: "A", avatarURL: "ftp://a.example/a.png"), content: "",
                likes: nil, createdAt: nil),
            now: Date(), pictures: true)
        #expect(content.avatarPicture == nil)
    }
}
