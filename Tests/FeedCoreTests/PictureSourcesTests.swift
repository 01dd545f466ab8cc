import Foundation
import Testing

@testable import FeedCore

/// Where a row's pictures come from in JSON: Mastodon's still avatar and media sizes,
/// JSON Feed's avatars, `image`, and its icon for authors with no picture.
@Suite struct PictureSourcesTests {

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
