import Foundation
import TestSupport
import Testing

@testable import FeedCore
@testable import WebFeedNetwork

/// A JSON Feed's attachments, as rows show them.
@Suite struct JSONFeedAttachmentTests {
    @Test func jsonFeedAttachmentsTakeTheirKindFromTheMIMEType() throws {
        let json = #"""
            {"version":"https://jsonfeed.org/version/1.1","items":[{"id":"1","content_text":"Episode",
            "attachments":[{"url":"https://e.org/1.mp3","mime_type":"audio/mpeg","title":"Episode 1"},
            {"url":"https://e.org/1.pdf","mime_type":"application/pdf"}]}]}
            """#
        let post = try #require(try FeedDocumentDecoder.decode(Data(json.utf8)).posts.first)
        #expect(
            post.attachments == [
                Attachment(kind: .audio, description: "Episode 1", url: "https://e.org/1.mp3"),
                Attachment(kind: .file, url: "https://e.org/1.pdf"),
            ])
    }
}
